import type { Selectable } from "kysely";
import { writeEdited } from "./revision";
import { pickedProducts, type MenuTime, type PickedProduct } from "../catalog/menu";
import { now, wallClock } from "../clock";
import type { Language } from "../config";
import { constants } from "../constants";
import { couponImage } from "../coupons/listing";
import { type Database, isUniqueViolation } from "../db/client";
import type { CampaignsTable, I18nText } from "../db/types";
import { fallbackLanguage, localize } from "../i18n/text";
import { type ReadOptions, contentCache } from "./cache";
import { isCampaignName, isImagePath } from "./links";
import { renderMarkdown } from "./markdown";
import { isShowing, type Schedule } from "./schedule";
import { setSwitch } from "./switch";

/**
 * Campaigns (issue 14 points 3 and 8; spec: /campaign/:campaignName and the `campaigns` menu slug): a landing page
 * with its picture, title and summary, its products (the catalogue's, with the catalogue's prices), its coupons
 * (those of the coupons table that are active) and its terms (its own Markdown, rendered and sanitised like the
 * content pages, beside the link to the campaigns' terms). Shown while active and inside its schedule; otherwise the
 * page is a 404 and the lists leave it out. /order/campaigns and the home page list the current ones as cards.
 */
export const CAMPAIGN_PICTURE = { width: 1200, height: 480 };
export const TERMS_MAX = 20_000;

/** A current campaign as a card (home page, /order/campaigns), in one language. */
export interface CampaignCard {
  name: string;
  href: string;
  title: string;
  summary: string;
  image: string;
  alt: string;
  width: number;
  height: number;
  /** the last calendar day it runs, in the chain's time zone ("2027-01-31"), or null: no announced end */
  lastDay: string | null;
  /** the title's and summary's language when they are not in the visitor's (untranslated: the fallback's) */
  lang?: Language;
}

export interface CampaignCoupon {
  code: string;
  name: string;
  image: string;
}

export interface CampaignPage extends CampaignCard {
  products: PickedProduct[];
  coupons: CampaignCoupon[];
  /** its own terms, rendered; null when it has none */
  termsHtml: string | null;
  /** the terms' language when they are not in the visitor's */
  termsLang?: Language;
}

type Row = Selectable<CampaignsTable>;

const rows = contentCache<Row[]>();

/** Every active campaign, in order (a copy per process while the content's version holds: the home page reads them on every request). */
function activeRows(db: Database, options: ReadOptions): Promise<Row[]> {
  return rows.read(db, "active", () => db.selectFrom("campaigns").selectAll().where("active", "=", true).orderBy("sort_order").orderBy("id").execute(), options);
}

const textIn = (text: Partial<I18nText> | null | undefined, lng: Language): string => localize({ es: "", ...text } as I18nText, lng);

function card(row: Row, lng: Language): CampaignCard {
  return {
    name: row.name,
    href: `/campaign/${row.name}`,
    title: textIn(row.title, lng),
    summary: textIn(row.summary, lng),
    image: row.image,
    alt: textIn(row.alt, lng),
    ...CAMPAIGN_PICTURE,
    // ends_at is the first instant it no longer runs: its last day is the day of the instant before.
    lastDay: row.ends_at ? wallClock(new Date(new Date(row.ends_at).getTime() - 1), constants.defaultTimeZone).date : null,
    lang: fallbackLanguage(row.title, lng),
  };
}

/** The campaigns showing at `at`, as cards. */
export async function currentCampaigns(db: Database, lng: Language, at: Date = now(), options: ReadOptions = {}): Promise<CampaignCard[]> {
  return (await activeRows(db, options)).filter((row) => isShowing(row, at) && isImagePath(row.image)).map((row) => card(row, lng));
}

/** The names of the campaigns whose page is served at `at` (a banner linking to another is not shown: banners.ts). */
export async function showingCampaignNames(db: Database, at: Date = now(), options: ReadOptions = {}): Promise<Set<string>> {
  return new Set((await activeRows(db, options)).filter((row) => isShowing(row, at) && isImagePath(row.image)).map((row) => row.name));
}

/** A campaign's page at `when` (the menu's time, for the products' availability), or null: unknown, paused or not showing. */
export async function campaignPage(
  db: Database,
  name: string,
  lng: Language,
  when: MenuTime = { at: now(), timeZone: constants.defaultTimeZone },
  options: ReadOptions = {},
): Promise<CampaignPage | null> {
  if (!isCampaignName(name)) return null;
  const at = now();
  const row = (await activeRows(db, options)).find((r) => r.name === name);
  if (!row || !isShowing(row, at) || !isImagePath(row.image)) return null;
  return pageOf(db, row, lng, when);
}

