/**
 * Codes of the spec's error catalogue (section 8) that the server raises.
 * The app maps each code to a translated message; `data` fills its blanks.
 */
export const errorCodes = [
  // cart and order time
  "CART-01", "CART-02", "CART-03", "CART-04", "CART-05", "CART-07",
  "ORDER-1", "ORDER-2", "ORDER-3", "ORDER-4", "ORDER-5", "ORDER-6", "ORDER-7", "ORDER-8", "ORDER-9",
  "ORDER-10", "ORDER-11", "ORDER-12",
  "HUT-01", "HUT-02", "HUT-03", "HUT-04",
  "ITEM-02", "ITEM-03", "ITEM-04", "SINGLE-06",
  // outlet checks
  "HUTFE-0", "HUTFE-1", "HUTFE-10",
  // order time (issue 4): ASAP while closed, a past time, a full slot
  "ADVANCE-ORDER", "PAST-ORDER-TIME", "SLOT-FULL",
  // beyond the catalogue: the storefront's own refusals
  "MAX-CART", "NO-OUTLET", "OUTLET-REQUIRED", "ITEM-NOT-FOUND",
  // the total placed is not the one the customer was shown (a price or a coupon changed meanwhile)
  "ORDER-TOTAL",
  "HALF-PAIR", "COMBO-CHOICE", "TOPPING-INVALID", "TOPPING-EXTRA-LIMIT", "TOPPING-REMOVAL-LIMIT", "TOPPING-PER-LIMIT",
  // store console (issue 5): the status lifecycle and staff sign-in
  "STATUS-TRANSITION", "CANCEL-REASON", "STAFF-AUTH", "STAFF-THROTTLED",
  // hardening (issue 9): the sign-in queue is full
  "AUTH-BUSY",
  // customer accounts (issue 11): the spec's CUS-100001..11, and 12..18 as docs/accounts.md assigns them
  "CUS-100001", "CUS-100002", "CUS-100003", "CUS-100004", "CUS-100005", "CUS-100006", "CUS-100007", "CUS-100008",
  "CUS-100009", "CUS-100010", "CUS-100011", "CUS-100012", "CUS-100013", "CUS-100014", "CUS-100015", "CUS-100016",
  "CUS-100017", "CUS-100018",
  // saved places (issue 11): a customer's places are capped (server/customers/location-rules.ts, PLACES_MAX)
  "PLACES-LIMIT",
  // coupons (issue 12): the spec's CP-01..25 as docs/coupons.md numbers them (server/coupons/rules.ts decides them)
  "CP-01", "CP-02", "CP-03", "CP-04", "CP-05", "CP-06", "CP-07", "CP-08", "CP-09", "CP-10", "CP-11", "CP-12", "CP-13",
  "CP-14", "CP-15", "CP-16", "CP-17", "CP-18", "CP-19", "CP-20", "CP-21", "CP-22", "CP-23", "CP-24", "CP-25",
  // managers' coupons (issue 12 point 8): only a manager manages the chain's coupons (/store/coupons)
  "STAFF-FORBIDDEN",
  // the coupon game (issue 12): GA-01 no such game or paused, GA-02 no plays left this period, GA-03 cannot play yet
  "GA-01", "GA-02", "GA-03",
  // coupon history (issue 12): CPH-01 the history cannot be read now, CPH-02 an attached coupon can no longer be used
  "CPH-01", "CPH-02",
  // online payment (issue 13): no such attempt, the order no longer waits for it, a result still pending, too many
  // attempts, the provider cannot be reached or refused the call, the browser sent no usable card data
  "PAY-NOT-FOUND", "PAY-CLOSED", "PAY-PENDING", "PAY-ATTEMPTS", "PAY-PROVIDER", "PAY-DATA",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export type ErrorData = Record<string, string | number>;

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly data: ErrorData;
  constructor(code: ErrorCode, data: ErrorData = {}, message?: string) {
    super(message ?? code);
    this.name = "DomainError";
    this.code = code;
    this.data = data;
  }
}

export function isDomainError(e: unknown): e is DomainError {
  return e instanceof DomainError;
}
