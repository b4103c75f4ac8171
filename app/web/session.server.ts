import { createCookieSessionStorage } from "@remix-run/node";
import type { Disposition } from "#server/outlets/outlets";
import type { Lng } from "~/i18n/config";
import { storefrontCookie } from "~/web/cookies.server";

export interface Notice {
  tone: "success" | "error" | "info";
  /** A key of the "common" or "errors" namespace, e.g. "cart.added" or "errors:CART-03". */
  key: string;
  values?: Record<string, string | number>;
  /** a link the message offers (a coupon that does not exist: the deals); `key` names its text */
  link?: { to: string; key: string };
  /**
   * The element the message belongs beside (a form's anchor, app/components/cart/CartForm.tsx): a document post
   * answered by a reload to that anchor shows it there, not at the top of the page the reload scrolled away from.
   */
  at?: string;
  /** a second message said after this one (an add whose waiting coupon was refused: the add, then why not) */
  also?: Notice;
}

export interface SessionData {
  disposition: Disposition;
  cartUuid: string;
  lng: Lng;
  /** Epoch milliseconds of the last recorded activity (for the idle reset). */
  lastActivity: number;
  /** A random id of this browser's session: checkout idempotency keys are scoped to it (checkout.server.ts). */
  sid: string;
  /** A signed-in customer's session token (server/security/sessions.ts); the row decides whether it still holds. */
  customerToken: string;
  /** The version of the emergency banner this browser dismissed (server/content/emergency.ts). */
  emergencyDismissed: string;
  /**
   * A past order's uuid whose reorder waits for a delivery or carry-out choice (routes/history): the next choice
   * made puts it in the cart (disposition.server.ts), so the customer does not have to come back and ask again.
   */
  pendingReorder: string;
  /** A coupon code applied before any delivery or carry-out choice (routes/cart): the next choice applies it. */
  pendingCoupon: string;
  /**
   * The uuid of the order this browser placed to pay online, while it may still wait for its payment: the empty
   * checkout the browser's back button returns to says so, with the way to pay it (routes/checkout).
   */
  awaitingPayment: string;
}

/**
 * What a refused builder or combo form had chosen (routes/cart.tsx flashes it beside the refusal's notice), so the
 * page it goes back to shows the same choice with the reason: nothing the customer picked is lost.
 */
export interface CartChoice {
  /** the product added (null when a line was being changed) */
  productUuid: string | null;
  /** the cart line being changed (null for an add) */
  lineId: number | null;
  secondLayerId: number | null;
  removed: number[];
  extras: Record<number, number>;
  halves: string[];
  quantity: number;
  /** a combo's choice: product uuid by slot id */
  combo: Record<string, string>;
}

/** A line of a past order that a reorder could not put in the cart, with the reason (routes/history). */
export interface LeftOutLine {
  name: string;
  quantity: number;
  reason: Notice;
}

export interface FlashData {
  notice: Notice;
  cartChoice: CartChoice;
  /** A coupon code refused from the coupon field (routes/cart.tsx), shown under that field on the page it came from. */
  couponMessage: Notice;
  /** The lines a reorder left out (routes/history), for the history page to list; one-shot like the notice. */
  reorderLeftOut: LeftOutLine[];
}

export { sessionSecrets } from "~/web/session-secrets.server";

export const sessionStorage = createCookieSessionStorage<SessionData, FlashData>({
  cookie: storefrontCookie("pizza", 60 * 60 * 24 * 30),
});

export const { getSession, commitSession, destroySession } = sessionStorage;
