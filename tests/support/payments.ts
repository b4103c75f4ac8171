/**
 * The harness of the online card payment suites (issue 13): the app's real server-side payment code
 * (server/payments) with Adyen's own Node library pointed at the local Adyen stand-in (tests/support/adyen).
 *
 *   const h = await startPaymentsHarness(t.db);
 *   const order = await h.placeCardOrder();
 *   await h.pay(order.transaction, "4111 1111 4555 1142");
 *   await h.settle(); // every webhook delivered, the inbox processed
 *
 * - `payments`: the `Payments` object the app builds (server/payments/attempts.ts), its provider `adyenProvider`
 *   with the stand-in's API origin, CA, shopper URL, a random HMAC key shared with the stand-in and webhook basic
 *   auth; its clock (`clock`) is the test's, starting at the pinned STORE_NOW, and the stand-in shares it.
 * - `webhooks`: a local http server as the webhook endpoint, doing what the app's route does: `receiveWebhook`
 *   and its answer (status, body); each answer is kept (with how many events it stored). Processing is the
 *   test's own call (`settle()`, `processInbox`), so nothing runs behind a test's back.
 * - `returns`: a local http server standing for the shop's return URL (3-D Secure, the hosted page): it records
 *   what the shopper's browser brought back, by GET or POST.
 * - `received`: every `onOrderReceived` call (where the app writes the confirmation mail), by order uuid.
 *
 * Nothing here sleeps: what a test waits on is a promise (the stand-in's `idle()`, its response gates, `until`).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Database } from "#server/db/client";
import type { Language } from "#server/config";
import { applyCouponCode } from "#server/coupons/apply";
import { placeOrder } from "#server/orders/place";
import { payWithComponent, type Payments, type PayResult } from "#server/payments/attempts";
import { adyenProvider } from "#server/payments/adyen/provider";
import { processInbox } from "#server/payments/inbox";
import { receiveWebhook, type WebhookAnswer } from "#server/payments/webhook";
import { type AdyenStandIn, type NotificationItem, startAdyenStandIn, TEST_CARDS } from "./adyen";
import { cartOf } from "./app";

export const MERCHANT = "PizzaChainECOM";
export const WEBHOOK_USER = "adyen-webhooks";
/** The Roma Norte outlet (no cash cap) and Tijuana Zona Río (cash up to $1,000.00). */
export const ROMA = "MX-ROM-01";
export const TIJUANA = "MX-TIJ-01";

/** Adyen test cards the suites use (tests/support/adyen/cards.ts). */
export const CARDS = {
  /** Visa, authorised without 3-D Secure. */
  visa: "4111 1111 4555 1142",
  /** Mastercard, authorised without 3-D Secure. */
  mastercard: "5555 3412 4444 1115",
  /** Visa with a 3-D Secure challenge (password "password"). */
  visa3ds: "4917 6100 0000 0000",
  /** Mastercard with a 3-D Secure challenge. */
  mastercard3ds: "5454 5454 5454 5454",
} as const;

// ---- local servers ---------------------------------------------------------------------------------------------

interface Request {
  method: string;
  url: URL;
  headers: IncomingMessage["headers"];
  body: string;
}

