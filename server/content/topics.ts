import type { Language } from "#server/constants";
import { NEW_ITEM, nextRevision, revisionOf } from "./revision";
import type { Database } from "#server/db/client";
import { renderMarkdown } from "#server/content/markdown";
import { FALLBACK_LANGUAGE } from "#server/content/pages";
import { setSwitch } from "#server/content/switch";

/**
 * Topics (issue 14 point 4; the spec's "topic/list and topic/detail"): the chain's articles (news, recipes, how the
 * dough is made). One row per slug and language in `topics`; the Markdown body is rendered and sanitised on the
 * server like the content pages'. An article shows from its `published_at` on, read against the shop's clock
 * (server/clock.ts: a pinned STORE_NOW shows what was published by then), so a later date schedules it.
 *
 * The routes: `/topic` lists the published articles in the visitor's language (an article without a text in it shows
 * in Spanish, marked so), newest first; `/topic/:name` is an article in the visitor's language; `/topic/:name/:code`
 * is the article in the language `code` names (es, en or ar): a link to one translation that reads the same for
 * whoever opens it (a shared link, a newsletter in English). A code that is no language, or a language the article
 * has no text in, is a 404, as is an unknown or unpublished slug.
 */
export const TOPIC_LANGUAGES = ["es", "en", "ar"] as const satisfies readonly Language[];
export const isTopicLanguage = (value: unknown): value is Language => typeof value === "string" && (TOPIC_LANGUAGES as readonly string[]).includes(value);

/** A slug as the table allows it: lower-case words of letters and digits joined by dashes, at most 80 characters. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const isTopicSlug = (value: unknown): value is string => typeof value === "string" && value.length <= 80 && SLUG.test(value);

/** How many articles the list shows (the newest). */
export const TOPIC_LIST_LIMIT = 50;

export type TopicSummary = { slug: string; lng: Language; title: string; summary: string; publishedAt: string };
export type Topic = TopicSummary & { html: string; languages: Language[] };

/** The published articles, newest first, each in `lng` or else in the fallback language. */
export async function listTopics(db: Database, lng: Language, at: Date): Promise<TopicSummary[]> {
  const rows = await db
    .selectFrom("topics")
    .select(["slug", "lng", "title", "summary", "published_at"])
    .where("lng", "in", [lng, FALLBACK_LANGUAGE])
    .where("published", "=", true)
    .where("published_at", "<=", at)
    .orderBy("published_at", "desc")
    .orderBy("slug")
    .execute();
  const bySlug = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const seen = bySlug.get(row.slug);
    if (!seen || (seen.lng !== lng && row.lng === lng)) bySlug.set(row.slug, row);
  }
  return [...bySlug.values()]
    .sort((a, b) => new Date(b.published_at).getTime() - new Date(a.published_at).getTime() || a.slug.localeCompare(b.slug))
    .slice(0, TOPIC_LIST_LIMIT)
    .map((row) => ({ slug: row.slug, lng: row.lng as Language, title: row.title, summary: row.summary, publishedAt: new Date(row.published_at).toISOString() }));
}

/**
 * One published article: in `lng` when it has a text in it; with `exact` (a language the URL names) only in that
 * language; otherwise in the fallback language. Null for anything else (unknown, unpublished, no such translation).
 */
export async function findTopic(db: Database, slug: string, lng: Language, at: Date, options: { exact?: boolean } = {}): Promise<Topic | null> {
  if (!isTopicSlug(slug)) return null;
  const rows = await db
    .selectFrom("topics")
    .select(["slug", "lng", "title", "summary", "body", "published_at"])
    .where("slug", "=", slug)
    .where("published", "=", true)
    .where("published_at", "<=", at)
    .execute();
  const row = rows.find((r) => r.lng === lng) ?? (options.exact ? undefined : rows.find((r) => r.lng === FALLBACK_LANGUAGE));
  if (!row) return null;
  const languages = TOPIC_LANGUAGES.filter((language) => rows.some((r) => r.lng === language));
  return {
    slug: row.slug,
    lng: row.lng as Language,
    title: row.title,
    summary: row.summary,
    publishedAt: new Date(row.published_at).toISOString(),
    html: renderMarkdown(row.body),
    languages,
  };
}

