import { useFetcher } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { telHref } from "#server/content/phone";
import { useTranslation } from "~/i18n/react";

/**
 * The emergency banner (spec section 1): above every customer page while a manager has it on, it asks customers to
 * phone the ordering line. Its button posts to /emergency-banner, which remembers the dismissal in the session and
 * comes back to the page (without JavaScript, a plain post and a 303); with JavaScript, a fetcher, and the banner
 * goes away at once.
 */
export default function EmergencyBanner({ phone, back }: { phone: string; back: string }) {
  const { t } = useTranslation("common");
  const fetcher = useFetcher();
  if (fetcher.state !== "idle" || fetcher.data !== undefined) return null;
  return (
    <section className="emergency-banner" aria-labelledby="emergency-title">
      <div>
        <h2 id="emergency-title">{t("emergency.title")}</h2>
        <p>
          {t("emergency.body")}{" "}
          <a href={telHref(phone)} dir="ltr" className="emergency-phone">
            {phone}
          </a>
        </p>
      </div>
      <fetcher.Form method="post" action="/emergency-banner">
        <AuthenticityTokenInput />
        <input type="hidden" name="back" value={back} />
        <button type="submit" className="button button-quiet">
          {t("emergency.dismiss")}
        </button>
      </fetcher.Form>
    </section>
  );
}
