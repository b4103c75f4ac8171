import { json, type ActionFunctionArgs } from "@remix-run/node";
import { translator } from "~/i18n/translator.server";
import { clientAddress } from "~/web/edge.server";
import { fitsPostgres, paymentFailure, payments, payWithComponent, publicOrigin, returnUrl, statusPath, submitDetails } from "~/web/payments.server";
import { storefront } from "~/web/storefront.server";

/**
 * POST /adyen/checkout/:transaction/pay: what the card form (Adyen Web, on the payment page) posts, with the page's
 * CSRF token: `intent` "pay" with the component's state.data (opaque card blobs, browser info) or "details" with its
 * additional details, as JSON in `data`. Answers JSON: `{ action }` for the component to handle (3-D Secure), or
 * `{ redirect }` to the status page once the provider has answered; a refusal is `{ message }` (translated) with a
 * 4xx, a provider that cannot be reached a 502. Card data never reaches us: the blobs are Adyen's.
 */
export const handle = { form: { maxBytes: 32 * 1024 } };

export function loader() {
  throw json({ code: "PAY-NOT-FOUND" }, { status: 405, headers: { Allow: "POST" } });
}

function readJson(text: FormDataEntryValue | null): Record<string, unknown> | null {
  if (typeof text !== "string") return null;
  try {
    const value: unknown = JSON.parse(text);
    // A NUL or a lone surrogate (a "\u0000" or lone "\ud800" escape) is no component's data, and fits no Postgres text.
    return value && typeof value === "object" && !Array.isArray(value) && fitsPostgres(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The component's additional details as strings only (what /payments/details takes). */
function detailsOf(data: Record<string, unknown>): Record<string, string> | null {
  const details = data.details;
  if (!details || typeof details !== "object") return null;
  const entries = Object.entries(details as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  return entries.length > 0 && entries.length <= 10 ? Object.fromEntries(entries) : null;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const store = await storefront(request);
  const transaction = params.transaction ?? "";
  const t = translator(store.lng, "errors");
  const refuse = (status: number, key: string, values?: Record<string, string | number>) => json({ message: t(key, values) }, { status });
  const configured = payments(store.db);
  if (!configured) return refuse(404, "errors:payNotFound");
  const form = await request.formData();
  const intent = form.get("intent");
  const data = readJson(form.get("data"));
  if (!data || (intent !== "pay" && intent !== "details")) return refuse(400, "errors:payData");
  try {
    let result: Awaited<ReturnType<typeof payWithComponent>>;
    if (intent === "pay") {
      result = await payWithComponent(configured, transaction, {
        data,
        returnUrl,
        origin: publicOrigin(),
        locale: store.lng,
        shopperIp: clientAddress(context),
      });
    } else {
      const details = detailsOf(data);
      if (!details) return refuse(400, "errors:payData");
      result = await submitDetails(configured, transaction, details);
    }
    if (result.action) return json({ action: result.action });
    return json({ redirect: statusPath(result.transaction) });
  } catch (error) {
    const failure = paymentFailure(error);
    return refuse(failure.status, failure.key, failure.values);
  }
}
