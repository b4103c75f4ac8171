import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { formatDateTime } from "~/format";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { topicListPage } from "~/web/topics.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/** /topic: the chain's published articles (news, recipes, how we work), newest first (server/content/topics.ts). */
export const handle = { layout: "simple", i18n: ["topics"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  return topicListPage(request);
}

export default function Topics() {
  const { topics, shownIn, timeZone } = useLoaderData<typeof loader>();
  const { t } = useTranslation("topics");
  return (
    <div className="topics">
      <h1>{t("title")}</h1>
      <p>{t("lead")}</p>
      {topics.length === 0 ? (
        <p>{t("empty")}</p>
      ) : (
        <ul className="topic-list">
          {topics.map((topic) => (
            <li key={topic.slug} className="topic-card" lang={topic.lng !== shownIn ? topic.lng : undefined}>
              <h2>
                <Link to={`/topic/${topic.slug}`}>{topic.title}</Link>
              </h2>
              <p className="muted" lang={shownIn}>
                <time dateTime={topic.publishedAt}>{formatDateTime(topic.publishedAt, shownIn, timeZone)}</time>
              </p>
              {topic.summary ? <p>{topic.summary}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