async function localServer(handle: (request: Request) => Promise<{ status: number; body: string }>) {
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = { method: req.method ?? "GET", url: new URL(req.url ?? "/", "http://127.0.0.1"), headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      handle(request).then(
        ({ status, body }) => {
          res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
          res.end(body);
        },
        (error: unknown) => {
          res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
          res.end(String(error));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A condition some requests will meet: resolves once `count` of them arrived. */
class Arrivals<T> {
  readonly items: T[] = [];
  private waiters: Array<{ count: number; resolve: () => void }> = [];

  push(item: T): void {
    this.items.push(item);
    this.waiters = this.waiters.filter((w) => {
      if (this.items.length < w.count) return true;
      w.resolve();
      return false;
    });
  }

  until(count: number): Promise<void> {
    if (this.items.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }
}

export interface WebhookRequest {
  authorization: string | null;
  body: string;
  answer: WebhookAnswer;
}

// ---- the card component's data ---------------------------------------------------------------------------------

export interface CardOptions {
  holderName?: string;
  cvc?: string;
  month?: string;
  year?: string;
  /** "test": Adyen's test-only `test_<value>` blobs (default); "vault": the stand-in's secured-field tokens. */
  via?: "test" | "vault";
}

// ---- the harness -----------------------------------------------------------------------------------------------

export interface PlacedCardOrder {
  id: number;
  uuid: string;
  number: string;
  status: number;
  /** The first attempt's public id. */
  transaction: string;
}

export type PaymentsHarness = Awaited<ReturnType<typeof startPaymentsHarness>>;

export async function startPaymentsHarness(db: Database, options: { start?: string | Date } = {}) {
  const startAt = new Date(options.start ?? process.env.STORE_NOW ?? Date.now());
  let current = startAt;
  const clock = {
    now: () => current,
    set(at: Date) {
      current = at;
    },
    /** Moves the clock on (never back). */
    advance(minutes: number) {
      current = new Date(current.getTime() + minutes * 60_000);
      return current;
    },
  };

  const received: string[] = [];
  const webhookRequests = new Arrivals<WebhookRequest>();
  const returned = new Arrivals<Request>();
  const hmacKey = randomBytes(32).toString("hex").toUpperCase();
  const apiKey = `AQE-${randomBytes(12).toString("hex")}`;
  const clientKey = `test_${randomBytes(12).toString("hex").toUpperCase()}`;
  const webhookPassword = randomBytes(12).toString("base64url");

  // The payments object exists once the stand-in listens; the endpoint refers to it by then.
  let payments!: Payments;
  const webhooks = await localServer(async (request) => {
    const authorization = typeof request.headers.authorization === "string" ? request.headers.authorization : null;
    const answer = await receiveWebhook(payments, { body: request.body, authorization });
    webhookRequests.push({ authorization, body: request.body, answer });
    return { status: answer.status, body: answer.body };
  });
  const returns = await localServer(async (request) => {
    returned.push(request);
    return { status: 200, body: "back at the shop" };
  });

  const standIn: AdyenStandIn = await startAdyenStandIn({
    apiKey,
    clientKey,
    merchantAccount: MERCHANT,
    hmacKey,
    webhookUrl: `${webhooks.url}/api/payments/adyen/webhooks`,
    webhookUsername: WEBHOOK_USER,
    webhookPassword,
    webhookRetryDelaysMs: [1, 1, 1],
    now: clock.now,
  });

  const providerSettings = {
    apiKey,
    merchantAccount: MERCHANT,
    clientKey,
    hmacKey,
    environment: "test" as const,
    endpoint: standIn.apiUrl,
    endpointCaFile: standIn.caCertPath,
    shopperUrl: standIn.shopperUrl,
    webhookUsername: WEBHOOK_USER,
    webhookPassword,
  };
  payments = {
    db,
    provider: adyenProvider(providerSettings),
    onOrderReceived: async (_trx, uuid) => {
      received.push(uuid);
    },
    now: clock.now,
  };

  const outletOf = (code: string) => db.selectFrom("outlets").select(["id", "postal_code"]).where("code", "=", code).executeTakeFirstOrThrow();

  const harness = {
    standIn,
    controls: standIn.controls,
    payments,
    clock,
    /** The provider's settings (another provider may be made from them: a closed stand-in's). */
    providerSettings,
    /** Order uuids `onOrderReceived` was called with, in order. */
    received,
    webhooks: {
      url: `${webhooks.url}/api/payments/adyen/webhooks`,
      username: WEBHOOK_USER,
      password: webhookPassword,
      /** Every request the endpoint answered, in order. */
      requests: webhookRequests.items as readonly WebhookRequest[],
      until: (count: number) => webhookRequests.until(count),
      /** The Authorization header the stand-in sends. */
      basicAuth: () => `Basic ${Buffer.from(`${WEBHOOK_USER}:${webhookPassword}`).toString("base64")}`,
    },
    returns: {
      url: returns.url,
      /** What browsers brought back to the return URL, in order. */
      requests: returned.items as readonly Request[],
      until: (count: number) => returned.until(count),
    },

    /** How many times onOrderReceived ran for an order. */
    receivedCount: (uuid: string) => received.filter((u) => u === uuid).length,

    /**
     * A card order placed as the checkout places it (server/orders/place.ts with the provider configured): large
     * pan pepperonis, carry-out ASAP at Roma Norte unless told otherwise, optionally with a coupon on the cart.
     */
    async placeCardOrder(
      input: { outletCode?: string; orderType?: "C" | "D"; orderTime?: Date | null; pizzas?: number; coupon?: string; locale?: Language } = {},
    ): Promise<PlacedCardOrder> {
      const outlet = await outletOf(input.outletCode ?? ROMA);
      const orderType = input.orderType ?? "C";
      const orderTime = input.orderTime ?? null;
      let cartUuid = await cartOf(db, { outletId: outlet.id, orderType, orderTime }, { sku: "PZ-PEPPERONI", size: "L", crust: "L-PAN", quantity: input.pizzas ?? 1 });
      if (input.coupon) {
        const applied = await applyCouponCode(
          db,
          { cartUuid, outletId: outlet.id, orderType, orderTime, customerId: null, address: "192.0.2.10" },
          input.coupon,
        );
        if (applied.kind !== "applied") throw new Error(`coupon ${input.coupon} is not applied to a cart`);
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
          name: "Lucía",
          surname: "Pérez",
          email: "lucia@example.com",
          mobile: "5512345678",
          comment: "",
          paymentMethod: "card",
          idempotencyKey: randomUUID(),
          ...(orderType === "D" ? { propertyType: "house" as const } : {}),
        },
        locale: input.locale ?? "es",
        paymentProvider: payments.provider.id,
      });
      if (!placed.paymentTransaction) throw new Error("a card order without its first attempt");
      const { id } = await db.selectFrom("orders").select("id").where("uuid", "=", placed.uuid).executeTakeFirstOrThrow();
      return { id, uuid: placed.uuid, number: placed.number, status: placed.status, transaction: placed.paymentTransaction };
    },

    /** What the card component's state.data would be for a card: test_ blobs, or the stand-in vault's tokens. */
    cardData(number: string, card: CardOptions = {}): Record<string, unknown> {
      const digits = number.replace(/\s+/g, "");
      const listed = TEST_CARDS.find((c) => c.number === digits);
      const values = {
        encryptedCardNumber: digits,
        encryptedExpiryMonth: card.month ?? "03",
        encryptedExpiryYear: card.year ?? "2030",
        encryptedSecurityCode: card.cvc ?? listed?.cvc ?? "737",
      };
      const blobs = Object.fromEntries(
        Object.entries(values).map(([field, value]) => [
          field,
          card.via === "vault" ? standIn.vault.store(field as keyof typeof values, value) : `test_${value}`,
        ]),
      );
      return {
        paymentMethod: { type: "scheme", ...blobs, ...(card.holderName !== undefined ? { holderName: card.holderName } : {}) },
        browserInfo: { acceptHeader: "text/html", colorDepth: 24, language: "es-MX", javaEnabled: false, screenHeight: 900, screenWidth: 1440, userAgent: "vitest", timeZoneOffset: 360 },
      };
    },

    /** The return URL of an attempt (the shop's, caught by `returns`). */
    returnUrl: (transaction: string) => `${returns.url}/pay/${transaction}/return`,

    /** Pays an attempt with a card through the browser component's path (payWithComponent). */
    pay(transaction: string, number: string, card: CardOptions = {}): Promise<PayResult> {
      return payWithComponent(payments, transaction, {
        data: harness.cardData(number, card),
        returnUrl: harness.returnUrl,
        origin: returns.url,
        locale: "es",
        shopperIp: "192.0.2.10",
      });
    },

    /** Every webhook the stand-in has produced delivered (held ones wait), then the inbox processed. */
    async settle(): Promise<number> {
      await standIn.controls.idle();
      return processInbox(payments);
    },

    /** A webhook item crafted and sent by the stand-in (signed), its delivery awaited; answers the endpoint's answer. */
    async sendWebhook(item: Partial<NotificationItem>, send: { badSignature?: boolean } = {}): Promise<WebhookAnswer> {
      const before = webhookRequests.items.length;
      standIn.controls.sendWebhook(item, send);
      await standIn.controls.idle();
      const answered = webhookRequests.items.slice(before);
      if (answered.length === 0) throw new Error("the crafted webhook reached no endpoint");
      return answered[0]!.answer;
    },

    /** The stand-in's AUTHORISATION item for a payment (by merchant reference), as it was signed and sent. */
    webhookFor(merchantReference: string, eventCode = "AUTHORISATION"): NotificationItem {
      const item = standIn.controls.webhooks.filter((w) => w.merchantReference === merchantReference && w.eventCode === eventCode).at(-1);
      if (!item) throw new Error(`no ${eventCode} webhook for ${merchantReference}`);
      return item;
    },

    /** The stand-in's payments made with a merchant reference (an attempt's), in order. */
    standInPayments: (merchantReference: string) => [...standIn.payments.values()].filter((p) => p.merchantReference === merchantReference),

    /** API calls the stand-in answered for a path ("/payments/details"), optionally only one attempt's. */
    callsTo(path: string | RegExp, transaction?: string) {
      return standIn.controls.calls.filter(
        (c) => (typeof path === "string" ? c.path === path : path.test(c.path)) && (!transaction || c.idempotencyKey?.startsWith(`${transaction}:`)),
      );
    },

    async order(uuid: string) {
      return db
        .selectFrom("orders")
        .select(["id", "status", "payment_method", "payment", "payment_id", "slot_pizzas", "collection_time"])
        .where("uuid", "=", uuid)
        .executeTakeFirstOrThrow();
    },

    async statusOf(uuid: string): Promise<number> {
      return (await harness.order(uuid)).status;
    },

    /** The statuses an order went through, in order. */
    async historyOf(orderId: number): Promise<number[]> {
      const rows = await db.selectFrom("order_status_history").select("status").where("order_id", "=", orderId).orderBy("id").execute();
      return rows.map((r) => r.status);
    },

    /** An order's attempts, first to last. */
    attemptsOf(orderId: number) {
      return db.selectFrom("payments").selectAll().where("order_id", "=", orderId).orderBy("attempt").execute();
    },

    async attempt(transaction: string) {
      return db.selectFrom("payments").selectAll().where("transaction", "=", transaction).executeTakeFirstOrThrow();
    },

    /** The tasks queued for an attempt: kind, whether done, how many tries. */
    async tasksOf(transaction: string) {
      return db
        .selectFrom("payment_tasks as k")
        .innerJoin("payments as p", "p.id", "k.payment_id")
        .select(["k.kind", "k.done_at", "k.attempts", "k.error"])
        .where("p.transaction", "=", transaction)
        .orderBy("k.id")
        .execute();
    },

    /** Inbox rows about a PSP reference (the payment's own, or a modification's of it). */
    eventsAbout(psp: string) {
      return db
        .selectFrom("payment_events")
        .select(["event_code", "success", "processed_at", "error"])
        .where((eb) => eb.or([eb("psp_reference", "=", psp), eb("original_reference", "=", psp)]))
        .orderBy("id")
        .execute();
    },

    /** Puts the controls back as they start, delivers and processes whatever is left. */
    async reset() {
      standIn.controls.returnMethod = "GET";
      standIn.controls.duplicateWebhooks = false;
      standIn.controls.dropWebhooks = false;
      standIn.controls.releaseWebhooks();
      await harness.settle();
      clock.set(startAt);
    },

    async close() {
      await standIn.close();
      await webhooks.close();
      await returns.close();
    },
  };
  return harness;
}

/** The redirectResult a return to the shop carried: in its query (GET) or its form body (POST). */
export function redirectResultOf(request: { method: string; url: URL; body: string }): string | null {
  return request.method === "POST" ? new URLSearchParams(request.body).get("redirectResult") : request.url.searchParams.get("redirectResult");
}

/** The first form of a page: its action, method and inputs (names and values). */
export function formOf(html: string): { action: string; method: string; fields: Record<string, string> } {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error("no form on the page");
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input\b[^>]*>/g)) {
    const name = attr(input[0], "name");
    if (name) fields[name] = htmlDecode(attr(input[0], "value") ?? "");
  }
  return { action: htmlDecode(attr(form[1]!, "action") ?? ""), method: (attr(form[1]!, "method") ?? "get").toUpperCase(), fields };
}

/** An attribute's value as the browser reads it (the entities the stand-in's pages use). */
export function htmlDecode(value: string): string {
  return value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, "&");
}

/** A form post as a browser sends it, without following redirects. */
export function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
}
