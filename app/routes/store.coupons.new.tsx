import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CouponForm, CouponPage } from "~/components/store/CouponForm";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { couponFormAction, couponFormPage } from "~/web/store-coupons.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/** /store/coupons/new (managers only): a new coupon; saved, it is listed at /store/coupons with 0 uses. */
export const handle = { layout: "bare", i18n: ["validation"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  return couponFormPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return couponFormAction(request);
}

export default function NewCoupon() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("store");
  return (
    <CouponPage title={data.title}>
      <CouponForm {...data} lastResult={actionData?.result} uses={null} submitLabel={t("coupons.form.create")} />
    </CouponPage>
  );
}
