import { now as clockNow } from "../clock";
import type { Database } from "../db/client";
import { DomainError } from "../errors";
import type { OrderType } from "../cart/pricing";
import { knownStatuses } from "./status";
import { moneyOnOrderMove } from "../payments/store";
import { releaseCouponUses } from "../coupons/uses";
import { notifyOrderChanged } from "./watch";

/**
 * The order status lifecycle (issue 5): which status may follow which, who may make the move, and the one
 * function that makes it. The spec (section 4) names the status numbers and their tracker stages but says
 * "allowed transitions between statuses are not shown"; this table is our decision, written out in the README.
 *
 * Who: "staff" are the store's people (the store console); "system" is the software around the store (online
 * payment results, the hand-over to the store's system). A system actor may make every move of the table; staff
 * only the moves marked for them: the kitchen's steps and a cancel. Staff never declare the "could not be sent
 * to the store" errors (4, 22) nor confirm an online payment (starting → received): that is the system's word.
 */
export type ActorKind = "staff" | "system";

export const CANCELED = 8;
export const RECEIVED = 3;
export const COOKING = 5;
export const DELIVERING = 6;
export const DELIVERED = 7;
export const PICKED_UP = 9;
export const READY = 16;

/** Statuses no move leaves: completed (7 delivered, 9 picked up) and canceled (8). */
export const FINAL_STATUSES: ReadonlySet<number> = new Set([DELIVERED, PICKED_UP, CANCELED]);

interface Edge {
  to: number;
  by: readonly ActorKind[];
  /** The move exists only for this order type (6 and 7 are delivery's, 16 and 9 carry-out's). */
  only?: OrderType;
}

const STAFF_AND_SYSTEM = ["staff", "system"] as const;
const SYSTEM = ["system"] as const;
const cancel: Edge = { to: CANCELED, by: STAFF_AND_SYSTEM };

/** Every status number the spec names, by stage, as sources of moves. */
const STARTING = [1, 2, 25];
const RECEIVED_ALL = [3, 10, 11, 12, 13, 14, 15, 27];
const READY_ALL = [16, 17, 18, 19, 20];

const edges = new Map<number, readonly Edge[]>();
const from = (statuses: number[], out: Edge[]) => {
  for (const s of statuses) edges.set(s, out);
};
// starting (an online payment not yet confirmed; issue 13): the payment moves it between its starting statuses
// (1 awaiting payment, 25 authenticating, 2 pending), confirms it (received) or ends it (4: no payment in time);
// either side may cancel.
for (const status of STARTING) {
  from([status], [
    ...STARTING.filter((other) => other !== status).map((other): Edge => ({ to: other, by: SYSTEM })),
    { to: RECEIVED, by: SYSTEM },
    { to: 4, by: SYSTEM },
    { to: 22, by: SYSTEM },
    cancel,
  ]);
}
// error (the order did not reach the store; the tracker asks the customer to call): once the store has it after
// all (the customer called, the hand-over was retried), staff or the system mark it received; or it is canceled.
// An order whose payment ended it (4) and was then paid after all is 22: the payment goes back.
from([4], [{ to: RECEIVED, by: STAFF_AND_SYSTEM }, { to: 22, by: SYSTEM }, cancel]);
from([22], [{ to: RECEIVED, by: STAFF_AND_SYSTEM }, cancel]);
// received (3 and the spec's other received numbers, 10-15 and 27): into the oven, or canceled.
from(RECEIVED_ALL, [{ to: COOKING, by: STAFF_AND_SYSTEM }, cancel]);
// cooking: out for delivery (delivery orders) or ready at the counter (carry-out); or canceled.
from([COOKING], [
  { to: DELIVERING, by: STAFF_AND_SYSTEM, only: "D" },
  { to: READY, by: STAFF_AND_SYSTEM, only: "C" },
  cancel,
]);
// delivering: delivered (completed); or canceled when the delivery fails (nobody at the address, refused).
from([DELIVERING], [{ to: DELIVERED, by: STAFF_AND_SYSTEM }, cancel]);
// ready (16 and the spec's other ready numbers, 17-20): picked up (completed); or canceled (never collected).
from(READY_ALL, [{ to: PICKED_UP, by: STAFF_AND_SYSTEM }, cancel]);
// completed (7, 9) and canceled (8) are final: no entry, no move.

/** The statuses an order of this type may move to from `status`, by an actor of this kind, in table order. */
export function nextStatuses(status: number, orderType: OrderType, by: ActorKind): number[] {
  return (edges.get(status) ?? [])
    .filter((edge) => (!edge.only || edge.only === orderType) && edge.by.includes(by))
    .map((edge) => edge.to);
}

/** Whether the table allows the move (a status the spec does not name allows none). */
export function canTransition(fromStatus: number, to: number, orderType: OrderType, by: ActorKind): boolean {
  return nextStatuses(fromStatus, orderType, by).includes(to);
}

/** Every move of the table, for the README and the tests: [from, to, order types, actor kinds]. */
export function transitionTable(): { from: number; to: number; orderTypes: OrderType[]; by: ActorKind[] }[] {
  return knownStatuses.flatMap((status) =>
    (edges.get(status) ?? []).map((edge) => ({
      from: status,
      to: edge.to,
      orderTypes: edge.only ? [edge.only] : (["D", "C"] as OrderType[]),
      by: [...edge.by],
    })),
  );
}

