// Card order (issue 13): an order paid online by card, against the local Adyen stand-in (bench/lib/adyen.ts, in this
// process; the app pays through Adyen's library over TLS, and the stand-in's AUTHORISATION webhooks come back to the
// app's /api/adyen/webhooks). Each order from its own prepared session and cart (as place order), over
// BENCH_CONNECTIONS keep-alive connections (workers: each sends its next request when its answer is in):
//
//   placement  POST /checkout (carry-out, paymentMethod=card, one pizza): the order in status 1 with its first
//              attempt, answered 303 to /adyen/checkout/<transaction> (the payment page)
//   payment    POST /adyen/checkout/<transaction>/pay: intent=pay and the card component's state.data of a Visa test
//              card (Adyen's test_ blobs, no 3-D Secure), with the page's CSRF token; the app calls /payments, applies
//              the authorisation (the order received: status 3, its confirmation mail written) and answers
//              {redirect: /payment-status/<transaction>}
//   end to end each order placed then paid by the same worker: confirmed card orders per second
//   3-D Secure each order placed, paid with the Visa 3-D Secure card ({action}: the stand-in's challenge), the
//              challenge completed as the shopper would (controls.completeChallenge: the issuer's page itself is not
//              timed), then GET /adyen/checkout/<transaction>/return?redirectResult=…, which the app confirms with
//              /payments/details and answers 303 to /payment-status/<transaction>
//
// The page between placement and payment (GET /adyen/checkout/<transaction>, with its /paymentMethods call) is not
// in the timed path: its weight is bench/weight.ts's. Times are performance.now() around each run (no whole-second
// sampling); the server's CPU is taken until the stand-in has delivered every webhook (their processing is part of
// a payment's cost). Afterwards every order is checked over HTTP (payment status and tracker data): received
// (status 3) once (one status-3 row in its history), its attempt Authorised.
//
// Its references, in the same run: the place order scenario (cash orders), and the stand-in's own capacity for
// /payments called directly through the app's client (server/payments/adyen/client.ts, @adyen/api-library) with the
// same concurrency, its webhooks off.
import type { SerializeFrom } from "@remix-run/node";
import type { loader as paymentStatusLoader } from "~/routes/payment-status.($transaction)/route";
import type { loader as trackerLoader } from "~/routes/tracker-order.($uuid)/route";
import { adyenCheckout } from "../../server/payments/adyen/client";
import type { AdyenStandIn } from "../../tests/support/adyen";
import { BENCH_ADYEN, BENCH_CARDS, cardData } from "../lib/adyen";
import { sessionsWithCart, type BenchContext } from "../lib/context";
import { Client, Tally, latencyOf, row, type Latency, type Reply } from "../lib/client";
import { cpuSnapshot, cpuUse, type CpuSnapshot, type CpuUse, type Scenario } from "../lib/load";
import { BenchError, intEnv, round } from "../lib/report";
import { checkoutBody, inBatches } from "../lib/storefront";
import { benchOrders } from "./place-order";

/** Transactions of every card order this run placed (warm-up included), for the clean-up on Postgres. */
export const cardTransactions = new Set<string>();

const TRANSACTION = /^\/adyen\/checkout\/([A-Za-z0-9_-]{16,64})$/;
const STATUS_RECEIVED = 3;

// ---------------------------------------------------------------------------------------------- the steps

interface CardOrder {
  /** The session cookie (the checkout's answer replaces it). */
  cookie: string;
  transaction?: string;
  /** ms from the checkout post to the order confirmed (the pay answer, or the return's). */
  totalMs?: number;
  confirmed: boolean;
}

interface Steps {
  place(order: CardOrder, tally: Tally): Promise<boolean>;
  pay(order: CardOrder, tally: Tally): Promise<boolean>;
  pay3ds(order: CardOrder, pay: Tally, back: Tally): Promise<boolean>;
}

