import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { formatDateTime } from "~/format";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { topicPage } from "~/web/topics.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /topic/:name/:code?: one article of the chain. `name` is its slug; `code`, when given, is the language of the text
 * to show (es, en or ar: a link to one translation, the same for whoever opens it), else the visitor's language (or
 * Spanish when the article has no text in it). Unknown, unpublished or untranslated: the 404 page.
 */
export const handle = { layout: "simple", i18n: ["topics", "content"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return topicPage(request, params);
}

export default function TopicPage() {
  const { topic, shownIn, chosen, timeZone } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["topics", "content", "common"]);
  const foreign = topic.lng !== shownIn;
  const others = topic.languages.filter((language) => language !== topic.lng);
  return (
    <div className="topic">
      <p>
        <Link to="/topic">{t("topics:back")}</Link>
      </p>
      <article className="content-page" aria-labelledby="topic-title" lang={foreign ? topic.lng : undefined}>
        <h1 id="topic-title">{topic.title}</h1>
        <p className="muted" lang={shownIn}>
          <time dateTime={topic.publishedAt}>{t("topics:published", { date: formatDateTime(topic.publishedAt, shownIn, timeZone) })}</time>
        </p>
        {foreign && !chosen ? (
          <p className="muted" lang={shownIn}>
            {t("content:onlyIn")}
          </p>
        ) : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML the server rendered from Markdown and sanitised with an allow-list */}
        <div className="content-body" dangerouslySetInnerHTML={{ __html: topic.html }} />
      </article>
      {others.length > 0 ? (
        <nav aria-label={t("topics:otherLanguages")} className="topic-languages">
          <p>
            {t("topics:otherLanguages")}:{" "}
            {others.map((language, i) => (
              <span key={language}>
                {i > 0 ? " · " : null}
                <Link to={`/topic/${topic.slug}/${language}`} lang={language} hrefLang={language}>
                  {t(`common:language.names.${language}`)}
                </Link>
              </span>
            ))}
          </p>
        </nav>
      ) : null}
    </div>
  );
}
