import { json, type ActionFunctionArgs } from "@remix-run/node";
import { getDb, payments, processAfterAnswer, receiveWebhook } from "~/web/payments.server";

/**
 * POST /api/adyen/webhooks: Adyen's standard notifications (issue 13 point 4). Basic auth (when configured) and
 * every item's HMAC signature are checked with Adyen's library; a bad one refuses the whole request (401, nothing
 * stored). The events go to the inbox (a replay stores nothing), `[accepted]` is answered at once, and they are
 * processed after the answer (and by the payment worker, should this process stop first). JSON only, no CSRF: the
 * edge takes this route's posts as the provider's (`handle.form.from`).
 */
export const handle = { form: { from: "webhook", maxBytes: 256 * 1024 } };

export function loader() {
  throw json({ code: "PAY-NOT-FOUND" }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const configured = payments(await getDb());
  if (!configured) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const answer = await receiveWebhook(configured, { body: await request.text(), authorization: request.headers.get("authorization") });
  if (answer.status === 200) processAfterAnswer(configured);
  return new Response(answer.body, { status: answer.status, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
