import { parseWithZod } from "~/web/forms.server";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { lazyForm, withFormPreload } from "~/lazy-form";
import { redirectWith, storefront } from "~/web/storefront.server";
import { countLookup, lookUpOrder, trackingSchema } from "./lookup.server";
import { clientAddress } from "~/web/edge.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /tracking: look an order up by its number and email, or ask for the links of one's orders by email alone
 * (spec section 5: "order number or email required"). Who sees what is decided in server/orders/lookup.ts:
 * number + email must match one order (then its tracker opens); a mismatch and an unknown number get the same
 * "not found" (404); an email alone always gets "if that email has orders we sent you the links" (and the mail
 * goes only when it has). Invalid input answers 400, too many lookups from one address 429 (counted in the database,
 * lookup.server.ts), each with a translated message.
 */
export const handle = { layout: "simple", i18n: ["tracking", "validation"] };

// The form (conform, its inline validation) arrives after the page's first load (app/lazy-form.tsx).
const TrackingForm = lazyForm(() => import("~/components/tracker/TrackingForm").then((m) => m.TrackingForm));
export const clientLoader = withFormPreload(TrackingForm);

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  const store = await storefront(request);
  const t = translator(store.lng, "tracking");
  return json({ title: t("title") });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const store = await storefront(request);
  const submission = parseWithZod(await request.formData(), { schema: trackingSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const limit = await countLookup(store.db, clientAddress(context));
  if (!limit.allowed) {
    return json(
      { result: submission.reply({ formErrors: ["tracking:tooMany"] }) },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const outcome = await lookUpOrder(store.db, submission.value, store.lng);
  if (outcome.kind === "found") return redirect(`/tracker-order/${outcome.uuid}`, { status: 303 });
  if (outcome.kind === "notFound") return json({ result: submission.reply({ formErrors: ["tracking:notFound"] }) }, { status: 404 });
  return redirectWith(store.session, "/tracking", { tone: "success", key: "tracking:linksSent", values: { email: outcome.email } });
}

export default function Tracking() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("tracking");
  return (
    <div className="tracking">
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      <TrackingForm lastResult={actionData?.result} />
      <p className="muted">{t("privacy")}</p>
    </div>
  );
}
