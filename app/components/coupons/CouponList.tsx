import { Form, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { CouponCard as Card } from "#server/coupons/listing";
import type { Lng } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";
import { CouponCard } from "./CouponCard";
import { COUPONS_PATH } from "./paths";


/**
 * The apply form of a listed coupon: a plain post to the cart (routes/cart.tsx, intent `apply-coupon`) with the
 * code, `source=list` (a refusal shows as a notification, spec section 8) and this page to come back to.
 */
function ApplyCouponForm({ coupon }: { coupon: Card }) {
  const { t } = useTranslation("coupons");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/cart" && navigation.formData?.get("code") === coupon.code;
  return (
    <Form method="post" action="/cart" className="coupon-apply">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="apply-coupon" />
      <input type="hidden" name="code" value={coupon.code} />
      <input type="hidden" name="source" value="list" />
      <input type="hidden" name="back" value={COUPONS_PATH} />
      <button type="submit" className="button" disabled={busy} aria-label={t("applyNamed", { name: coupon.name })}>
        {busy ? t("applying") : t("apply")}
      </button>
    </Form>
  );
}

/**
 * The coupons category (/order/coupons): the coupons this visitor may use (server/coupons/listing.ts), each with
 * its apply form; one that needs an account tells a guest to sign in (and comes back here); one made for this
 * customer says the email must be confirmed first. The way to attach a code heads the list.
 */
export function CouponList({ coupons, lng, timeZone, signInPath }: { coupons: Card[]; lng: Lng; timeZone: string; signInPath: string }) {
  const { t } = useTranslation("coupons");
  return (
    <div className="coupon-list">
      <p>{t("listIntro")}</p>
      <p>
        <Link to="/crm/coupon">{t("addCode")}</Link>
      </p>
      {coupons.length === 0 ? (
        <p>{t("empty")}</p>
      ) : (
        <ul className="coupon-grid">
          {coupons.map((coupon) => (
            <li key={coupon.code}>
              <CouponCard coupon={coupon} lng={lng} timeZone={timeZone}>
                {coupon.signInFirst ? (
                  <p className="coupon-note">
                    {t("signInFirst")} <Link to={signInPath}>{t("signIn")}</Link>
                  </p>
                ) : (
                  <>
                    {coupon.confirmEmailFirst ? <p className="coupon-note">{t("confirmEmailFirst")}</p> : null}
                    <ApplyCouponForm coupon={coupon} />
                  </>
                )}
              </CouponCard>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
