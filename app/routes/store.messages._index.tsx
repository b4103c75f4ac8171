import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { listPath } from "~/components/store/inbox";
import { NoticeBanner } from "~/components/ui/Notice";
import { formatDateTime } from "~/format";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { messageListPage } from "~/web/store-messages.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /store/messages (managers only, beyond the spec): the customer-care inbox, the contact messages and the survey's
 * answers, newest first. A GET form filters it (kind, open or handled, outlet; it works without JavaScript); pages of
 * 20 (`?page=`). Each row links to the item's page, where it is marked handled.
 */
export const handle = { layout: "bare" };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  return messageListPage(request);
}

/** The first words of a text, for the list. */
const excerpt = (text: string) => (text.length > 90 ? `${text.slice(0, 89).trimEnd()}…` : text);

export default function StoreMessages() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("store");
  const { filter } = data;
  return (
    <div className="console messages-admin">
      <h1>{data.title}</h1>
      {data.notice ? <NoticeBanner notice={data.notice} /> : null}
      <Form method="get" className="messages-filter" aria-label={t("messages.filter.label")}>
        <div className="field">
          <label htmlFor="messages-kind">{t("messages.filter.kind")}</label>
          <select id="messages-kind" name="kind" defaultValue={filter.kind ?? ""}>
            <option value="">{t("messages.filter.all")}</option>
            <option value="contact">{t("messages.kind.contact")}</option>
            <option value="survey">{t("messages.kind.survey")}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="messages-state">{t("messages.filter.state")}</label>
          <select id="messages-state" name="state" defaultValue={filter.state ?? ""}>
            <option value="">{t("messages.filter.all")}</option>
            <option value="open">{t("messages.state.open")}</option>
            <option value="handled">{t("messages.state.handled")}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="messages-outlet">{t("messages.filter.outlet")}</label>
          <select id="messages-outlet" name="outlet" defaultValue={filter.outlet ?? ""}>
            <option value="">{t("messages.filter.allOutlets")}</option>
            {data.outlets.map((o) => (
              <option key={o.code} value={o.code}>
                {o.name ?? t("messages.filter.noOutlet")}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-quiet">
          {t("messages.filter.submit")}
        </button>
      </Form>
      <p role="status">{t("messages.list.count", { count: data.total })}</p>
      {data.items.length > 0 ? (
        <div className="coupon-table-scroll">
          <table className="coupon-table messages-table">
            <caption className="visually-hidden">{t("messages.list.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("messages.list.received")}</th>
                <th scope="col">{t("messages.list.kind")}</th>
                <th scope="col">{t("messages.list.sender")}</th>
                <th scope="col">{t("messages.list.outlet")}</th>
                <th scope="col">{t("messages.list.text")}</th>
                <th scope="col">{t("messages.list.state")}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((item) => {
                const text =
                  item.kind === "survey"
                    ? [t("messages.marks", { food: item.food, service: item.service }), item.text].filter(Boolean).join(" · ")
                    : item.text;
                return (
                  <tr key={`${item.kind}-${item.id}`}>
                    <td>{formatDateTime(item.createdAt, data.lng, data.timeZone)}</td>
                    <td>{t(`messages.kind.${item.kind}`)}</td>
                    <th scope="row">{item.sender}</th>
                    <td>{item.outletName ?? t("messages.filter.noOutlet")}</td>
                    <td>
                      <Link to={`/store/messages/${item.kind}/${item.id}`}>
                        {excerpt(text)}
                        <span className="visually-hidden"> ({t("messages.list.open", { kind: t(`messages.kind.${item.kind}`), sender: item.sender })})</span>
                      </Link>
                    </td>
                    <td>{item.handledAt ? t("messages.state.handled") : t("messages.state.open")}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t("messages.list.empty")}</p>
      )}
      {data.pages > 1 ? (
        <nav aria-label={t("messages.list.pages")} className="history-pages">
          {data.page > 1 ? <Link to={listPath(filter, data.page - 1)}>{t("messages.list.previous")}</Link> : null}
          <span>{t("messages.list.pageOf", { page: data.page, pages: data.pages })}</span>
          {data.page < data.pages ? <Link to={listPath(filter, data.page + 1)}>{t("messages.list.next")}</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
