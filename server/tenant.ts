import { z } from "zod";
import * as file from "../tenant.config";

/**
 * The tenant: the chain this storefront sells for (issue 14 point 7; spec section 7's tenant config call and section
 * 9's constants). One file, `tenant.config.ts` at the project's root, holds its brand (name per language, legal
 * name, logo, colours), its customer-care phone, currency and tax; every page, mail and text takes them from here.
 * The file is read when the app is BUILT (the browser's price formatting takes the currency from it too), so a
 * deployment for another chain edits the file and builds; the demo chain is the fictional Horno Rojo Pizza.
 * Validated once, at import: a broken file stops the build's first start with the field at fault.
 */
const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, "a colour as #rrggbb");
const localPath = z.string().regex(/^\/[A-Za-z0-9/_.-]+$/, "a path under public/, e.g. /images/logo.svg");

export const tenantSchema = z
  .object({
    name: z.object({ es: z.string().min(1).max(60), en: z.string().min(1).max(60), ar: z.string().min(1).max(60) }).strict(),
    legalName: z.string().min(1).max(120),
    logo: z.object({ src: localPath, width: z.number().int().positive(), height: z.number().int().positive() }).strict(),
    colours: z.object({ brand: hex, brandDark: hex }).strict(),
    customerCarePhone: z.string().regex(/^\+?[0-9 ()-]{8,30}$/),
    currency: z.object({ code: z.string().regex(/^[A-Z]{3}$/), symbol: z.string().min(1).max(4), decimals: z.number().int().min(0).max(3) }).strict(),
    taxPercent: z.number().min(0).max(100),
    country: z.string().regex(/^[A-Z]{2}$/),
    mailFrom: z.string().min(3).max(200),
  })
  .strict();

export type Tenant = z.infer<typeof tenantSchema>;

export const tenant: Tenant = tenantSchema.parse({ ...file });
