import type { Language } from "#server/constants";
import { NEW_ITEM, nextRevision } from "./revision";
import { sql } from "kysely";
import type { Database } from "#server/db/client";
import { type ReadOptions, contentCache } from "#server/content/cache";
import { renderMarkdown } from "#server/content/markdown";

/**
 * The content pages (issue 14 point 1; spec section 7's tenant contents and content types): per type and language,
 * a title and a Markdown body in `content_pages`, rendered to sanitised HTML on the server. The spec's two names for
 * the member rules (the tenant content `user_member_rules` and the content type `membership_information`) are one
 * page here, /membership. `footer` has no page of its own: every page's footer shows it.
 */
export const CONTENT_PAGES = {
  term_and_condition: "/terms",
  faq: "/faq",
  privacy_policy: "/privacy",
  delivery_policy: "/conditions",
  user_member_rules: "/membership",
  cmn_commercial_transactions: "/indication-based",
  campaigns_term_and_condition: "/campaigns-term-and-condition",
  promotions: "/promotions",
  footer: null,
} as const;

export type ContentType = keyof typeof CONTENT_PAGES;
export const CONTENT_TYPES = Object.keys(CONTENT_PAGES) as ContentType[];
export const isContentType = (value: unknown): value is ContentType => typeof value === "string" && Object.hasOwn(CONTENT_PAGES, value);

/** The language a page is shown in when the visitor's is missing: the chain's own (spec: default language es). */
export const FALLBACK_LANGUAGE: Language = "es";

export const TITLE_MAX = 120;
export const BODY_MAX = 50_000;

/**
 * The footer as every page shows it: its list of links (`- [label](path)` lines of its Markdown, so the page can make
 * them client-side links) and the rest of its text, rendered. Links to other sites stay plain links.
 */
export type FooterContent = { lng: Language; links: { label: string; href: string }[]; html: string };

const FOOTER_LINK = /^\s*[-*]\s+\[([^\]\n]{1,80})\]\(((?:\/(?!\/)|https:\/\/)[^\s()]{0,300})\)\s*$/;

export function splitFooter(source: string): { links: { label: string; href: string }[]; rest: string } {
  const links: { label: string; href: string }[] = [];
  const rest: string[] = [];
  for (const line of source.split("\n")) {
    const link = FOOTER_LINK.exec(line);
    if (link) links.push({ label: link[1]!.trim(), href: link[2]! });
    else rest.push(line);
  }
  return { links, rest: rest.join("\n").trim() };
}

const footers = contentCache<FooterContent | null>();

export function footerContent(db: Database, lng: Language, options: ReadOptions = {}): Promise<FooterContent | null> {
  return footers.read(
    db,
    lng,
    async () => {
      const source = await sourceIn(db, "footer", lng);
      if (!source) return null;
      const { links, rest } = splitFooter(source.body);
      return { lng: source.lng, links, html: renderMarkdown(rest) };
    },
    options,
  );
}

/** The stored text in `lng`, or in the fallback language. */
async function sourceIn(db: Database, type: ContentType, lng: Language) {
  const rows = await db
    .selectFrom("content_pages")
    .select(["lng", "title", "body", "updated_at"])
    .where("type", "=", type)
    .where("lng", "in", [lng, FALLBACK_LANGUAGE])
    .execute();
  const row = rows.find((r) => r.lng === lng) ?? rows.find((r) => r.lng === FALLBACK_LANGUAGE);
  return row ? { ...row, lng: row.lng as Language } : null;
}

/** A page as customers see it; `lng` is the language of its text (the fallback's when the asked one is missing). */
export type RenderedContent = { type: ContentType; lng: Language; title: string; html: string; updatedAt: string };

/** Customer pages read these on every request (the footer on all of them): a copy per process while the content's version holds. */
const cache = contentCache<RenderedContent | null>();

export function contentPage(db: Database, type: ContentType, lng: Language, options: ReadOptions = {}): Promise<RenderedContent | null> {
  return cache.read(
    db,
    `${type}:${lng}`,
    async () => {
      const row = await sourceIn(db, type, lng);
      if (!row) return null;
      return { type, lng: row.lng, title: row.title, html: renderMarkdown(row.body), updatedAt: new Date(row.updated_at).toISOString() };
    },
    options,
  );
}

/** Every page and language that has a text, for the console's list (missing languages show as such). */
export async function listContent(db: Database): Promise<{ type: ContentType; lng: Language; title: string; updatedAt: string }[]> {
  const rows = await db.selectFrom("content_pages").select(["type", "lng", "title", "updated_at"]).orderBy("type").orderBy("lng").execute();
  return rows
    .filter((r) => isContentType(r.type))
    .map((r) => ({ type: r.type as ContentType, lng: r.lng as Language, title: r.title, updatedAt: new Date(r.updated_at).toISOString() }));
}

/** The text a manager edits: the stored title and Markdown, or empty for a language not written yet. */
export async function contentSource(db: Database, type: ContentType, lng: Language): Promise<{ title: string; body: string; updatedAt: string | null }> {
  const row = await db.selectFrom("content_pages").select(["title", "body", "updated_at"]).where("type", "=", type).where("lng", "=", lng).executeTakeFirst();
  return row ? { title: row.title, body: row.body, updatedAt: new Date(row.updated_at).toISOString() } : { title: "", body: "", updatedAt: null };
}

/**
 * A manager's save: the page's text in one language, customers see it at once in this process. With the editor's
 * `revision` (server/content/revision.ts) the text is saved only over that revision, else "changed".
 */
export async function saveContent(
  db: Database,
  page: { type: ContentType; lng: Language; title: string; body: string; staffId: number | null; now: Date; revision?: string },
): Promise<"saved" | "changed"> {
  const values = { title: page.title, body: page.body, updated_at: page.now, updated_by: page.staffId };
  const revision = page.revision;
  const row = await db
    .insertInto("content_pages")
    .values({ type: page.type, lng: page.lng, ...values })
    .onConflict((oc) => {
      // Loaded as not written yet (NEW_ITEM): saved only while it still is not.
      if (revision === NEW_ITEM) return oc.columns(["type", "lng"]).doNothing();
      const update = oc.columns(["type", "lng"]).doUpdateSet({ ...values, updated_at: nextRevision("content_pages", page.now) });
      return revision === undefined ? update : update.where(sql<boolean>`date_trunc('milliseconds', content_pages.updated_at) = ${new Date(revision)}`);
    })
    .returning("type")
    .executeTakeFirst();
  return row ? "saved" : "changed";
}
