import { Link } from "~/components/link";
import { NoticeBanner } from "~/components/ui/Notice";
import { useTranslation } from "~/i18n/react";

/** The postal-code pages' answer to a postal code that is not 5 digits (a 400 page): the message, a way back. */
export function InvalidPostalCode() {
  const { t } = useTranslation(["address", "validation"]);
  return (
    <>
      <p className="notice notice-error" role="alert">
        {t("validation:postalCode")}
      </p>
      <p>
        <Link to="/home">{t("otherPostalCode")}</Link>
      </p>
    </>
  );
}

/** No outlet delivers to the postal code: the no-outlet message, and where to go instead. */
export function NoOutlet({ postalCode, carryoutLink }: { postalCode: string; carryoutLink: boolean }) {
  const { t } = useTranslation("address");
  return (
    <>
      <NoticeBanner notice={{ tone: "error", key: "errors:noOutlet" }} />
      <p className="postal-links">
        {carryoutLink ? <Link to={`/result-localization/${postalCode}/C`}>{t("carryoutNear", { postalCode })}</Link> : null}
        <Link to="/home">{t("otherPostalCode")}</Link>
      </p>
    </>
  );
}