/** "staff:12" is a member of staff; anything else ("system", "payments") is the system. */
export function actorKind(actor: string): ActorKind {
  return actor.startsWith("staff:") ? "staff" : "system";
}

/** A cancel reason is required, trimmed, 3 to 200 characters. */
export const CANCEL_REASON_MIN = 3;
export const CANCEL_REASON_MAX = 200;

export interface TransitionInput {
  orderId: number;
  to: number;
  /** Who makes the move: "staff:<id>" or "system" (kept in the history). */
  actor: string;
  /** Required when canceling (8). */
  reason?: string;
  /** The status the actor saw: when given and the order has moved on since, the move is refused. */
  expectedFrom?: number;
  /** Only orders of these outlets may be moved (the store console's staff); another outlet's is "not found". */
  outletIds?: readonly number[];
  /** The instant of the move (the history's time); the clock's now by default. */
  now?: Date;
}

export interface Transitioned {
  orderId: number;
  number: string;
  from: number;
  to: number;
  at: Date;
}

/**
 * Moves an order to another status, or refuses with a DomainError:
 * - ORDER-1: no such order (or not one of `outletIds`' orders: staff of one outlet cannot tell another's exists);
 * - STATUS-TRANSITION: the table does not allow the move for this order type and actor, or the order is no
 *   longer in `expectedFrom` (someone moved it first);
 * - CANCEL-REASON: a cancel without a reason of 3-200 characters.
 * One transaction: the order row is locked (`select … for update`), so two moves of one order run one after the
 * other and the second sees the first's status. The status, the cancel reason and a history row (status, time,
 * actor) are written together. A canceled scheduled order gives its pizzas back to its slot's capacity.
 */
export function transition(db: Database, input: TransitionInput): Promise<Transitioned> {
  return db.transaction().execute((trx) => transitionIn(trx, input));
}

/** `transition` inside the caller's transaction (a payment result moves its order with the attempt's change). */
export async function transitionIn(trx: Database, input: TransitionInput): Promise<Transitioned> {
  const reason = input.reason?.trim() ?? "";
  if (input.to === CANCELED && (reason.length < CANCEL_REASON_MIN || reason.length > CANCEL_REASON_MAX)) {
    throw new DomainError("CANCEL-REASON", { min: CANCEL_REASON_MIN, max: CANCEL_REASON_MAX });
  }
  const at = input.now ?? clockNow();
  {
    let query = trx
      .selectFrom("orders")
      .select(["id", "uuid", "number", "status", "order_type", "outlet_id", "collection_time", "slot_pizzas"])
      .where("id", "=", input.orderId);
    if (input.outletIds) {
      if (input.outletIds.length === 0) throw new DomainError("ORDER-1");
      query = query.where("outlet_id", "in", [...input.outletIds]);
    }
    const order = await query.forUpdate().executeTakeFirst();
    if (!order) throw new DomainError("ORDER-1");
    const refused = () =>
      new DomainError("STATUS-TRANSITION", { number: order.number, from: order.status, to: input.to });
    if (input.expectedFrom !== undefined && input.expectedFrom !== order.status) throw refused();
    if (!canTransition(order.status, input.to, order.order_type, actorKind(input.actor))) throw refused();

    await trx
      .updateTable("orders")
      .set({
        status: input.to,
        ...(input.to === CANCELED ? { cancel_reason: reason, slot_pizzas: 0 } : {}),
        ...(input.to === 4 ? { slot_pizzas: 0 } : {}),
      })
      .where("id", "=", order.id)
      .execute();
    await trx
      .insertInto("order_status_history")
      .values({ order_id: order.id, status: input.to, at, actor: input.actor })
      .execute();
    // Every app process's tracker streams of this order hear of it when the move commits (server/orders/watch.ts).
    await notifyOrderChanged(trx, order.uuid);
    // The money follows (issue 13): a canceled order gives back what was paid online (cancel or refund through the
    // provider, queued with this move), a handed-over one is captured.
    if (input.to === CANCELED) await moneyOnOrderMove(trx, order.id, "refund", at);
    if (input.to === DELIVERED || input.to === PICKED_UP) await moneyOnOrderMove(trx, order.id, "capture", at);
    // An order paid online that ends without its payment (4) never was an order: its coupons can be used again.
    // A canceled one never reached its customer either: a once-only coupon can go on the order placed again.
    if (input.to === CANCELED || (input.to === 4 && STARTING.includes(order.status))) await releaseCouponUses(trx, order.id);
    // A canceled scheduled order, or one whose payment never came (4), frees the room it booked in its slot
    // (placement booked it in one upsert).
    if ((input.to === CANCELED || input.to === 4) && order.collection_time && order.slot_pizzas > 0) {
      await trx
        .updateTable("slot_bookings")
        .set((eb) => ({ pizzas: eb.fn("greatest", [eb("pizzas", "-", order.slot_pizzas), eb.lit(0)]) }))
        .where("outlet_id", "=", order.outlet_id)
        .where("slot_at", "=", order.collection_time)
        .execute();
    }
    return { orderId: order.id, number: order.number, from: order.status, to: input.to, at };
  }
}
