import { z } from "zod";
import { CAMPAIGN_NAME, isImagePath } from "#server/content/links";
import { optionalText, orderAndSchedule } from "./banner-schema";

/**
 * A campaign's form (/store/campaigns/:id, managers only), shared by the browser (conform's inline errors) and the
 * server. Messages are keys of the "store" namespace (the banners' where they say the same). The server reads the
 * local date-times in the chain's time zone and checks that the products and coupons exist (saveCampaign).
 */
// Checkbox groups: none ticked is an empty list; each value a plain code of letters, digits, "-" and "_" (never a
// control character, which Postgres text cannot hold: the fuzz found a NUL answered 500); the server checks it exists.
const codes = z
  .array(z.string().trim().min(1).max(64, "store:campaigns.v.choice").regex(/^[A-Za-z0-9_-]+$/, "store:campaigns.v.choice"))
  .max(100, "store:campaigns.v.choice")
  .default([]);
/** server/content/campaigns.ts's TERMS_MAX (that module reads the database: not for the browser). */
const TERMS_MAX = 20_000;

export const campaignFormSchema = z.object({
  intent: z.enum(["save", "preview"]),
  name: z.string({ required_error: "store:campaigns.v.name" }).trim().regex(CAMPAIGN_NAME, "store:campaigns.v.name"),
  titleEs: z.string({ required_error: "store:campaigns.v.titleRequired" }).trim().min(1, "store:campaigns.v.titleRequired").max(120, "store:banners.v.tooLong"),
  titleEn: optionalText(120),
  titleAr: optionalText(120),
  summaryEs: optionalText(300),
  summaryEn: optionalText(300),
  summaryAr: optionalText(300),
  termsEs: optionalText(TERMS_MAX),
  termsEn: optionalText(TERMS_MAX),
  termsAr: optionalText(TERMS_MAX),
  image: z.string({ required_error: "store:banners.v.image" }).trim().refine(isImagePath, "store:banners.v.image"),
  altEs: z.string({ required_error: "store:banners.v.altRequired" }).trim().min(1, "store:banners.v.altRequired").max(200, "store:banners.v.tooLong"),
  altEn: optionalText(200),
  altAr: optionalText(200),
  productSkus: codes,
  couponCodes: codes,
  ...orderAndSchedule,
});
export type CampaignForm = z.infer<typeof campaignFormSchema>;

/** Pause or resume a campaign (the list's buttons): the banners' schema. */
