import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { ConsoleList } from "~/components/console/ConsoleList";
import { formatDateTime } from "~/format";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { topicListPage, topicStatusAction } from "~/web/store-topics.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /store/topics (managers only, beyond the spec): every article (/topic) with its languages, date and whether it
 * shows, a link to edit it and a button to unpublish or publish it again (a plain post: 303 back with a notice).
 */
export const handle = { layout: "bare" };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  return topicListPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return topicStatusAction(request);
}

export default function StoreTopics() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["store", "common"]);
  return (
    <ConsoleList
      className="topics-admin"
      title={data.title}
      create={{ to: "/store/topics/new", label: t("topics.list.new") }}
      notice={actionData?.notice ?? data.notice}
      items={data.items}
      empty={t("topics.list.empty")}
      caption={t("topics.list.caption")}
      columns={[t("topics.list.topic"), t("topics.list.languages"), t("topics.list.date"), t("banners.list.state")]}
      actions={t("banners.list.actions")}
      row={(topic) => (
        <>
          <th scope="row">
            <Link to={`/store/topics/${topic.id}`} aria-label={t("topics.list.edit", { name: topic.title })}>
              {topic.title}
            </Link>
            <div className="muted" dir="ltr">
              /topic/{topic.id}
            </div>
          </th>
          <td>{topic.languages.map((lng) => t(`common:language.names.${lng}`)).join(", ")}</td>
          <td>{formatDateTime(topic.publishedAt, data.lng, data.timeZone)}</td>
          <td>{t(`topics.state.${topic.state}`)}</td>
        </>
      )}
      toggle={(topic) => ({
        id: topic.id,
        active: topic.published,
        label: t(`topics.list.${topic.published ? "pause" : "resume"}`, { name: topic.title }),
        short: t(`topics.list.${topic.published ? "pause" : "resume"}Short`),
      })}
    />
  );
}