/** The steps of a card order, each over the current run's client (`http()`). */
function steps(ctx: BenchContext, http: () => Client, standIn: AdyenStandIn): Steps {
  const { shop } = ctx;
  const payBody = (number: string) => shop.withToken(`intent=pay&data=${encodeURIComponent(JSON.stringify(cardData(number)))}`);
  const visaBody = payBody(BENCH_CARDS.visa);
  const visa3dsBody = payBody(BENCH_CARDS.visa3ds);
  const jsonOf = (reply: Reply): { redirect?: string; action?: { type?: string; url?: string } } => {
    try {
      return JSON.parse(reply.body) as { redirect?: string; action?: { type?: string; url?: string } };
    } catch {
      return {};
    }
  };
  return {
    async place(order, tally) {
      const reply = await tally.time(
        "POST /checkout (card)",
        () => http().send("POST", "/checkout", { cookie: shop.withCsrf(order.cookie), body: shop.withToken(checkoutBody("card")) }),
        (r) => r.status === 303 && TRANSACTION.test(r.location ?? ""),
      );
      if (!reply) return false;
      order.transaction = TRANSACTION.exec(reply.location!)![1]!;
      cardTransactions.add(order.transaction);
      if (reply.cookie) order.cookie = reply.cookie;
      return true;
    },

    async pay(order, tally) {
      const tx = order.transaction!;
      const reply = await tally.time(
        "POST …/pay (Visa)",
        () => http().send("POST", `/adyen/checkout/${tx}/pay`, { cookie: shop.withCsrf(order.cookie), body: visaBody }),
        (r) => r.status === 200 && jsonOf(r).redirect === `/payment-status/${tx}`,
      );
      order.confirmed = reply !== null;
      return order.confirmed;
    },

    async pay3ds(order, pay, back) {
      const tx = order.transaction!;
      const reply = await pay.time(
        "POST …/pay (Visa 3-D Secure)",
        () => http().send("POST", `/adyen/checkout/${tx}/pay`, { cookie: shop.withCsrf(order.cookie), body: visa3dsBody }),
        (r) => r.status === 200 && jsonOf(r).action?.type === "redirect",
      );
      if (!reply) return false;
      // The shopper at the issuer: the stand-in's challenge page, answered with the right password.
      const returnUrl = `/adyen/checkout/${tx}/return`;
      const payment = [...standIn.payments.values()].find((p) => p.challenge && !p.challenge.redirectResult && p.returnUrl.endsWith(returnUrl));
      if (!payment) {
        pay.unexpected += 1;
        pay.note(`no 3-D Secure challenge at the stand-in for ${tx}`);
        return false;
      }
      const redirectResult = standIn.controls.completeChallenge(payment.pspReference, "authorise");
      const returned = await back.time(
        "GET …/return",
        () => http().send("GET", `${returnUrl}?redirectResult=${encodeURIComponent(redirectResult)}`, { cookie: shop.withCsrf(order.cookie) }),
        (r) => r.status === 303 && r.location === `/payment-status/${tx}`,
      );
      order.confirmed = returned !== null;
      return order.confirmed;
    },
  };
}

// ---------------------------------------------------------------------------------------------- runs

interface Window {
  /** Seconds from the first request to the last answer. */
  seconds: number;
  /** Seconds from the last answer until the stand-in had delivered every webhook. */
  webhookTailSeconds: number;
  cpu: CpuUse | null;
  /** Server CPU ms per order (webhooks included). */
  serverMsPerOrder: number | null;
}

/** Runs `work` over `items`, `connections` at a time, timed; the CPU until the stand-in's webhooks are all delivered. */
async function timedRun<T>(ctx: BenchContext, standIn: AdyenStandIn, items: T[], requests: number, work: (item: T) => Promise<void>): Promise<Window> {
  const pid = ctx.app.child.pid;
  const before = await cpuSnapshot(pid);
  const t0 = performance.now();
  await inBatches(items.length, ctx.settings.connections, (i) => work(items[i]!));
  const t1 = performance.now();
  await standIn.controls.idle();
  const t2 = performance.now();
  const after = await cpuSnapshot(pid);
  return {
    seconds: (t1 - t0) / 1000,
    webhookTailSeconds: round((t2 - t1) / 1000, 3),
    cpu: cpuUse(before, after, requests),
    serverMsPerOrder: serverMsPer(before, after, items.length),
  };
}

const serverMsPer = (before: CpuSnapshot | null, after: CpuSnapshot | null, count: number) =>
  before && after && count ? round((after.serverMs - before.serverMs) / count, 2) : null;

// ---------------------------------------------------------------------------------------------- the check

export interface CardCheck {
  orders: number;
  /** Answers that confirmed the order (the pay's redirect, or the return's 303). */
  confirmedAnswers: number;
  /** Orders at status 3 afterwards, their attempt Authorised. */
  received: number;
  /** Orders whose history holds status 3 more than once. */
  duplicates: number;
  /** Orders checked and found elsewhere than received (or not found). */
  notReceived: number;
  problems: string[];
}