/** Writes (or rewrites) an article's text in one language (tests; the editor below writes whole articles). */
export async function saveTopic(
  db: Database,
  topic: { slug: string; lng: Language; title: string; summary: string; body: string; publishedAt: Date; now: Date },
  options: { overwrite?: boolean } = {},
): Promise<void> {
  const values = { title: topic.title, summary: topic.summary, body: topic.body, published_at: topic.publishedAt, updated_at: topic.now };
  await db
    .insertInto("topics")
    .values({ slug: topic.slug, lng: topic.lng, ...values })
    .onConflict((oc) => (options.overwrite ? oc.columns(["slug", "lng"]).doUpdateSet(values) : oc.columns(["slug", "lng"]).doNothing()))
    .execute();
}

// ---------------------------------------------------------------------------------------------------------------
// The managers' side (/store/topics): an article is its slug with a text per language (Spanish required), one date
// and one published switch for all its languages.

export type TopicText = { title: string; summary: string; body: string };
export interface AdminTopic {
  slug: string;
  published: boolean;
  publishedAt: Date;
  updatedAt: Date;
  texts: Partial<Record<Language, TopicText>>;
}

async function adminTopics(db: Database, slug?: string): Promise<AdminTopic[]> {
  let query = db.selectFrom("topics").selectAll().orderBy("published_at", "desc").orderBy("slug");
  if (slug !== undefined) query = query.where("slug", "=", slug);
  const bySlug = new Map<string, AdminTopic>();
  for (const row of await query.execute()) {
    const topic = bySlug.get(row.slug) ?? { slug: row.slug, published: row.published, publishedAt: new Date(row.published_at), updatedAt: new Date(row.updated_at), texts: {} };
    if (isTopicLanguage(row.lng)) topic.texts[row.lng] = { title: row.title, summary: row.summary, body: row.body };
    if (new Date(row.updated_at) > topic.updatedAt) topic.updatedAt = new Date(row.updated_at);
    bySlug.set(row.slug, topic);
  }
  return [...bySlug.values()];
}

/** Every article, published or not, newest date first. */
export const listTopicArticles = (db: Database) => adminTopics(db);

export async function topicArticle(db: Database, slug: string): Promise<AdminTopic | null> {
  if (!isTopicSlug(slug)) return null;
  return (await adminTopics(db, slug))[0] ?? null;
}

/**
 * A manager's save of a whole article: its texts (a language left out loses its text), its date. "taken": a new
 * article's slug is in use; "missing": the article to rewrite is gone. A new article is published (its date still
 * schedules it); a rewritten one keeps its switch. "changed": the article is no longer at the editor's `revision` (its
 * languages' latest change, server/content/revision.ts).
 */
export async function saveTopicArticle(
  db: Database,
  save: { slug: string; isNew: boolean; texts: { es: TopicText } & Partial<Record<Language, TopicText>>; publishedAt: Date; now: Date; revision?: string },
): Promise<"saved" | "taken" | "missing" | "changed"> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("topics").select(["lng", "published", "updated_at"]).where("slug", "=", save.slug).forUpdate().execute();
    if (save.isNew && existing.length > 0) return "taken";
    if (!save.isNew && existing.length === 0) return "missing";
    // A rewrite over the revision its editor loaded (its languages' latest change); NEW_ITEM loaded none at all.
    if (!save.isNew && save.revision !== undefined) {
      const current = revisionOf(new Date(Math.max(...existing.map((row) => new Date(row.updated_at).getTime()))));
      if (save.revision === NEW_ITEM || save.revision !== current) return "changed";
    }
    const published = existing[0]?.published ?? true;
    const languages = TOPIC_LANGUAGES.filter((lng) => save.texts[lng]);
    await trx.deleteFrom("topics").where("slug", "=", save.slug).where("lng", "not in", languages).execute();
    for (const lng of languages) {
      const text = save.texts[lng]!;
      const values = { ...text, published_at: save.publishedAt, updated_at: save.now, published };
      await trx
        .insertInto("topics")
        .values({ slug: save.slug, lng, ...values })
        .onConflict((oc) => oc.columns(["slug", "lng"]).doUpdateSet({ ...values, updated_at: nextRevision("topics", save.now) }))
        .execute();
    }
    return "saved";
  });
}

/** Publish or unpublish an article (all its languages): false when there is none. */
export function setTopicPublished(db: Database, change: { slug: string; published: boolean; now: Date }): Promise<boolean> {
  return setSwitch(db, "topics", { key: change.slug, on: change.published, staffId: null, now: change.now });
}

/** An article as its page would show it (the editor's preview): its text rendered and sanitised, whatever its state. */
export function topicPreview(slug: string, lng: Language, text: TopicText, publishedAt: Date, languages: Language[]): Topic {
  return { slug, lng, title: text.title, summary: text.summary, publishedAt: publishedAt.toISOString(), html: renderMarkdown(text.body), languages };
}
