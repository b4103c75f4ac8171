import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { SessionData } from "~/web/session.server";
import type { Database } from "#server/db/client";
import { addToCart } from "#server/cart/rows";
import { productUuid } from "#server/db/seed";

/**
 * Calling the app's own loaders and actions in integration tests. The session module is imported when first
 * used, so a suite sets SESSION_SECRET, DATA_DIR and friends at its top before anything here runs.
 */
const sessions = () => import("~/web/session.server");

/** A session cookie ("__pizza=...") holding the given data. */
export async function cookie(data: Partial<SessionData>): Promise<string> {
  const session = await sessions();
  const s = await session.getSession();
  for (const [key, value] of Object.entries(data)) s.set(key as keyof SessionData, value as never);
  return (await session.commitSession(s)).split(";")[0]!;
}

/**
 * A loader's answer as a Response: the root's and the menu's answer with `defer` and no promise
 * (app/web/page-data.server.ts), given here as the JSON Response `json()` would have made (their data through JSON,
 * as a browser gets it, with their status and headers).
 */
export async function answerOf(result: unknown): Promise<Response> {
  const answer = await result;
  if (answer instanceof Response) return answer;
  const deferred = answer as { data?: unknown; deferredKeys?: unknown[]; init?: ResponseInit } | null;
  if (!deferred || !Array.isArray(deferred.deferredKeys) || typeof deferred.data !== "object") throw new Error("not a loader's answer");
  expect(deferred.deferredKeys, "a page's data has no promise in it").toEqual([]);
  return new Response(JSON.stringify(deferred.data), { status: deferred.init?.status ?? 200, headers: deferred.init?.headers });
}

/** The session a response leaves in the browser. */
export async function sessionOf(response: Response) {
  const setCookie = response.headers.get("Set-Cookie");
  expect(setCookie, "the response sets the session cookie").toBeTruthy();
  return (await sessions()).getSession(setCookie!.split(";")[0]);
}

export function get(path: string, cookieHeader: string) {
  return new Request(`http://localhost${path}`, { headers: { Cookie: cookieHeader } });
}