/** A campaign's page built from its values (a row, or a manager's form being previewed: nothing is saved). */
async function pageOf(db: Database, row: Row, lng: Language, when: MenuTime): Promise<CampaignPage> {
  const [products, coupons] = await Promise.all([
    pickedProducts(db, lng, { skus: row.product_skus }, when),
    row.coupon_codes.length
      ? db.selectFrom("coupons").select(["code", "name", "image", "type"]).where("code", "in", row.coupon_codes).where("active", "=", true).execute()
      : [],
  ]);
  coupons.sort((a, b) => row.coupon_codes.indexOf(a.code) - row.coupon_codes.indexOf(b.code));
  const terms = textIn(row.terms, lng).trim();
  return {
    ...card(row, lng),
    products,
    coupons: coupons.map((c) => ({ code: c.code, name: localize(c.name as I18nText, lng), image: couponImage(c.image, c.type, lng) })),
    termsHtml: terms ? renderMarkdown(terms) : null,
    termsLang: terms ? fallbackLanguage(row.terms, lng) : undefined,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The managers' side (/store/campaigns)

export interface CampaignValues extends Schedule {
  name: string;
  title: I18nText;
  summary: Partial<I18nText>;
  terms: Partial<I18nText>;
  image: string;
  alt: I18nText;
  productSkus: string[];
  couponCodes: string[];
  sortOrder: number;
}

export interface AdminCampaign extends CampaignValues {
  id: number;
  active: boolean;
  updatedAt: Date;
}

const toAdmin = (row: Row): AdminCampaign => ({
  id: row.id,
  name: row.name,
  title: row.title,
  summary: row.summary,
  terms: row.terms,
  image: row.image,
  alt: row.alt,
  productSkus: row.product_skus,
  couponCodes: row.coupon_codes,
  sortOrder: row.sort_order,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  active: row.active,
  updatedAt: row.updated_at,
});

export async function listCampaigns(db: Database): Promise<AdminCampaign[]> {
  return (await db.selectFrom("campaigns").selectAll().orderBy("sort_order").orderBy("id").execute()).map(toAdmin);
}

export async function campaignById(db: Database, id: number): Promise<AdminCampaign | null> {
  const row = await db.selectFrom("campaigns").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toAdmin(row) : null;
}

/** The skus and codes a campaign may name: the catalogue's products and the coupons table's codes (the form's choices). */
export async function campaignChoices(db: Database, lng: Language) {
  const [products, coupons] = await Promise.all([
    db.selectFrom("products").select(["sku", "name"]).where("active", "=", true).orderBy("sku").execute(),
    db.selectFrom("coupons").select(["code", "name"]).orderBy("code").execute(),
  ]);
  return {
    products: products.map((p) => ({ sku: p.sku, name: localize(p.name as I18nText, lng) })),
    coupons: coupons.map((c) => ({ code: c.code, name: localize(c.name as I18nText, lng) })),
  };
}

export type SaveCampaignOutcome =
  | { ok: true; id: number }
  | { ok: false; problem: "missing" | "changed" | "nameTaken" | "unknownProducts" | "unknownCoupons"; unknown?: string[] };

/**
 * A manager's save: a new campaign, or the campaign `id`. Refused when its name is another campaign's, or when it
 * names products or coupons that do not exist (the form's choices can be out of date), or when the campaign is no longer
 * at the editor's `revision` ("changed": server/content/revision.ts); customers see it at once here.
 */
export async function saveCampaign(
  db: Database,
  save: { id?: number; values: CampaignValues; staffId: number | null; now: Date; revision?: string },
): Promise<SaveCampaignOutcome> {
  const v = save.values;
  const [products, coupons] = await Promise.all([
    v.productSkus.length ? db.selectFrom("products").select("sku").where("sku", "in", v.productSkus).execute() : [],
    v.couponCodes.length ? db.selectFrom("coupons").select("code").where("code", "in", v.couponCodes).execute() : [],
  ]);
  const unknownProducts = v.productSkus.filter((sku) => !products.some((p) => p.sku === sku));
  if (unknownProducts.length) return { ok: false, problem: "unknownProducts", unknown: unknownProducts };
  const unknownCoupons = v.couponCodes.filter((code) => !coupons.some((c) => c.code === code));
  if (unknownCoupons.length) return { ok: false, problem: "unknownCoupons", unknown: unknownCoupons };
  const columns = {
    name: v.name,
    title: JSON.stringify(v.title),
    summary: JSON.stringify(v.summary),
    terms: JSON.stringify(v.terms),
    image: v.image,
    alt: JSON.stringify(v.alt),
    product_skus: v.productSkus,
    coupon_codes: v.couponCodes,
    sort_order: v.sortOrder,
    starts_at: v.startsAt,
    ends_at: v.endsAt,
    updated_at: save.now,
    updated_by: save.staffId,
  };
  let written: number | "changed" | null;
  try {
    written = await writeEdited(db, "campaigns", columns, save);
  } catch (error) {
    // Another campaign has this name (the unique index decides, also between two managers saving at once).
    if (isUniqueViolation(error)) return { ok: false, problem: "nameTaken" };
    throw error;
  }
  if (typeof written === "number") return { ok: true, id: written };
  return { ok: false, problem: written ?? "missing" };
}


/** Pause or resume: false when there is no such campaign. */
export async function setCampaignActive(db: Database, change: { id: number; active: boolean; staffId: number | null; now: Date }): Promise<boolean> {
  return setSwitch(db, "campaigns", { key: change.id, on: change.active, staffId: change.staffId, now: change.now });
}

/**
 * A manager's preview (/store/campaigns/:id, "Vista previa"): the page customers would see with these values, in
 * `lng`, whatever its schedule or state; nothing is saved. Unknown products and coupons are simply left out.
 */
export function campaignPreview(db: Database, values: CampaignValues, lng: Language, when: MenuTime = { at: now(), timeZone: constants.defaultTimeZone }): Promise<CampaignPage> {
  const at = now();
  const row: Row = {
    id: 0,
    name: values.name,
    title: values.title,
    summary: values.summary,
    terms: values.terms,
    image: values.image,
    alt: values.alt,
    product_skus: values.productSkus,
    coupon_codes: values.couponCodes,
    sort_order: values.sortOrder,
    starts_at: values.startsAt,
    ends_at: values.endsAt,
    active: true,
    updated_at: at,
    updated_by: null,
  } as Row;
  return pageOf(db, row, lng, when);
}
