import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { CouponForm, CouponPage } from "~/components/store/CouponForm";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { couponFormAction, couponFormPage } from "~/web/store-coupons.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /store/coupons/:id (managers only): one coupon's form, its uses so far (never reset by saving) and its pause or
 * resume button (a post to the list, which says what it did). An unknown id is a 404.
 */
export const handle = { layout: "bare", i18n: ["validation"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return couponFormPage(request, params.id ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return couponFormAction(request, params.id ?? "");
}

export default function EditCoupon() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("store");
  const coupon = data.coupon!;
  const intent = coupon.active ? "pause" : "resume";
  return (
    <CouponPage title={data.title}>
      <div className="coupon-state">
        <p>
          {coupon.active ? t("coupons.list.active") : t("coupons.list.paused")} · {t("coupons.form.usesSoFar", { count: coupon.uses })}
        </p>
        <Form method="post" action="/store/coupons?index">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={coupon.id} />
          <button type="submit" className="button button-secondary">
            {t(`coupons.list.${intent}`, { code: coupon.code })}
          </button>
        </Form>
      </div>
      <CouponForm {...data} key={coupon.id} lastResult={actionData?.result} uses={coupon.uses} submitLabel={t("coupons.form.save")} />
    </CouponPage>
  );
}