type PaymentStatusData = SerializeFrom<typeof paymentStatusLoader>;
type TrackerData = SerializeFrom<typeof trackerLoader>;

/** Each order over HTTP: its attempt's status page data (its order's uuid) and its tracker's (status, history). */
async function checkOrders(ctx: BenchContext, orders: CardOrder[]): Promise<CardCheck> {
  const { shop } = ctx;
  const check: CardCheck = { orders: orders.length, confirmedAnswers: orders.filter((o) => o.confirmed).length, received: 0, duplicates: 0, notReceived: 0, problems: [] };
  const problem = (text: string) => {
    if (check.problems.length < 5) check.problems.push(text);
  };
  await inBatches(orders.length, ctx.settings.connections, async (i) => {
    const order = orders[i]!;
    if (!order.transaction) {
      check.notReceived += 1;
      return;
    }
    try {
      const status = await shop.data<PaymentStatusData>(`/payment-status/${order.transaction}`, "routes/payment-status.($transaction)", order.cookie);
      const uuid = status.data.order.uuid;
      benchOrders.add(uuid);
      const tracker = await shop.data<TrackerData>(`/tracker-order/${uuid}`, "routes/tracker-order.($uuid)", order.cookie);
      const tracked = tracker.data.order;
      const times = tracked.history.filter((h) => h.status === STATUS_RECEIVED).length;
      if (times > 1) check.duplicates += 1;
      if (tracked.status === STATUS_RECEIVED && times === 1 && status.data.message.key === "status.Authorised") check.received += 1;
      else {
        check.notReceived += 1;
        problem(`order ${uuid}: status ${tracked.status}, received ${times} times, payment ${status.data.message.key}`);
      }
    } catch (error) {
      check.notReceived += 1;
      problem(`${order.transaction}: ${(error as Error).message.split("\n")[0]}`);
    }
  });
  return check;
}

// ---------------------------------------------------------------------------------------------- the stand-in alone

export interface StandInCapacity {
  description: string;
  calls: number;
  connections: number;
  seconds: number;
  callsPerSecond: number;
  latencyMs: Latency;
  /** Answers other than Authorised, and calls that failed. */
  unexpected: number;
  errors: number;
  /** This process's CPU per call: Adyen's library (the client) and the stand-in together. */
  benchCpuMsPerCall: number | null;
  cpu: CpuUse | null;
}

async function standInCapacity(ctx: BenchContext, standIn: AdyenStandIn, calls: number, amountCents: number): Promise<StandInCapacity> {
  const checkout = adyenCheckout({ apiKey: BENCH_ADYEN.ADYEN_API_KEY, environment: "test", endpoint: standIn.apiUrl, endpointCaFile: standIn.caCertPath });
  const data = cardData(BENCH_CARDS.visa);
  const run = `${Date.now().toString(36)}`;
  const tally = { latencies: [] as number[], unexpected: 0, errors: 0 };
  const pay = async (reference: string, timed: boolean) => {
    const t0 = performance.now();
    try {
      const answer = await checkout.PaymentsApi.payments(
        {
          merchantAccount: BENCH_ADYEN.ADYEN_MERCHANT_ACCOUNT,
          amount: { value: amountCents, currency: "MXN" },
          reference,
          paymentMethod: data.paymentMethod as never,
          browserInfo: data.browserInfo as never,
          returnUrl: `${ctx.app.base}/adyen/checkout/${reference}/return`,
          origin: ctx.app.base,
          channel: "Web" as never,
          countryCode: "MX",
          shopperLocale: "es-MX",
          shopperIP: "192.0.2.10",
          additionalData: { manualCapture: "true" },
        },
        { idempotencyKey: `${reference}:payments` },
      );
      if (!timed) return;
      tally.latencies.push(performance.now() - t0);
      if (answer.resultCode !== "Authorised") tally.unexpected += 1;
    } catch {
      if (timed) tally.errors += 1;
    }
  };
  // Its webhooks would go to the app, about payments it never made: not sent.
  await standIn.controls.idle();
  standIn.controls.dropWebhooks = true;
  try {
    if (ctx.settings.warmup > 0) await inBatches(Math.max(ctx.settings.connections, 30), ctx.settings.connections, (i) => pay(`bench-warm-${run}-${i}`, false));
    const before = await cpuSnapshot(ctx.app.child.pid);
    const t0 = performance.now();
    await inBatches(calls, ctx.settings.connections, (i) => pay(`bench-direct-${run}-${i}`, true));
    const seconds = (performance.now() - t0) / 1000;
    const after = await cpuSnapshot(ctx.app.child.pid);
    return {
      description: "POST /v{N}/payments (Visa, test_ blobs, manual capture) through server/payments/adyen/client.ts, from this process",
      calls,
      connections: ctx.settings.connections,
      seconds: round(seconds, 3),
      callsPerSecond: round(tally.latencies.length / seconds, 1),
      latencyMs: latencyOf(tally.latencies),
      unexpected: tally.unexpected,
      errors: tally.errors,
      benchCpuMsPerCall: before && after ? round((after.benchMs - before.benchMs) / calls, 2) : null,
      cpu: cpuUse(before, after, calls),
    };
  } finally {
    standIn.controls.dropWebhooks = false;
  }
}

