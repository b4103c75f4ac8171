import { Form } from "@remix-run/react";
import { Link } from "~/components/link";
import type { SerializeFrom } from "@remix-run/node";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { NoticeBanner } from "~/components/ui/Notice";
import type { DispositionFormData } from "~/web/disposition.server";
import { DELIVERY_FORM_ID } from "./form-id";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

/**
 * What a disposition form post answers on its page (see `submitDisposition`): the refusal's message (after the
 * no-outlet message, a link to the carry-out outlets near that postal code), or the confirmation that the change
 * empties the cart. The confirmation's form posts the same choice again, every field of it hidden (the whole
 * delivery address too), with `confirm=1`.
 */
export function DispositionFeedback({ data }: { data: SerializeFrom<DispositionFormData> | undefined }) {
  const { t } = useTranslation(["home", "address"]);
  if (!data) return null;
  const { notice, confirm, carryoutNear, result } = data;
  // The address refused by the server (a post without JavaScript): the page opens at its top, the form is further
  // down; a summary here says so and leads to it (with JavaScript the form is checked, and focused, before it posts).
  const refused = !notice && result?.status === "error" && Object.values(result.error ?? {}).some((errors) => errors?.length);
  return (
    <>
      {notice ? <NoticeBanner notice={notice} /> : null}
      {refused ? (
        <p className="notice notice-error" role="alert">
          {t("address:errorSummary")} <a href={`#${DELIVERY_FORM_ID}`}>{t("address:errorSummaryLink")}</a>
        </p>
      ) : null}
      {carryoutNear ? (
        <p>
          <Link to={`/result-localization/${carryoutNear}/C`}>{t("address:carryoutNear", { postalCode: carryoutNear })}</Link>
        </p>
      ) : null}
      {confirm ? (
        <ConfirmDialog
          // A new key per choice, so a second confirmation mounts again and takes the focus.
          key={JSON.stringify(confirm.choice)}
          id="confirm-change"
          title={t("confirmChange.title")}
          body={t("confirmChange.body", {
            count: confirm.count,
            choice:
              confirm.next.orderType === "D"
                ? t("confirmChange.delivery", { postalCode: confirm.next.postalCode, outlet: confirm.next.outletName })
                : t("confirmChange.carryout", { outlet: confirm.next.outletName }),
          })}
        >
          <Form method="post">
            <AuthenticityTokenInput />
            {Object.entries(confirm.choice).map(([name, value]) =>
              value === undefined || value === null ? null : <input key={name} type="hidden" name={name} value={String(value)} />,
            )}
            <input type="hidden" name="confirm" value="1" />
            <button type="submit" className="button">
              {t("confirmChange.confirm")}
            </button>
          </Form>
          <Link to="/order" className="button button-quiet">
            {t("confirmChange.keep")}
          </Link>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