export function post(path: string, cookieHeader: string, fields: Record<string, string>) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookieHeader, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The Response a loader or action threw (Remix's redirects are thrown responses). */
export async function thrown(result: Promise<unknown>): Promise<Response> {
  try {
    await result;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

/** What Remix would answer: a returned or thrown Response's status, 200 for data; any other throw is its 500 (rethrown). */
export async function statusOf(run: () => unknown): Promise<number> {
  try {
    const result = await run();
    return result instanceof Response ? result.status : 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

export const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

/** A cart of one pizza in one size and crust (by skus), `quantity` of it, plus `extras` (sku → quantity). */
export async function cartOf(
  db: Database,
  cart: { outletId: number; orderType: "C" | "D"; orderTime?: Date | null },
  pizza: { sku: string; size: string; crust: string; quantity: number },
  extras: Record<string, number> = {},
): Promise<string> {
  const layers = await db
    .selectFrom("product_layers as l")
    .innerJoin("products as p", "p.id", "l.product_id")
    .select(["l.id", "l.sku"])
    .where("p.sku", "=", pizza.sku)
    .where("l.sku", "in", [pizza.size, pizza.crust])
    .execute();
  const uuid = await addToCart(db, {
    cartUuid: null,
    ...cart,
    productUuid: productUuid(pizza.sku),
    firstLayerId: layers.find((l) => l.sku === pizza.size)!.id,
    secondLayerId: layers.find((l) => l.sku === pizza.crust)!.id,
    quantity: pizza.quantity,
  });
  for (const [sku, quantity] of Object.entries(extras)) {
    await addToCart(db, { cartUuid: uuid, outletId: cart.outletId, orderType: cart.orderType, productUuid: productUuid(sku), quantity });
  }
  return uuid;
}

/** A carry-out cart with large pan pepperoni pizzas, for a slot (or ASAP). */
export function pizzaCart(db: Database, outletId: number, orderTime: Date | null, pizzas = 1): Promise<string> {
  return cartOf(db, { outletId, orderType: "C", orderTime }, { sku: "PZ-PEPPERONI", size: "L", crust: "L-PAN", quantity: pizzas });
}

/** Large stuffed-crust Hawaiians (27,400 each) and a 600 ml cola (3,900). */
export function hawaiianCart(db: Database, outletId: number, orderType: "C" | "D", pizzas = 1): Promise<string> {
  return cartOf(db, { outletId, orderType }, { sku: "PZ-HAWAIANA", size: "L", crust: "L-STUFFED", quantity: pizzas }, { "DR-COLA-600": 1 });
}

/**
 * A cash order of large pan pepperoni pizzas placed at an outlet (by its code), ASAP unless a slot is given, as a
 * customer would place it (through server/orders/place.ts). Returns its id, uuid and number.
 */
export async function placeCashOrder(
  db: Database,
  options: {
    outletCode: string;
    orderType?: "D" | "C";
    orderTime?: Date | null;
    pizzas?: number;
    name?: string;
    /** What the customer pays with in cash (centavos); absent: the exact amount. */
    tenderedCents?: number;
    /** a coupon code applied to the cart first (it must apply) */
    coupon?: string;
  },
) {
  const { placeOrder } = await import("#server/orders/place");
  const outlet = await db.selectFrom("outlets").select(["id", "postal_code"]).where("code", "=", options.outletCode).executeTakeFirstOrThrow();
  let cartUuid = await pizzaCart(db, outlet.id, options.orderTime ?? null, options.pizzas ?? 1);
  const orderType = options.orderType ?? "C";
  if (options.coupon) {
    const { applyCouponCode } = await import("#server/coupons/apply");
    const place = { cartUuid, outletId: outlet.id, orderType, orderTime: options.orderTime ?? null, customerId: null, address: "192.0.2.10" };
    const applied = await applyCouponCode(db, place, options.coupon);
    if (applied.kind !== "applied") throw new Error(`coupon ${options.coupon} is not applied to a cart`);
    cartUuid = applied.cartUuid;
  }
  const placed = await placeOrder(db, {
    cartUuid,
    outletId: outlet.id,
    orderType,
    ...(orderType === "D"
      ? { postalCode: outlet.postal_code, address: { st: "Calle 1", houseNo: "10", cityName: "CDMX", prefectureName: "CDMX", landmark: "Portón verde" } }
      : {}),
    checkout: {
      name: options.name ?? "José",
      surname: "Núñez",
      email: "jose@example.com",
      mobile: "5512345678",
      comment: "",
      paymentMethod: "cash",
      idempotencyKey: randomUUID(),
      ...(orderType === "D" ? { propertyType: "house" as const } : {}),
      ...(options.tenderedCents ? { cashTenderedCents: options.tenderedCents } : {}),
    },
    locale: "es",
  });
  const { id } = await db.selectFrom("orders").select("id").where("uuid", "=", placed.uuid).executeTakeFirstOrThrow();
  return { id, ...placed };
}

/**
 * A carry-out card order paid online (issue 13) placed as the checkout places it with the provider `provider`
 * configured: it waits for its payment (1) with its first attempt. Returns its id, uuid, number, total and that
 * attempt's transaction and merchant reference.
 */
export async function placeCardOrder(db: Database, options: { outletCode: string; pizzas?: number; provider?: string }) {
  const { placeOrder } = await import("#server/orders/place");
  const outlet = await db.selectFrom("outlets").select("id").where("code", "=", options.outletCode).executeTakeFirstOrThrow();
  const cartUuid = await pizzaCart(db, outlet.id, null, options.pizzas ?? 1);
  const placed = await placeOrder(db, {
    cartUuid,
    outletId: outlet.id,
    orderType: "C",
    checkout: { name: "Lucía", surname: "Pérez", email: "lucia@example.com", mobile: "5512345678", comment: "", paymentMethod: "card", idempotencyKey: randomUUID() },
    locale: "es",
    paymentProvider: options.provider ?? "adyen",
  });
  if (!placed.paymentTransaction) throw new Error("a card order without its first attempt");
  const attempt = await db
    .selectFrom("payments as p")
    .innerJoin("orders as o", "o.id", "p.order_id")
    .select(["o.id", "o.total_cents", "p.merchant_reference"])
    .where("p.transaction", "=", placed.paymentTransaction)
    .executeTakeFirstOrThrow();
  return { id: attempt.id, uuid: placed.uuid, number: placed.number, totalCents: attempt.total_cents, transaction: placed.paymentTransaction, merchantReference: attempt.merchant_reference };
}
