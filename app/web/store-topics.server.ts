import { parseWithZod } from "~/web/forms.server";
import { revisionOf } from "#server/content/revision";
import { json } from "@remix-run/node";
import type { Language } from "#server/config";
import { COUPON_TIME_ZONE, localToInstant } from "#server/coupons/admin-form";
import { isTopicSlug, listTopicArticles, saveTopicArticle, setTopicPublished, TOPIC_LANGUAGES, type TopicText, topicArticle, topicPreview } from "#server/content/topics";
import { now } from "#server/clock";
import { type TopicForm, topicFormSchema } from "~/components/store/editor-schemas";
import { translator } from "~/i18n/translator.server";
import { backToConsole, requireManager } from "~/web/auth.server";
import { local } from "~/web/store-banners.server";
import { consoleListPage, editConflict, formRevision, switchAction } from "~/web/store-console.server";

/**
 * The glue of the managers' topics (issue 14 point 8, beyond the spec), as the banners': /store/topics lists every
 * article (its languages, date, whether it shows) with a publish/unpublish switch; /store/topics/new and
 * /store/topics/:slug edit one (per language its title, summary and Markdown body, Spanish required; one date in the
 * chain's time zone, a later one schedules it) with a preview (the article as /topic/:name shows it, nothing saved).
 * A slug is the article's address: set when it is created, never changed (links to it stay good).
 */
export const TOPICS_HOME = "/store/topics";

export function topicListPage(request: Request) {
  return consoleListPage(request, "topics", async ({ db, at }) =>
    (await listTopicArticles(db)).map((topic) => ({
      id: topic.slug,
      title: topic.texts.es?.title ?? topic.slug,
      languages: TOPIC_LANGUAGES.filter((lng) => topic.texts[lng]),
      publishedAt: topic.publishedAt.toISOString(),
      published: topic.published,
      state: !topic.published ? "unpublished" : topic.publishedAt > at ? "scheduled" : "showing",
    })),
  );
}

export function topicStatusAction(request: Request) {
  return switchAction(request, {
    ns: "topics",
    home: TOPICS_HOME,
    key: topicSlug,
    flip: (db, change) => setTopicPublished(db, { slug: change.key, published: change.on, now: change.now }),
  });
}

const topicSlug = topicFormSchema.shape.slug;

/** "new", or an article's slug; anything else a 404. */
function topicParam(param: string | undefined): string | "new" {
  if (param === "new" || isTopicSlug(param)) return param as string;
  throw json(null, { status: 404 });
}

export async function topicFormPage(request: Request, param: string | undefined) {
  const { db, lng } = await requireManager(request);
  const t = translator(lng, "store");
  const which = topicParam(param);
  const topic = which === "new" ? null : await topicArticle(db, which);
  if (topic === null && which !== "new") throw json(null, { status: 404 });
  const defaultValue: Partial<Record<Exclude<keyof TopicForm, "intent">, string>> = topic
    ? {
        slug: topic.slug,
        publishedAt: local(topic.publishedAt),
        ...Object.fromEntries(
          TOPIC_LANGUAGES.flatMap((language) => {
            const text = topic.texts[language];
            const suffix = suffixOf(language);
            return text ? [[`title${suffix}`, text.title], [`summary${suffix}`, text.summary], [`body${suffix}`, text.body]] : [];
          }),
        ),
      }
    : { publishedAt: local(now()) };
  return json({
    title: topic ? t("topics.form.editTitle", { slug: topic.slug }) : t("topics.form.newTitle"),
    topic: topic && { slug: topic.slug, published: topic.published },
    revision: topic ? revisionOf(topic.updatedAt) : null,
    defaultValue,
  });
}

const suffixOf = (lng: Language) => (lng === "es" ? "Es" : lng === "en" ? "En" : "Ar");

/** The form's texts per language (a language needs both its title and its body), its date as an instant, or the messages. */
function topicValues(form: TopicForm): { ok: true; texts: { es: TopicText } & Partial<Record<Language, TopicText>>; publishedAt: Date } | { ok: false; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const iso = localToInstant(form.publishedAt, COUPON_TIME_ZONE);
  if (!iso) errors.publishedAt = ["store:topics.v.publishedAt"];
  const texts: Partial<Record<Language, TopicText>> = {};
  for (const language of TOPIC_LANGUAGES) {
    const suffix = suffixOf(language);
    const title = form[`title${suffix}`];
    const body = form[`body${suffix}`];
    const summary = form[`summary${suffix}`] ?? "";
    if (title && body) texts[language] = { title, summary, body };
    else if (title || body || summary) errors[title ? `body${suffix}` : `title${suffix}`] = ["store:topics.v.incomplete"];
  }
  if (!iso || !texts.es || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, texts: { ...texts, es: texts.es }, publishedAt: new Date(iso) };
}

export async function topicFormAction(request: Request, param: string | undefined) {
  const { db, session } = await requireManager(request);
  const which = topicParam(param);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: topicFormSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), preview: null }, { status: 400 });
  const outcome = topicValues(submission.value);
  if (!outcome.ok) return json({ result: submission.reply({ fieldErrors: outcome.errors }), preview: null }, { status: 400 });
  // Editing keeps the article's address whatever the form says (the field is read-only there).
  const slug = which === "new" ? submission.value.slug : which;
  if (submission.value.intent === "preview") {
    const languages = TOPIC_LANGUAGES.filter((language) => outcome.texts[language]);
    const preview = languages.map((language) => topicPreview(slug, language, outcome.texts[language]!, outcome.publishedAt, languages));
    return json({ result: submission.reply(), preview });
  }
  const saved = await saveTopicArticle(db, { slug, isNew: which === "new", texts: outcome.texts, publishedAt: outcome.publishedAt, now: now(), revision: formRevision(form) });
  if (saved === "missing") throw json(null, { status: 404 });
  if (saved === "changed") {
    const current = await topicArticle(db, slug);
    if (!current) throw json(null, { status: 404 });
    return editConflict(submission.reply(), current.updatedAt);
  }
  if (saved === "taken") return json({ result: submission.reply({ fieldErrors: { slug: ["store:topics.v.slugTaken"] } }), preview: null }, { status: 409 });
  return backToConsole(session, TOPICS_HOME, { tone: "success", key: which === "new" ? "store:topics.notice.created" : "store:topics.notice.saved", values: { slug } });
}
