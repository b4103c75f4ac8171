import type { ReactNode } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { MESSAGES_HOME } from "~/components/store/inbox";
import { NoticeBanner } from "~/components/ui/Notice";
import { formatDateTime, formatPhone } from "~/format";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { messageAction, messagePage } from "~/web/store-messages.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /store/messages/contact/:id and /store/messages/survey/:orderId (managers only, beyond the spec): one contact
 * message or survey answer, who sent it and how to reach them, and a button that marks it handled (or open again):
 * a plain post with the CSRF token, a 303 back here with a notice (409 when a colleague did it meanwhile).
 */
export const handle = { layout: "bare" };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return messagePage(request, params);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return messageAction(request, params);
}

export default function StoreMessage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation(["store", "common"]);
  const m = data.message;
  const notice = actionData?.notice ?? data.notice;
  const when = (iso: string) => formatDateTime(iso, data.lng, data.timeZone);
  const intent = m.handledAt ? "reopen" : "handle";
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const rows: [string, ReactNode][] = [
    [t("messages.detail.received"), when(m.createdAt)],
    [t("messages.detail.name"), m.name],
    [
      t("messages.detail.email"),
      <a key="email" href={`mailto:${m.email}`} dir="ltr">
        {m.email}
      </a>,
    ],
    [
      t("messages.detail.phone"),
      <a key="phone" href={`tel:${m.phone}`} dir="ltr">
        {formatPhone(m.phone)}
      </a>,
    ],
    [t("messages.detail.outlet"), m.outletName ?? t("messages.filter.noOutlet")],
    [t("messages.detail.order"), m.orderNumber ?? "—"],
    [t("messages.detail.language"), t(`common:language.names.${m.lng}`)],
  ];
  if (m.kind === "survey") {
    rows.push([t("messages.detail.food"), t("messages.detail.mark", { mark: m.food })], [t("messages.detail.service"), t("messages.detail.mark", { mark: m.service })]);
  }
  const text = m.kind === "contact" ? m.message : m.comment;
  return (
    <div className="console message-admin">
      <p>
        <Link to={MESSAGES_HOME}>{t("messages.detail.back")}</Link>
      </p>
      <h1>{data.title}</h1>
      {notice ? <NoticeBanner notice={notice} /> : null}
      <dl className="message-details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2>{m.kind === "contact" ? t("messages.detail.message") : t("messages.detail.comment")}</h2>
      {text ? (
        <p className="message-text" dir="auto">
          {text}
        </p>
      ) : (
        <p className="muted">{t("messages.detail.noComment")}</p>
      )}
      <h2>{t("messages.detail.stateTitle")}</h2>
      <p>
        {m.handledAt
          ? t("messages.detail.handledBy", { name: m.handledBy ?? t("messages.detail.someone"), when: when(m.handledAt) })
          : t("messages.detail.isOpen")}
      </p>
      <Form method="post">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value={intent} />
        <button type="submit" className={m.handledAt ? "button button-quiet" : "button"} disabled={busy}>
          {t(`messages.detail.${intent}`)}
        </button>
      </Form>
    </div>
  );
}