// ---------------------------------------------------------------------------------------------- the scenario

export interface CardPhase {
  scenario: Scenario;
  /** Orders placed, paid, or placed and paid (confirmed). */
  done: number;
  /** Those per second over the run's wall time. */
  perSecond: number;
  window: Window;
  /** Per order, from the checkout post to its confirmation (end-to-end runs). */
  orderLatencyMs?: Latency;
  /** Per step (end-to-end runs). */
  steps?: Record<string, Latency>;
  /** The first few failures, if any. */
  problems: string[];
}

export interface CardResults {
  orders: number;
  connections: number;
  placement: CardPhase;
  payment: CardPhase;
  endToEnd: CardPhase;
  threeDS: CardPhase | null;
  standIn: StandInCapacity;
  check: CardCheck;
  webhooks: { delivered: number; accepted: number };
}

/** Whether the run had no errors: every answer expected, every order received once. */
export const cardConsistent = (card: CardResults) =>
  card.check.duplicates === 0 && card.check.notReceived === 0 && card.check.received === card.check.orders && card.standIn.errors === 0 && card.standIn.unexpected === 0;

export async function cardOrderScenario(ctx: BenchContext, standIn: AdyenStandIn): Promise<CardResults> {
  const { settings } = ctx;
  const n = settings.orders;
  const with3ds = intEnv("BENCH_CARD_3DS", 1, 0) > 0;
  // A new client (fresh keep-alive sockets) for each run: a socket left idle between runs may be closed by the server
  // just as it is reused (ECONNRESET on a post that cannot be retried blindly).
  let client = new Client(ctx.app.base, settings.connections);
  const renew = () => {
    client.close();
    client = new Client(ctx.app.base, settings.connections);
  };
  const fresh = async (count: number, what: string): Promise<CardOrder[]> => {
    const orders = (await sessionsWithCart(ctx, count, what)).map((cookie) => ({ cookie, confirmed: false }));
    renew();
    return orders;
  };
  const step = steps(ctx, () => client, standIn);
  const deliveredBefore = standIn.controls.deliveries.length;
  try {
    if (settings.warmup > 0) {
      const warm = await fresh(Math.max(settings.connections, 30), " to pay by card (warm-up)");
      console.log(`bench: card order warm-up (${warm.length} orders)`);
      const [place, pay] = [new Tally(), new Tally()];
      await inBatches(warm.length, settings.connections, async (i) => {
        const order = warm[i]!;
        if (await step.place(order, place)) await step.pay(order, pay);
      });
      await standIn.controls.idle();
      if (place.errors + place.unexpected + pay.errors + pay.unexpected > 0) {
        throw new BenchError(`card order warm-up failed: ${[...place.problems, ...pay.problems].join("; ")}`);
      }
    }

    // 1. placement alone, then 2. payment alone, of the same orders
    const separate = await fresh(n, " to check out by card");
    console.log(`bench: card order, placement (${n} orders over ${settings.connections} connections)`);
    const placeTally = new Tally();
    const placeWindow = await timedRun(ctx, standIn, separate, n, async (order) => {
      await step.place(order, placeTally);
    });
    const placed = separate.filter((o) => o.transaction);
    console.log(`bench: card order, payment (${placed.length} orders, Visa without 3-D Secure)`);
    const payTally = new Tally();
    renew();
    const payWindow = await timedRun(ctx, standIn, placed, placed.length, async (order) => {
      await step.pay(order, payTally);
    });

    // 3. end to end: each order placed then paid by the same worker
    const whole = await fresh(n, " for whole card orders");
    console.log(`bench: card order, end to end (${n} orders: checkout then pay)`);
    const [e2ePlace, e2ePay] = [new Tally(), new Tally()];
    const e2eWindow = await timedRun(ctx, standIn, whole, 2 * n, async (order) => {
      const t0 = performance.now();
      if ((await step.place(order, e2ePlace)) && (await step.pay(order, e2ePay))) order.totalMs = performance.now() - t0;
    });

    // 4. end to end with 3-D Secure
    let threeDS: CardPhase | null = null;
    let secure: CardOrder[] = [];
    if (with3ds) {
      secure = await fresh(n, " for 3-D Secure card orders");
      console.log(`bench: card order with 3-D Secure, end to end (${n} orders: checkout, pay, challenge, return)`);
      const [place, pay, back] = [new Tally(), new Tally(), new Tally()];
      const window = await timedRun(ctx, standIn, secure, 3 * n, async (order) => {
        const t0 = performance.now();
        if ((await step.place(order, place)) && (await step.pay3ds(order, pay, back))) order.totalMs = performance.now() - t0;
      });
      const all = new Tally().merge(place, pay, back);
      const confirmed = secure.filter((o) => o.confirmed).length;
      threeDS = {
        scenario: row(
          "card order, 3-D Secure",
          "POST /checkout (card), POST …/pay (Visa 3-D Secure: {action}), the challenge completed at the stand-in, GET …/return (303 to /payment-status)",
          303,
          all,
          window.seconds,
          window.cpu,
        ),
        done: confirmed,
        perSecond: round(confirmed / window.seconds, 1),
        window,
        orderLatencyMs: latencyOf(secure.flatMap((o) => (o.totalMs === undefined ? [] : [o.totalMs]))),
        steps: { placement: latencyOf(place.latencies), pay: latencyOf(pay.latencies), return: latencyOf(back.latencies) },
        problems: all.problems,
      };
    }

    // 5. the stand-in alone, same concurrency
    console.log(`bench: the stand-in alone (${n} /payments calls through @adyen/api-library, ${settings.connections} at a time)`);
    const direct = await standInCapacity(ctx, standIn, n, ctx.product.unitCents);

    // every order received once?
    await standIn.controls.idle();
    const checked = [...separate, ...whole, ...secure];
    console.log(`bench: checking the ${checked.length} card orders (payment status and tracker)`);
    const check = await checkOrders(ctx, checked);
    const deliveries = standIn.controls.deliveries.slice(deliveredBefore);

    const e2eAll = new Tally().merge(e2ePlace, e2ePay);
    const confirmedWhole = whole.filter((o) => o.confirmed).length;
    return {
      orders: n,
      connections: settings.connections,
      placement: {
        scenario: row("card order: placement", "POST /checkout (carry-out, card, one pizza) from its own session and cart: 303 to the payment page", 303, placeTally, placeWindow.seconds, placeWindow.cpu),
        done: placed.length,
        perSecond: round(placed.length / placeWindow.seconds, 1),
        window: placeWindow,
        problems: placeTally.problems,
      },
      payment: {
        scenario: row("card order: payment", "POST /adyen/checkout/:transaction/pay (Visa, no 3-D Secure): the app's /payments call, the order received, {redirect}", 200, payTally, payWindow.seconds, payWindow.cpu),
        done: placed.filter((o) => o.confirmed).length,
        perSecond: round(placed.filter((o) => o.confirmed).length / payWindow.seconds, 1),
        window: payWindow,
        problems: payTally.problems,
      },
      endToEnd: {
        scenario: row("card order: end to end", "each order: POST /checkout (card), then POST …/pay (Visa): confirmed card orders", 200, e2eAll, e2eWindow.seconds, e2eWindow.cpu),
        done: confirmedWhole,
        perSecond: round(confirmedWhole / e2eWindow.seconds, 1),
        window: e2eWindow,
        orderLatencyMs: latencyOf(whole.flatMap((o) => (o.totalMs === undefined ? [] : [o.totalMs]))),
        steps: { placement: latencyOf(e2ePlace.latencies), pay: latencyOf(e2ePay.latencies) },
        problems: e2eAll.problems,
      },
      threeDS,
      standIn: direct,
      check,
      webhooks: { delivered: deliveries.length, accepted: deliveries.filter((d) => d.accepted).length },
    };
  } finally {
    client.close();
  }
}
