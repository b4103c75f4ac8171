import type { ErrorCode } from "#server/errors";

/**
 * The one table from the spec's error codes to translated messages (namespace "errors").
 * Every code the server can raise has an entry, so no refusal reaches a customer untranslated.
 */
export const errorMessageKey: Record<ErrorCode, string> = {
  "CART-01": "errors:cartNotFound",
  "ORDER-TOTAL": "errors:orderTotalChanged",
  "CART-02": "errors:cartInvalid",
  "CART-03": "errors:minimumCart",
  "CART-04": "errors:emptyCart",
  "CART-05": "errors:cartInvalid",
  "CART-07": "errors:invalidCurrentOrderTime",
  "ORDER-1": "errors:orderNotFound",
  "ORDER-2": "errors:emptyCart",
  "ORDER-3": "errors:noOutlet",
  "ORDER-4": "errors:itemUnavailable",
  "ORDER-5": "errors:couponUsed",
  "ORDER-6": "errors:couponFailed",
  "ORDER-7": "errors:cannotAdd",
  "ORDER-8": "errors:cannotCreateCart",
  "ORDER-9": "errors:invalidOrderTime",
  "ORDER-10": "errors:storeClosed",
  "ORDER-11": "errors:invalidOrderTime",
  "ORDER-12": "errors:storeClosing",
  "HUT-01": "errors:invalidOrderTime",
  "HUT-02": "errors:invalidOpenTime",
  "HUT-03": "errors:storeClosed",
  "HUT-04": "errors:storeClosed",
  "ITEM-02": "errors:hutDay",
  "ITEM-03": "errors:lunchTime",
  "ITEM-04": "errors:itemUnavailable",
  "SINGLE-06": "errors:sellingTime",
  "HUTFE-0": "errors:noOutlet",
  "HUTFE-1": "errors:notOpen",
  "HUTFE-10": "errors:peakTime",
  "ADVANCE-ORDER": "errors:advanceOrder",
  "PAST-ORDER-TIME": "errors:pastOrderTime",
  "SLOT-FULL": "errors:slotFull",
  "MAX-CART": "errors:maximumCart",
  "NO-OUTLET": "errors:noOutlet",
  "OUTLET-REQUIRED": "errors:outletRequired",
  "ITEM-NOT-FOUND": "errors:itemUnavailable",
  "HALF-PAIR": "errors:halfPair",
  "COMBO-CHOICE": "errors:comboChoice",
  "TOPPING-INVALID": "errors:toppingInvalid",
  "TOPPING-EXTRA-LIMIT": "errors:toppingExtraLimit",
  "TOPPING-REMOVAL-LIMIT": "errors:toppingRemovalLimit",
  "TOPPING-PER-LIMIT": "errors:toppingPerLimit",
  "STATUS-TRANSITION": "errors:statusTransition",
  "CANCEL-REASON": "errors:cancelReason",
  "STAFF-AUTH": "errors:staffAuth",
  "STAFF-THROTTLED": "errors:staffThrottled",
  "AUTH-BUSY": "errors:authBusy",
  "CUS-100001": "errors:sessionExpired",
  "CUS-100002": "errors:customerNotFound",
  "CUS-100003": "errors:emailExists",
  "CUS-100004": "errors:cannotCreateAccount",
  "CUS-100005": "errors:authFailed",
  "CUS-100006": "errors:oldPassword",
  "CUS-100007": "errors:codeSentRecently",
  "CUS-100008": "errors:codeInvalid",
  "CUS-100009": "errors:codeRequestInvalid",
  "CUS-100010": "errors:codeRequired",
  "CUS-100011": "errors:locationNotFound",
  "CUS-100012": "errors:loyaltyMismatch",
  "CUS-100013": "errors:loyaltyTaken",
  "CUS-100014": "errors:emailNotConfirmed",
  "CUS-100015": "errors:linkInvalid",
  "CUS-100016": "errors:signInThrottled",
  "CUS-100017": "errors:socialFailed",
  "CUS-100018": "errors:orderStillOpen",
  "PLACES-LIMIT": "errors:placesLimit",
  "CP-01": "errors:cp01",
  "CP-02": "errors:cp02",
  "CP-03": "errors:cp03",
  "CP-04": "errors:cp04",
  "CP-05": "errors:cp05",
  "CP-06": "errors:cp06",
  "CP-07": "errors:cp07",
  "CP-08": "errors:cp08",
  "CP-09": "errors:cp09",
  "CP-10": "errors:cp10",
  "CP-11": "errors:cp11",
  "CP-12": "errors:cp12",
  "CP-13": "errors:cp13",
  "CP-14": "errors:cp14",
  "CP-15": "errors:cp15",
  "CP-16": "errors:cp16",
  "CP-17": "errors:cp17",
  "CP-18": "errors:cp18",
  "CP-19": "errors:cp19",
  "CP-20": "errors:cp20",
  "CP-21": "errors:cp21",
  "CP-22": "errors:cp22",
  "CP-23": "errors:cp23",
  "CP-24": "errors:cp24",
  "CP-25": "errors:cp25",
  "STAFF-FORBIDDEN": "errors:staffForbidden",
  "GA-01": "errors:ga01",
  "GA-02": "errors:ga02",
  "GA-03": "errors:ga03",
  "CPH-01": "errors:cph01",
  "CPH-02": "errors:cph02",
  "PAY-NOT-FOUND": "errors:payNotFound",
  "PAY-CLOSED": "errors:payClosed",
  "PAY-PENDING": "errors:payPending",
  "PAY-ATTEMPTS": "errors:payAttempts",
  "PAY-PROVIDER": "errors:payProvider",
  "PAY-DATA": "errors:payData",
};

/** The fields of an error's data that are money (centavos) and are shown formatted. */
export const moneyFields: Partial<Record<ErrorCode, readonly string[]>> = {
  "CART-03": ["amount"],
  "MAX-CART": ["max"],
  "ORDER-TOTAL": ["total"],
  "CP-02": ["amount"],
};

/**
 * The fields of an error's data that are wall-clock stamps of the outlet's zone ("2026-12-01 10:00", as the coupon
 * rules write them) and are shown as the language's day with the time ("martes, 1 de diciembre, 10:00"); an empty
 * one (no start, or no end) as "…".
 */
export const stampFields: Partial<Record<ErrorCode, readonly string[]>> = {
  "CP-13": ["from", "until"],
  // the game's next play ("La próxima se abre el sábado, 21 de noviembre, 00:00"; customer review: it read the stamp)
  "GA-02": ["next"],
};

/** The fields of an error's data that are weekdays ("1,2": 0 = Sunday) and are shown as the language's day names. */
export const weekdayFields: Partial<Record<ErrorCode, readonly string[]>> = {
  "CP-18": ["days"],
};

/**
 * Codes that open the order-time dialog with their message (spec section 8: invalid order time, invalid open
 * time, invalid current order time and the order-time ORDER codes; plus ASAP while closed, past and full).
 */
export const orderTimeDialogCodes: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "HUT-01", "HUT-02", "CART-07", "ORDER-9", "ORDER-10", "ORDER-11", "ORDER-12",
  "ADVANCE-ORDER", "PAST-ORDER-TIME", "SLOT-FULL",
]);

/**
 * A product's or a cart line's availability problem as the page shows it: the problem with its message key, so the
 * browser needs no copy of the code table (it is not in the menu's JavaScript).
 */
export function withMessageKey<P extends { code: ErrorCode }>(problem: P | null): (P & { key: string }) | null {
  return problem ? { ...problem, key: errorMessageKey[problem.code] } : null;
}
