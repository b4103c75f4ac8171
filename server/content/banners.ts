import type { Selectable } from "kysely";
import { writeEdited } from "./revision";
import { now } from "../clock";
import type { Language } from "../config";
import type { Database } from "../db/client";
import type { BannersTable, I18nText } from "../db/types";
import { fallbackLanguage, localize } from "../i18n/text";
import { type ReadOptions, contentCache } from "./cache";
import { showingCampaignNames } from "./campaigns";
import { isImagePath, siteLink } from "./links";
import { setSwitch } from "./switch";
import { isShowing, type Schedule } from "./schedule";

/**
 * Banners (issue 14 points 3 and 8; spec: the banner positions call): pictures at a position of the site, on a
 * schedule. `home_hero` heads the home page (the first one large, the others after it); `menu_top` sits above the
 * menu's products (the first one only). Each has, per language, its alt text, an optional headline and a link to
 * this site (server/content/links.ts); a language without its own text shows the Spanish one (Arabic: English first).
 */
export const BANNER_POSITIONS = ["home_hero", "menu_top"] as const;
export type BannerPosition = (typeof BANNER_POSITIONS)[number];
export const isBannerPosition = (value: unknown): value is BannerPosition => BANNER_POSITIONS.includes(value as BannerPosition);

/** The pictures' intrinsic sizes (the demo SVGs' viewBoxes): the page reserves their room before they load. */
export const BANNER_SIZE: Record<BannerPosition, { width: number; height: number }> = {
  home_hero: { width: 1200, height: 480 },
  menu_top: { width: 1200, height: 200 },
};

/** A banner as customers see it, in one language. */
export interface ShownBanner {
  id: number;
  image: string;
  width: number;
  height: number;
  alt: string;
  title: string | null;
  /** this site's path, or null: a picture without a link */
  href: string | null;
  /** the title's (or, without one, the picture's text's) language when it is not the visitor's: untranslated */
  lang?: Language;
}

type Row = Selectable<BannersTable>;

/** Every active banner of a position, in order; customer pages read them on every request: a copy per process while the content's version holds. */
const rows = contentCache<Row[]>();

function activeRows(db: Database, position: BannerPosition, options: ReadOptions): Promise<Row[]> {
  return rows.read(
    db,
    position,
    () => db.selectFrom("banners").selectAll().where("position", "=", position).where("active", "=", true).orderBy("sort_order").orderBy("id").execute(),
    options,
  );
}

/** Text of one language with the house's fallbacks, or null when even Spanish has none. */
function textIn(text: Partial<I18nText> | null | undefined, lng: Language): string | null {
  if (!text?.es && !text?.en && !text?.ar) return null;
  return localize({ es: "", ...text } as I18nText, lng) || null;
}

/** The campaign a site path opens (`/campaign/<name>`), or null. */
const campaignOf = (href: string | null) => (href ? (/^\/campaign\/([^/?#]+)/.exec(href)?.[1] ?? null) : null);

/**
 * The banners of a position showing at `at` (the clock's now), in the visitor's language. A banner that advertises a
 * campaign (links to `/campaign/<name>`) shows only while that campaign's page is served: paused or ended, its
 * banner would lead to a 404 (content review, 2026-11-29), so it goes with it.
 */
export async function currentBanners(db: Database, position: BannerPosition, lng: Language, at: Date = now(), options: ReadOptions = {}): Promise<ShownBanner[]> {
  const size = BANNER_SIZE[position];
  const shown = (await activeRows(db, position, options))
    .filter((row) => isShowing(row, at) && isImagePath(row.image))
    .map((row) => {
      const link = textIn(row.link, lng);
      const title = textIn(row.title, lng);
      return {
        id: row.id,
        image: row.image,
        ...size,
        alt: textIn(row.alt, lng) ?? "",
        title,
        href: link ? siteLink(link) : null,
        lang: fallbackLanguage(title ? row.title : row.alt, lng),
      };
    });
  if (!shown.some((banner) => campaignOf(banner.href))) return shown;
  const running = await showingCampaignNames(db, at, options);
  return shown.filter((banner) => {
    const campaign = campaignOf(banner.href);
    return campaign === null || running.has(campaign);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The managers' side (/store/banners)

export interface BannerValues extends Schedule {
  position: BannerPosition;
  image: string;
  alt: I18nText;
  title: Partial<I18nText>;
  link: Partial<I18nText>;
  sortOrder: number;
}

export interface AdminBanner extends BannerValues {
  id: number;
  active: boolean;
  updatedAt: Date;
}

const toAdmin = (row: Row): AdminBanner => ({
  id: row.id,
  position: isBannerPosition(row.position) ? row.position : "home_hero",
  image: row.image,
  alt: row.alt,
  title: row.title,
  link: row.link,
  sortOrder: row.sort_order,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  active: row.active,
  updatedAt: row.updated_at,
});

export async function listBanners(db: Database): Promise<AdminBanner[]> {
  const all = await db.selectFrom("banners").selectAll().orderBy("position").orderBy("sort_order").orderBy("id").execute();
  return all.map(toAdmin);
}

export async function bannerById(db: Database, id: number): Promise<AdminBanner | null> {
  const row = await db.selectFrom("banners").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toAdmin(row) : null;
}

/**
 * A manager's save: a new banner (its id), or the banner `id` (null when there is none; "changed" when it is no longer
 * at the editor's `revision`: server/content/revision.ts); customers see it at once here.
 */
export async function saveBanner(
  db: Database,
  save: { id?: number; values: BannerValues; staffId: number | null; now: Date; revision?: string },
): Promise<number | null | "changed"> {
  const v = save.values;
  const columns = {
    position: v.position,
    image: v.image,
    alt: JSON.stringify(v.alt),
    title: JSON.stringify(v.title),
    link: JSON.stringify(v.link),
    sort_order: v.sortOrder,
    starts_at: v.startsAt,
    ends_at: v.endsAt,
    updated_at: save.now,
    updated_by: save.staffId,
  };
  return writeEdited(db, "banners", columns, save);
}

/** Pause or resume: false when there is no such banner. */
export async function setBannerActive(db: Database, change: { id: number; active: boolean; staffId: number | null; now: Date }): Promise<boolean> {
  return setSwitch(db, "banners", { key: change.id, on: change.active, staffId: change.staffId, now: change.now });
}
