/** Order status numbers (spec section 4) and the tracker stage each one shows. */

export const stages = ["starting", "received", "cooking", "delivering", "ready", "completed", "canceled", "error"] as const;
export type Stage = (typeof stages)[number];

const stageByStatus = new Map<number, Stage>();
const assign = (stage: Stage, numbers: number[]) => {
  for (const n of numbers) stageByStatus.set(n, stage);
};
assign("error", [4, 22]);
assign("starting", [1, 2, 25]);
assign("received", [3, 10, 11, 12, 13, 14, 15, 27]);
assign("cooking", [5]);
assign("delivering", [6]);
assign("completed", [7, 9]);
assign("canceled", [8]);
assign("ready", [16, 17, 18, 19, 20]);

/** Every status number the spec names. */
export const knownStatuses: readonly number[] = [...stageByStatus.keys()].sort((a, b) => a - b);

/** The stage of a status number; a number the spec does not name shows as "starting" (not yet confirmed). */
export function stageOf(status: number): Stage {
  return stageByStatus.get(status) ?? "starting";
}

/** The status an order takes when it is placed with a method paid at the door (cash, card on delivery). */
export const STATUS_RECEIVED = 3;

/**
 * An order paid online (issue 13) starts here and is not shown to the store until its payment is authorised:
 * 1 awaiting its payment (placed, or its last attempt failed: the customer may try again or pay at the door),
 * 25 the shopper is authenticating (3-D Secure, the provider's hosted page), 2 the provider's result is pending.
 */
export const STATUS_AWAITING_PAYMENT = 1;
export const STATUS_PAYMENT_PENDING = 2;
export const STATUS_PAYMENT_ACTION = 25;
export const STARTING_STATUSES: readonly number[] = [STATUS_AWAITING_PAYMENT, STATUS_PAYMENT_PENDING, STATUS_PAYMENT_ACTION];
/**
 * The error stage for orders paid online: 4 no payment was authorised in time (the sweeper ended it; nothing was
 * charged, the store never saw it), 22 a payment was authorised after the order had ended (it is being returned).
 */
export const STATUS_PAYMENT_EXPIRED = 4;
export const STATUS_PAID_TOO_LATE = 22;

/** Stages 4 and 22: the order could not be sent to the store; the customer should call it. */
export function needsCall(status: number): boolean {
  return stageOf(status) === "error";
}
