// The placement alone, without HTTP: `BENCH_DATABASE_URL=… npm run bench:placement` (Postgres).
//
// `npm run bench`'s place-order figure is a whole checkout post (the request, Remix, the session and its CSRF check,
// the form's validation, the placement, the redirect) beside pgbench's ceiling. This asks what the placement itself
// can reach on the same machine: the storefront's own `placeOrder` with its confirmation mail, as the checkout calls
// it (server/orders/place.ts, app/web/mail.server.ts), after the form's fields are parsed by the checkout's schema (as
// any checkout must), called in this process 10 at a time (the bench's connections) on the app's own pool, for
// BENCH_ORDERS (1,500) carts made beforehand by `addToCart`, after 30 unreported. Then the ceiling of the same run
// (bench/lib/ceiling.ts: pgbench, 8 clients) and the ratio, the figure issue 15's point 2 asks of the whole post.
// With no HTTP, no Remix and no session, it is the most the order path could reach on this machine
// with its statements as they are. Run from the sources (tsx), not the build: the same code, unbundled.
//
// The orders are the bench's customer's (BENCH_ORDER_EMAIL) and deleted afterwards with their mails, as `npm run
// bench` does; the database must be migrated and seeded (the bench's is, after one `npm run bench`; or `npm run
// db:seed`). A CPU profile: `node --import tsx --cpu-prof --cpu-prof-dir=bench/results/profiles bench/placement.ts`.
import { randomUUID } from "node:crypto";
import { addToCart } from "#server/cart/rows";
import { createDatabase } from "#server/db/client";
import { productUuid } from "#server/db/seed";
import { outlets } from "#server/db/seed/outlets";
import { checkoutSchema } from "#server/orders/checkout-schema";
import { placeOrder } from "#server/orders/place";
import { queueConfirmationOf } from "~/web/mail.server";
import { STORE_NOW } from "../playwright.config";
import { orderCeiling } from "./lib/ceiling";
import { cpuSnapshot } from "./lib/load";
import { deleteOrders } from "./lib/postgres";
import { round } from "./lib/report";
import { BENCH_ORDER_EMAIL } from "./lib/storefront";

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error("bench:placement measures on Postgres: set BENCH_DATABASE_URL (e.g. postgres://root@127.0.0.1:5432/bench)");
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_500);
const WARM_UP = 30;
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CEILING_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
// The bench's moment (a Friday lunchtime in Mexico City): the outlet is open, an ASAP order passes.
process.env.STORE_NOW ??= STORE_NOW;

const db = createDatabase({ url: databaseUrl });
const placed: string[] = [];
const carts: string[] = [];
try {
  const outlet = await db.selectFrom("outlets").select("id").where("code", "=", outlets[0]!.code).executeTakeFirstOrThrow();
  // The bench's pizza: the smallest pepperoni on the original crust, carry-out.
  const layers = await db
    .selectFrom("product_layers as l")
    .innerJoin("products as p", "p.id", "l.product_id")
    .select(["l.id", "l.sku"])
    .where("p.sku", "=", "PZ-PEPPERONI")
    .where("l.sku", "in", ["S", "S-PAN"])
    .execute();
  const layer = (sku: string) => layers.find((l) => l.sku === sku)!.id;
  const cart = () =>
    addToCart(db, { cartUuid: null, outletId: outlet.id, orderType: "C", productUuid: productUuid("PZ-PEPPERONI"), firstLayerId: layer("S"), secondLayerId: layer("S-PAN"), quantity: 1 });
  for (let i = 0; i < WARM_UP + ORDERS; i++) carts.push(await cart());

  const place = async (cartUuid: string) => {
    const checkout = checkoutSchema.parse({ name: "Banco", surname: "Prueba", email: BENCH_ORDER_EMAIL, mobile: "5512345678", paymentMethod: "cash", idempotencyKey: randomUUID() });
    const order = await placeOrder(
      db,
      { cartUuid, outletId: outlet.id, orderType: "C", checkout, locale: "es" },
      { withOrder: (trx, _, written) => queueConfirmationOf(trx, written).then(() => {}) },
    );
    placed.push(order.uuid);
  };
  const placeAll = async (list: string[]) => {
    let next = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => { while (next < list.length) await place(list[next++]!); }));
  };

  await placeAll(carts.slice(0, WARM_UP));
  const before = await cpuSnapshot(process.pid);
  const t0 = performance.now();
  await placeAll(carts.slice(WARM_UP));
  const seconds = (performance.now() - t0) / 1000;
  const after = await cpuSnapshot(process.pid);
  // This process (the placements: the app's whole share of the machine) and the rest of the machine (Postgres).
  const cpu = before && after && {
    msPerOrder: (after.serverMs - before.serverMs) / ORDERS,
    own: (100 * (after.serverMs - before.serverMs)) / (after.wall - before.wall),
    other: (100 * (after.machineBusyMs - before.machineBusyMs - (after.serverMs - before.serverMs))) / (after.wall - before.wall),
  };
  const perSecond = ORDERS / seconds;
  const distinct = new Set(placed).size;
  if (distinct !== WARM_UP + ORDERS) throw new Error(`bench:placement: ${distinct} distinct orders for ${WARM_UP + ORDERS} placements`);

  const ceiling = await orderCeiling(databaseUrl, CEILING_SECONDS);
  console.log(
    `placement in process: ${ORDERS} orders (each its own, 0 errors) over ${CONCURRENCY} at a time in ${seconds.toFixed(3)} s: ${round(perSecond, 1)} orders/s` +
      (cpu ? `; this process ${round(cpu.msPerOrder, 2)} ms of CPU an order; CPU % of one core, this process/other: ${round(cpu.own, 0)}/${round(cpu.other, 0)}` : ""),
  );
  console.log(`ceiling: ${ceiling.tool}, ${ceiling.clients} clients: ${round(ceiling.transactionsPerSecond, 1)} tps`);
  console.log(`placement in process / ceiling: ${round(perSecond / ceiling.transactionsPerSecond, 3)} ×`);
} finally {
  await deleteOrders(databaseUrl, placed).catch((error: Error) => console.error(`bench:placement: could not delete its orders: ${error.message}`));
  // The carts a failed run left unplaced (a placed cart is gone with its order).
  if (carts.length > 0) {
    await db.deleteFrom("carts").where("uuid", "in", carts).execute().catch((error: Error) => console.error(`bench:placement: could not delete its carts: ${error.message}`));
  }
  await db.destroy();
}
