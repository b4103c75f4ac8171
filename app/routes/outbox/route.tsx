import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatDateTime } from "~/format";
import type { Lng } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { storefront } from "~/web/storefront.server";
import { outboxPage } from "./outbox.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/** /outbox, the demo's mailbox and phone (DEMO_OUTBOX=true only; see outbox.server.ts). Never indexed nor cached. */
export const handle = { layout: "simple", i18n: ["profile"], noStore: true };

export const meta: MetaFunction<typeof loader> = (args) => [...pageTitle(args.data?.title, args), { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const store = await storefront(request);
  return json(await outboxPage(store.db, store.lng));
}

/** A mail's text with its links clickable (the confirmation and email-change links of the demo). */
function linked(text: string) {
  // Split by URLs: odd parts are the URLs; each part keeps its offset in the text as its key (stable for one text).
  let offset = 0;
  return text.split(/(https?:\/\/\S+)/).map((part, i) => {
    const key = `at-${offset}`;
    offset += part.length;
    return i % 2 === 1 ? (
      <a key={key} href={part}>
        {part}
      </a>
    ) : (
      <span key={key}>{part}</span>
    );
  });
}

export default function Outbox() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("profile");
  const when = (at: string) => formatDateTime(at, i18n.language as Lng, "America/Mexico_City");
  return (
    <div className="outbox">
      <h1>{data.title}</h1>
      <p className="notice notice-info">{t("outbox.intro")}</p>
      <h2>{t("outbox.texts")}</h2>
      {data.texts.length === 0 ? <p className="muted">{t("outbox.none")}</p> : null}
      {data.texts.map((s) => (
        <article className="panel outbox-message" key={`sms-${s.id}`} aria-label={t("outbox.textTo", { to: s.to })}>
          <p>
            <strong>{t("outbox.textTo", { to: s.to })}</strong> · <span className="muted">{when(s.createdAt)}</span> · {s.sent ? t("outbox.sent") : t("outbox.waiting")}
          </p>
          <p>{s.text}</p>
        </article>
      ))}
      <h2>{t("outbox.mails")}</h2>
      {data.mails.length === 0 ? <p className="muted">{t("outbox.none")}</p> : null}
      {data.mails.map((m) => (
        <article className="panel outbox-message" key={`mail-${m.id}`} aria-label={m.subject}>
          <p>
            <strong>{m.subject}</strong> · {t("outbox.mailTo", { to: m.to })} · <span className="muted">{when(m.createdAt)}</span> ·{" "}
            {m.sent ? t("outbox.sent") : t("outbox.waiting")}
          </p>
          <pre className="outbox-text">{linked(m.text)}</pre>
        </article>
      ))}
    </div>
  );
}
