import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { CouponCard } from "~/components/coupons/CouponCard";
import { ATTACH_PATH } from "~/components/coupons/paths";
import { attachCouponSchema, parseWithZod } from "~/web/forms.server";
import { NoticeBanner } from "~/components/ui/Notice";
import { useTranslation } from "~/i18n/react";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { couponVisitor, namedDays } from "~/web/coupons.server";
import { requireCustomer } from "~/web/customer.server";
import { redirectWith, refused } from "~/web/storefront.server";
import { withCouponLink } from "~/web/cart.server";
import { attachCoupon, checkCoupon, refusalStatus } from "./crm-coupon.server";
import { lazyForm, withFormPreload } from "~/lazy-form";

// The code form (conform, its inline validation) arrives after the page's first load (app/lazy-form.tsx).
const AttachCouponForm = lazyForm(() => import("~/components/coupons/AttachCouponForm").then((m) => m.AttachCouponForm));
export const clientLoader = withFormPreload(AttachCouponForm);

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /crm/coupon/:code? (spec: attach a coupon; login required): a campaign link names a coupon, which the page shows
 * (what it gives, its conditions) with a button to attach it to the account; without a code, a form to type one.
 * The GET only looks (check-existed-coupon): a link's prefetch attaches nothing. Both forms post to /crm/coupon
 * (crm-redeem-coupon): attached, or already there, 303 to /order/coupons with the notice; a bad code 400 with the
 * field's message; a refusal the page again with its message (CP-12 with a link to the deals, CP-08, CP-13, CP-21,
 * CP-10; too many wrong guesses CUS-100016) and its status.
 */
export const handle = { layout: "simple", i18n: ["coupons", "validation"], noStore: true };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const store = await requireCustomer(request);
  const visitor = couponVisitor(store);
  const page = {
    title: translator(store.lng, "coupons")("crm.title"),
    lng: store.lng,
    timeZone: visitor.timeZone,
    emailConfirmed: store.customer.emailConfirmed,
    coupon: null,
    notice: null,
  };
  if (!params.code) return json(page);
  try {
    const checked = await checkCoupon(store, store.customer, params.code, context);
    return json({ ...page, coupon: namedDays(checked.card, store.lng) });
  } catch (error) {
    return refused(store, error, (notice) => json({ ...page, notice: withCouponLink(notice) }, { status: refusalStatus(error) }));
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const store = await requireCustomer(request);
  const submission = parseWithZod(await request.formData(), { schema: attachCouponSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), notice: null }, { status: 400 });
  try {
    const notice = await attachCoupon(store, store.customer, submission.value.code, context);
    return redirectWith(store.session, "/order/coupons", notice);
  } catch (error) {
    return refused(store, error, (notice) => json({ result: submission.reply(), notice: withCouponLink(notice) }, { status: refusalStatus(error) }));
  }
}

export default function AttachCoupon() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("coupons");
  const notice = actionData?.notice ?? data.notice;
  const coupon = actionData ? null : data.coupon;
  const busy = navigation.state !== "idle" && navigation.formAction === ATTACH_PATH;
  return (
    <div className="crm-coupon">
      <h1>{data.title}</h1>
      {notice ? <NoticeBanner notice={notice} /> : null}
      {data.emailConfirmed ? null : <p className="notice notice-info">{t("crm.unconfirmed")}</p>}
      {coupon ? (
        <>
          <CouponCard coupon={coupon} lng={data.lng} timeZone={data.timeZone}>
            {coupon.attached ? (
              <p className="coupon-note">
                {t("crm.already")} <Link to="/order/coupons">{t("crm.seeCoupons")}</Link>
              </p>
            ) : (
              <Form method="post" action={ATTACH_PATH}>
                <AuthenticityTokenInput />
                <input type="hidden" name="intent" value="attach" />
                <input type="hidden" name="code" value={coupon.code} />
                <button type="submit" className="button" disabled={busy}>
                  {busy ? t("crm.submitting") : t("crm.attach")}
                </button>
              </Form>
            )}
          </CouponCard>
          <p>
            <Link to={ATTACH_PATH}>{t("crm.another")}</Link>
          </p>
        </>
      ) : (
        <>
          <p>{t("crm.intro")}</p>
          <AttachCouponForm lastResult={actionData?.result} />
        </>
      )}
    </div>
  );
}
