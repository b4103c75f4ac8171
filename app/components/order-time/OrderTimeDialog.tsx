import { Form } from "@remix-run/react";
import { Link } from "~/components/link";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import type { Lng } from "~/i18n/config";
import { formatDay } from "~/format";
import { useDayLabel } from "./day-label";
import type { OrderTimeDialogData } from "~/web/order-time.server";
import type { Notice } from "~/web/session.server";
import { NoticeBanner } from "~/components/ui/Notice";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

/** The header's link that opens the dialog, where focus goes back when it closes (if the link it came from is gone). */
const OPENER = '[data-opens="order-time"]';

/**
 * The order-time dialog (spec section 2): a day and an hour drop-down, Set order time and Close; when the outlet
 * takes no order at all, the store-closed message and Close. The server renders it open when the URL says
 * `?dialog=order-time` (or as the /order-time page), so it works without JavaScript: the hour list is the
 * chosen day's, and "show that day's times" (a GET submit) changes the day. With JavaScript the hour list follows
 * the day drop-down at once, and the dialog opens modal (focus kept inside, Escape closes).
 */
export function OrderTimeDialog({
  data,
  lng,
  notice,
  errors = null,
  closeHref,
  dayHref,
  back,
  modal,
}: {
  data: OrderTimeDialogData;
  lng: Lng;
  notice: Notice | null;
  /** the hour's errors of a post the form refused (keys of the "ordertime" namespace: conform's reply) */
  errors?: string[] | null;
  /** where Close leads (the page without the dialog) */
  closeHref: string;
  /** where the no-JS "show that day's times" submit goes (GET; keeps the dialog open) */
  dayHref: string;
  /** where saving returns */
  back: string;
  /** an overlay over a page (true) or the /order-time page itself */
  modal: boolean;
}) {
  const { t } = useTranslation(["ordertime", "errors", "common"]);
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [day, setDay] = useState(data.day);
  const [hydrated, setHydrated] = useState(false);
  const dayLabel = useDayLabel(lng, data.today);
  useEffect(() => {
    setHydrated(true);
    const dialog = ref.current;
    // What opened it (the header's "Cambiar hora"), to give focus back once it closes: closing (Close, Escape, or
    // saving) is a navigation that takes the dialog out of the page, and focus would fall to the page's body.
    const opener = document.activeElement instanceof HTMLElement && !dialog?.contains(document.activeElement) ? document.activeElement : null;
    if (modal && dialog && !dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    if (!modal) return;
    return () => {
      window.setTimeout(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        const target = opener?.isConnected ? opener : document.querySelector<HTMLElement>(OPENER);
        target?.focus();
      }, 0);
    };
  }, [modal]);
  useEffect(() => setDay(data.day), [data.day]);
  const current = data.days.find((d) => d.date === day);
  const titleId = `${id}-title`;

  const body = (
    <>
      <h2 id={titleId}>{t("title")}</h2>
      <p className="muted">{t("outlet", { name: data.outletName })}</p>
      {notice ? <NoticeBanner notice={notice} /> : null}
      {data.days.length === 0 ? (
        <>
          <p role="alert">{t("storeClosed")}</p>
          <div className="dialog-actions">
            <Link to={closeHref} className="button">
              {t("close")}
            </Link>
          </div>
        </>
      ) : (
        <>
        {/* The script-less day switch is a GET form of its own (the day drop-down belongs to it), so nothing of the
            post (the CSRF token, the hour) ever lands in a URL. */}
        <form id={`${id}-days`} method="get" action={dayHref} hidden>
          <input type="hidden" name="dialog" value="order-time" />
          {dayHref === "/order-time" ? <input type="hidden" name="back" value={back} /> : null}
        </form>
        <Form method="post" action="/order-time" className="order-time-form">
          <AuthenticityTokenInput />
          <input type="hidden" name="back" value={back} />
          {data.closedDay ? <p role="alert">{t("closedDay", { day: formatDay(data.closedDay, lng) })}</p> : null}
          <div className="field">
            <label htmlFor={`${id}-day`}>{t("day")}</label>
            {/* Focus starts in the dialog, without JavaScript too (a page load: the dialog was asked for, and after
                "show that day's times" the day's hours are what the customer is choosing). */}
            {/* biome-ignore lint/a11y/noAutofocus: the dialog is what the page was opened for */}
            <select id={`${id}-day`} name="day" form={`${id}-days`} value={day ?? undefined} onChange={(e) => setDay(e.currentTarget.value)} autoFocus>
              {data.days.map((d) => (
                <option key={d.date} value={d.date}>
                  {dayLabel(d.date)}
                </option>
              ))}
            </select>
          </div>
          {hydrated ? null : (
            <button type="submit" form={`${id}-days`} className="button button-quiet">
              {t("showHours")}
            </button>
          )}
          <div className="field">
            <label htmlFor={`${id}-hour`}>{t("hour")}</label>
            <select
              id={`${id}-hour`}
              name="value"
              key={day ?? ""}
              defaultValue={data.current}
              aria-invalid={errors ? true : undefined}
              aria-describedby={errors ? `${id}-hour-error` : undefined}
            >
              {current?.asap ? <option value="asap">{t("asap")}</option> : null}
              {current?.slots.map((s) => (
                <option key={s.value} value={s.value}>
                  {t("slot", { start: s.start, end: s.end })}
                </option>
              ))}
            </select>
            <p id={`${id}-hour-error`} className="field-error" aria-live="polite">
              {errors?.map((key) => t(key)).join(" ")}
            </p>
          </div>
          <div className="dialog-actions">
            <button type="submit" className="button">
              {t("save")}
            </button>
            <Link to={closeHref} className="button button-quiet">
              {t("close")}
            </Link>
          </div>
        </Form>
        </>
      )}
    </>
  );

  if (!modal) {
    return (
      <section className="panel order-time-panel" aria-labelledby={titleId}>
        {body}
      </section>
    );
  }
  return (
    <dialog
      ref={ref}
      open
      className="order-time-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: leave through the Close link's URL, so the dialog's state (the URL) follows.
        event.preventDefault();
        ref.current?.querySelector<HTMLAnchorElement>(".dialog-actions a")?.click();
      }}
    >
      {body}
    </dialog>
  );
}
