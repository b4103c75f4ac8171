import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { dayOfOrderTimeValue, orderTimeSchema, parseWithZod } from "~/web/forms.server";
import { OrderTimeDialog } from "~/components/order-time/OrderTimeDialog";
import { withoutOrderTimeDialog } from "~/components/order-time/paths";
import { useRootData } from "~/root-data";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { formatDay } from "~/format";
import { orderTimeDialog } from "~/web/order-time.server";
import { saveOrderTime } from "./save.server";
import { waitingCouponOutcome } from "~/web/cart.server";
import type { Notice } from "~/web/session.server";
import { redirectWith, refused, safeBackPath, storefront } from "~/web/storefront.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

// The root carries "ordertime" (the dialog opens over any page), the hour's error messages included.
export const handle = { layout: "simple" };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

async function page(request: Request, back: string, day: string | null) {
  const store = await storefront(request);
  const data = await orderTimeDialog(store, day);
  if (!data) throw await redirectWith(store.session, "/home", { tone: "info", key: "errors:outletRequired" });
  const t = translator(store.lng, "ordertime");
  return { store, data, back, title: t("pageTitle") };
}

/** The order-time dialog as a page of its own (where a refused choice is answered, and a script-less fallback). */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { data, back, title } = await page(request, safeBackPath(url.searchParams.get("back"), "/order"), url.searchParams.get("day"));
  return json({ data, back, title, notice: null, result: null });
}

/**
 * Saves the order time and returns to the page the dialog was opened on (303), whose loaders then run again:
 * the categories and the cart follow the new time. A value that is not "asap" or a slot's value is a 400; an
 * order time the outlet refuses (past, closed day, full, not offered) is a 422 with its message, on this page.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const back = withoutOrderTimeDialog(safeBackPath(form.get("back"), "/order"));
  const submission = parseWithZod(form, { schema: orderTimeSchema });
  // The day drop-down belongs to the dialog's day-switch form: a refused post shows the day of the chosen hour.
  const value = form.get("value");
  const day = dayOfOrderTimeValue(value);
  if (submission.status !== "success") {
    const { data, title } = await page(request, back, day);
    return json({ data, back, title, notice: null, result: submission.reply() }, { status: 400 });
  }
  const { store, data, title } = await page(request, back, day);
  try {
    await saveOrderTime(store, submission.value.value);
  } catch (error) {
    return refused(store, error, (notice) => json({ data, back, title, notice, result: null }, { status: 422 }));
  }
  const saved = store.session.get("disposition");
  const notice: Notice =
    saved?.advanceOrder === 1 && saved.collectionTime
      ? {
          tone: "success",
          key: "ordertime:saved",
          // As the header words it (ordertime:when: Arabic's own comma).
          values: {
            when: translator(store.lng, "ordertime")("when", {
              day: formatDay(saved.collectionTime.pickedDay, store.lng),
              start: saved.collectionTime.pickedHours.split("-")[0],
              end: saved.collectionTime.pickedHours.split("-")[1],
            }),
          },
        }
      : { tone: "success", key: "ordertime:savedAsap" };
  // A coupon that waited for a time that holds (a choice made while the outlet was closed) is tried now; a deal's code
  // opens its combo.
  const coupon = await waitingCouponOutcome(store);
  return redirectWith(store.session, coupon?.to ?? back, coupon ? { ...notice, tone: coupon.notice.tone === "error" ? "info" : notice.tone, also: coupon.notice } : notice);
}

export default function OrderTimePage() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const root = useRootData();
  const { data, back, notice, result } = acted ?? loaded;
  return (
    <OrderTimeDialog
      data={data}
      lng={root?.lng ?? "es"}
      notice={notice}
      errors={result?.error?.value ?? null}
      closeHref={back}
      dayHref="/order-time"
      back={back}
      modal={false}
    />
  );
}
