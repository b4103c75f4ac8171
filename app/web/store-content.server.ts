import { parseWithZod } from "~/web/forms.server";
import { json } from "@remix-run/node";
import { now } from "#server/clock";
import { constants } from "#server/constants";
import { BODY_MAX, CONTENT_PAGES, CONTENT_TYPES, contentSource, isContentType, listContent, saveContent } from "#server/content/pages";
import { renderMarkdown } from "#server/content/markdown";
import { contentSchema } from "~/components/store/schemas";
import { isLng, supportedLngs } from "~/i18n/config";
import { translator } from "~/i18n/translator.server";
import { revisionOf } from "#server/content/revision";
import { backToConsole, requireManager, staffSessionStorage } from "~/web/auth.server";
import { editConflict, formRevision } from "~/web/store-console.server";

/**
 * The glue of the managers' content pages (issue 14 point 8, beyond the spec): /store/content lists every page and
 * language; /store/content/:type/:lng edits one, with a preview (the same form posted with intent "preview": the page
 * again with the text rendered exactly as customers will see it, nothing saved), then a save (303 to the list with a
 * notice; customers see it at once in this process, within 10 s in the others). Managers only: others a 403.
 */
export const CONTENT_HOME = "/store/content";

export async function contentListPage(request: Request) {
  const { db, session, lng } = await requireManager(request);
  const notice = session.get("notice") ?? null;
  const written = await listContent(db);
  const pages = CONTENT_TYPES.map((type) => ({
    type,
    path: CONTENT_PAGES[type],
    languages: supportedLngs.map((language) => {
      const text = written.find((w) => w.type === type && w.lng === language);
      return { lng: language, title: text?.title ?? null, updatedAt: text?.updatedAt ?? null };
    }),
  }));
  return json(
    { title: translator(lng, "store")("content.list.title"), lng, timeZone: constants.defaultTimeZone, pages, notice },
    notice ? { headers: { "Set-Cookie": await staffSessionStorage.commitSession(session) } } : undefined,
  );
}

/** The page and language of /store/content/:type/:lng, or a 404. */
function target(params: { type?: string; lng?: string }) {
  if (!isContentType(params.type) || !isLng(params.lng)) throw json(null, { status: 404 });
  return { type: params.type, lng: params.lng };
}

export async function contentEditPage(request: Request, params: { type?: string; lng?: string }) {
  const { db, lng } = await requireManager(request);
  const { type, lng: language } = target(params);
  const source = await contentSource(db, type, language);
  const t = translator(lng, "store");
  return json({
    title: t("content.edit.title", { page: t(`content.types.${type}`), language: translator(lng, "common")(`language.names.${language}`) }),
    type,
    language,
    path: CONTENT_PAGES[type],
    defaultValue: { title: source.title, body: source.body },
    updatedAt: source.updatedAt,
    revision: source.updatedAt ? revisionOf(source.updatedAt) : null,
    bodyMax: BODY_MAX,
  });
}

export async function contentEditAction(request: Request, params: { type?: string; lng?: string }) {
  const { db, session, staff } = await requireManager(request);
  const { type, lng } = target(params);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: contentSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), preview: null }, { status: 400 });
  const { intent, title, body } = submission.value;
  if (intent === "preview") return json({ result: submission.reply(), preview: { title, html: renderMarkdown(body) } });
  if ((await saveContent(db, { type, lng, title, body, staffId: staff.id, now: now(), revision: formRevision(form) })) === "changed") {
    const current = await contentSource(db, type, lng);
    return editConflict(submission.reply(), current.updatedAt ?? now());
  }
  return backToConsole(session, CONTENT_HOME, { tone: "success", key: "store:content.notice.saved", values: { title } });
}
