import { parseWithZod } from "~/web/forms.server";
import { json } from "@remix-run/node";
import { isDomainError } from "#server/errors";
import { moveOrderAsStaff, todaysOrders } from "#server/staff/console";
import { CANCELED } from "#server/orders/lifecycle";
import { backToConsole, requireStaff, staffSessionStorage, STORE_HOME } from "~/web/auth.server";
import { now } from "#server/clock";
import { consoleIntentSchema } from "~/components/store/schemas";
import { translator } from "~/i18n/translator.server";
import { noticeForError } from "~/web/storefront.server";
import { deliverMail, queueCancellationMail } from "~/web/mail.server";

/** The console's own URL, keeping `?refresh=off` (the stopped auto refresh) across posts. */
function consolePath(request: Request): string {
  return new URL(request.url).searchParams.get("refresh") === "off" ? `${STORE_HOME}?refresh=off` : STORE_HOME;
}

/**
 * The order whose cancel form the URL opens (`?cancel=<uuid>`): the way without JavaScript, where the page reloads
 * itself and would wipe a half-typed reason, so that view does not reload. Only an order on the list that may still
 * be cancelled; anything else is the plain console.
 */
function cancelling(request: Request, orders: Awaited<ReturnType<typeof todaysOrders>>): string | null {
  const uuid = new URL(request.url).searchParams.get("cancel");
  return orders.find((order) => order.uuid === uuid && order.next.includes(CANCELED))?.uuid ?? null;
}

/** The console page: today's orders of the signed-in staff member's outlets, newest first. */
export async function consolePage(request: Request) {
  const { db, session, staff, lng } = await requireStaff(request);
  const at = now();
  const orders = await todaysOrders(db, staff, lng, at);
  const cancel = cancelling(request, orders);
  const notice = session.get("notice") ?? null;
  const t = translator(lng, "store");
  return json(
    {
      title: t("console.title"),
      lng,
      orders,
      outlets: staff.outlets.map((o) => o.name),
      updatedAt: at.toISOString(),
      timeZone: staff.outlets[0]?.timeZone ?? "America/Mexico_City",
      notice,
      cancelling: cancel,
      autoRefresh: new URL(request.url).searchParams.get("refresh") !== "off" && !cancel,
    },
    notice ? { headers: { "Set-Cookie": await staffSessionStorage.commitSession(session) } } : undefined,
  );
}

/** HTTP status of a refused move: another outlet's or no such order 404, a move the table refuses 409. */
const moveStatus: Record<string, number> = { "ORDER-1": 404, "STATUS-TRANSITION": 409, "CANCEL-REASON": 400 };

/**
 * A console button or the cancel form. The order must belong to one of the staff member's outlets (checked in
 * server/staff/console.ts under the order's row lock). Success: a 303 back to the console with a notice, so the
 * page works the same without JavaScript. A refusal: the page again with a translated message and a 4xx.
 */
export async function consoleAction(request: Request) {
  const { db, session, staff, lng } = await requireStaff(request);
  const submission = parseWithZod(await request.formData(), { schema: consoleIntentSchema });
  if (submission.status !== "success") {
    const order = submission.payload.order;
    return json(
      { notice: null, order: typeof order === "string" ? order : null, result: submission.reply() },
      { status: 400 },
    );
  }
  const input = submission.value;
  try {
    const reason = input.intent === "cancel" ? input.reason : undefined;
    const moved = await moveOrderAsStaff(
      db,
      staff,
      { orderUuid: input.order, from: input.from, to: input.intent === "cancel" ? 8 : input.to, reason, now: now() },
      // A cancel tells the customer, with the reason, in the move's transaction (sent once it has committed).
      reason ? (trx) => queueCancellationMail(trx, input.order, reason.trim()) : undefined,
    );
    if (reason) void deliverMail(db);
    return backToConsole(session, consolePath(request), {
      tone: "success",
      key: `store:moved.${moved.to}`,
      values: { number: moved.number },
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return json(
      { notice: noticeForError(error, lng), order: input.order, result: submission.reply({ formErrors: [error.code] }) },
      { status: moveStatus[error.code] ?? 422 },
    );
  }
}
