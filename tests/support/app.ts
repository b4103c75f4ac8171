import { expect } from "vitest";
import type { SessionData } from "~/session.server";
import type { Database } from "#server/db/client";
import { addToCart } from "#server/cart/cart";
import { productUuid } from "#server/db/seed";

/**
 * Calling the app's own loaders and actions in integration tests. The session module is imported when first
 * used, so a suite sets SESSION_SECRET, DATA_DIR and friends at its top before anything here runs.
 */
const sessions = () => import("~/session.server");

/** A session cookie ("__pizza=...") holding the given data. */
export async function cookie(data: Partial<SessionData>): Promise<string> {
  const session = await sessions();
  const s = await session.getSession();
  for (const [key, value] of Object.entries(data)) s.set(key as keyof SessionData, value as never);
  return (await session.commitSession(s)).split(";")[0]!;
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

export const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

/** A carry-out cart with large pan pepperoni pizzas, for a slot (or ASAP). */
export async function pizzaCart(db: Database, outletId: number, orderTime: Date | null, pizzas = 1): Promise<string> {
  const layers = await db
    .selectFrom("product_layers as l")
    .innerJoin("products as p", "p.id", "l.product_id")
    .select(["l.id", "l.sku"])
    .where("p.sku", "=", "PZ-PEPPERONI")
    .where("l.sku", "in", ["L", "L-PAN"])
    .execute();
  return addToCart(db, {
    cartUuid: null,
    outletId,
    orderType: "C",
    orderTime,
    productUuid: productUuid("PZ-PEPPERONI"),
    firstLayerId: layers.find((l) => l.sku === "L")!.id,
    secondLayerId: layers.find((l) => l.sku === "L-PAN")!.id,
    quantity: pizzas,
  });
}
