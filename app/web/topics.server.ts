import { json } from "@remix-run/node";
import { now } from "#server/clock";
import { constants } from "#server/constants";
import { findTopic, isTopicLanguage, listTopics } from "#server/content/topics";
import { translator } from "~/i18n/translator.server";
import { storefront } from "~/web/storefront.server";

/**
 * The loaders of /topic (the chain's published articles, newest first) and /topic/:name/:code? (one article; `code`
 * names the language of the text to show: es, en or ar; see server/content/topics.ts). Unknown, unpublished or
 * untranslated: a 404.
 */
export async function topicListPage(request: Request) {
  const store = await storefront(request);
  const topics = await listTopics(store.db, store.lng, now());
  return json({ title: translator(store.lng, "topics")("title"), topics, shownIn: store.lng, timeZone: constants.defaultTimeZone });
}

export async function topicPage(request: Request, params: { name?: string; code?: string }) {
  const store = await storefront(request);
  if (params.code !== undefined && !isTopicLanguage(params.code)) throw json(null, { status: 404 });
  const lng = params.code ?? store.lng;
  const topic = await findTopic(store.db, params.name ?? "", lng, now(), { exact: params.code !== undefined });
  if (!topic) throw json(null, { status: 404 });
  return json({ topic, title: topic.title, shownIn: store.lng, chosen: params.code ?? null, timeZone: constants.defaultTimeZone });
}
