import { parseWithZod } from "~/web/forms.server";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { LoyaltyCard } from "~/components/account/LoyaltyCard";
import { lazyForm, withFormPreload } from "~/lazy-form";
import { NoticeBanner } from "~/components/ui/Notice";
import { useTranslation } from "~/i18n/react";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { requireCustomer } from "~/web/customer.server";
import { redirectWith, refused } from "~/web/storefront.server";
import { attachCard, loyaltyCardSchema, refusalStatus, shopToday } from "./loyalty.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /loyalty-card (spec: the loyalty-card attach route; login required): attach a 15-digit card with the account's
 * phone and birthday. Invalid form: 400 with the fields' messages; a refusal of the rules (server/customers/loyalty.ts)
 * the page again with its translated message (403 unconfirmed email, 409 card taken, 422 details that do not match,
 * 429 too many tries); attached: 303 to the profile with `loyaltyAttached`. An account that has a card sees it.
 */
export const handle = { layout: "simple", i18n: ["history", "account", "validation"], noStore: true };

// The form (conform, its inline validation) arrives after the page's first load (app/lazy-form.tsx).
const LoyaltyCardForm = lazyForm(() => import("~/components/account/LoyaltyCardForm").then((m) => m.LoyaltyCardForm));
export const clientLoader = withFormPreload(LoyaltyCardForm);

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  const store = await requireCustomer(request);
  return json({
    title: translator(store.lng, "history")("loyalty.title"),
    lng: store.lng,
    today: shopToday(),
    card: store.customer.loyaltyCard,
    emailConfirmed: store.customer.emailConfirmed,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const store = await requireCustomer(request);
  const submission = parseWithZod(await request.formData(), { schema: loyaltyCardSchema(shopToday()) });
  if (submission.status !== "success") return json({ result: submission.reply(), notice: null }, { status: 400 });
  try {
    await attachCard(store, store.customer, submission.value);
  } catch (error) {
    return refused(store, error, (notice) => json({ result: submission.reply(), notice }, { status: refusalStatus(error) }));
  }
  return redirectWith(store.session, "/profile", { tone: "success", key: "notices.account.loyaltyAttached" });
}

export default function LoyaltyCardPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["history", "errors"]);
  return (
    <div className="loyalty">
      <h1>{data.title}</h1>
      {data.card ? (
        <>
          <LoyaltyCard cardNumber={data.card} />
          <p>{t("loyalty.oneCard")}</p>
          <p>
            <Link to="/profile">{t("loyalty.backToProfile")}</Link>
          </p>
        </>
      ) : (
        <>
          <p>{t("loyalty.intro")}</p>
          {data.emailConfirmed ? null : <p className="notice notice-info">{t("errors:emailNotConfirmed")}</p>}
          {actionData && "notice" in actionData && actionData.notice ? <NoticeBanner notice={actionData.notice} /> : null}
          <LoyaltyCardForm lastResult={actionData?.result} today={data.today} lng={data.lng} />
        </>
      )}
    </div>
  );
}
