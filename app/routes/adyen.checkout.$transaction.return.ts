import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { confirmReturn, getDb, paymentFailure, payments, statusPath, unconfirmedStatusPath, type ReturnParams } from "~/web/payments.server";

/**
 * /adyen/checkout/:transaction/return: where Adyen sends the shopper's browser back after 3-D Secure or the hosted
 * payment page, by GET (query) or POST (a form from Adyen's site: cross-site, without our CSRF token or our session
 * cookie; the edge lets this route alone take it, `handle.form.from`). What it carries proves nothing by itself: it
 * is confirmed with Adyen server-side (`/payments/details` with the redirect result, or the session's result), once
 * however many times it arrives (server/payments/attempts.ts, confirmReturn), and the shopper goes on to the status
 * page in any case, which shows where the attempt is.
 */
export const handle = { form: { from: "provider-return", maxBytes: 16 * 1024 } };

const REDIRECT_RESULT_MAX = 8_000;

/** The return's parameters: Adyen's redirectResult, or a hosted session's id and result. */
function returnParams(values: { get(name: string): FormDataEntryValue | string | null }): ReturnParams | null {
  const text = (name: string) => {
    const value = values.get(name);
    return typeof value === "string" && value.length > 0 && value.length <= REDIRECT_RESULT_MAX ? value : null;
  };
  const redirectResult = text("redirectResult");
  if (redirectResult) return { details: { redirectResult } };
  const sessionId = text("sessionId");
  const sessionResult = text("sessionResult");
  if (sessionId && sessionResult) return { sessionId, sessionResult };
  return null;
}

async function settle(transaction: string, params: ReturnParams | null): Promise<Response> {
  const configured = payments(await getDb());
  if (configured && params) {
    try {
      await confirmReturn(configured, transaction, params);
    } catch (error) {
      // Not confirmed now (the provider away, a result it does not know): the status page shows the attempt as it
      // is, and the webhook or the sweeper settles it.
      const failure = paymentFailure(error);
      if (failure.status === 404) throw new Response(null, { status: 404 });
      return redirect(unconfirmedStatusPath(transaction), { status: 303 });
    }
  }
  return redirect(statusPath(transaction), { status: 303 });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return settle(params.transaction ?? "", returnParams(new URL(request.url).searchParams));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return settle(params.transaction ?? "", returnParams(await request.formData()));
}
