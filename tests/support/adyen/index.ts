/**
 * A local stand-in for Adyen's Checkout API, for tests and the offline demo (`npm start` without Adyen credentials).
 * The storefront talks to it through the real `@adyen/api-library` (server/payments/adyen/client.ts points the
 * library's HTTP client at `apiUrl` and trusts `caCertPath`), so the same app code later talks to Adyen's test
 * environment unchanged.
 *
 * Faithful to Adyen (from docs.adyen.com, Adyen's OpenAPI specs and the library's typings):
 * - the Checkout API paths under any `/v{N}/`, X-API-Key auth, request and response shapes, HTTP statuses, and the
 *   error body `{status, errorCode, message, errorType, pspReference?}` with Adyen's codes (table in api.ts);
 * - outcomes by Adyen's published test cards (expiry 03/2030, CVC 737 / 7373), 3-D Secure 2 test cards, password
 *   `password`, holder-name and RequestedTestAcquirerResponseCode triggers, "capture failed"/"refund failed" holders
 *   (table in cards.ts); `test_…` unencrypted values are accepted as on Adyen's test platform;
 * - 3-D Secure by redirect: RedirectShopper with a `redirect` action, return to returnUrl with `redirectResult`
 *   (GET, or POST form), the outcome revealed by /payments/details; a redirectResult submitted twice without the
 *   first call's Idempotency-Key is refused with 704, as Adyen does;
 * - Hosted Checkout: /sessions with mode "hosted" gives a `url`; the page returns with `sessionId` and
 *   `sessionResult`; GET /sessions/{id}?sessionResult= gives the SessionResultResponse; refused cards may be
 *   retried on the page; default expiry one hour;
 * - idempotency (idempotency.ts): replay, 409/704 + `transient-error: true` while in progress, 704 for another body;
 * - modifications answered 201 "received", outcomes by webhook: CAPTURE, CANCELLATION, REFUND, CANCEL_OR_REFUND
 *   (additionalData.modification.action), TECHNICAL_CANCEL for POST /cancels by merchant reference, CAPTURE_FAILED
 *   and REFUND_FAILED for Adyen's failing test holders; success "false" with a reason when not possible;
 * - webhooks: standard notifications signed with the library's hmacValidator, basic auth, `[accepted]` required.
 *
 * Simplified:
 * - one merchant account, one API key, one client key; card brands visa, mc and amex only; no stored cards, no
 *   other payment methods, no partial authorisations, no Drop-in session flow (`sessionData` is opaque and only the
 *   hosted page uses the session);
 * - the 3-D Secure 2 redirect flow is used even when `authenticationData.threeDSRequestData.nativeThreeDS` is
 *   "preferred" (Adyen would answer IdentifyShopper/ChallengeShopper with a threeDS2 action; a redirect is also a valid
 *   Adyen answer, and the app must handle it anyway);
 * - a payment without manualCapture counts as captured at once (Adyen captures in a later batch); no CAPTURE webhook
 *   is sent for it (Adyen sends none by default for automatic captures);
 * - Received and Pending results are authorised straight away (their AUTHORISATION webhook, success true, is queued
 *   at once);
 * - webhook retries are a few tries with short delays (Adyen: minutes to days), and delivery is one at a time;
 * - some error codes Adyen does not document for a case are the stand-in's choice (marked in api.ts and core.ts).
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { type ApiCall, createApiHandler } from "./api";
import { type TestCard, testCard } from "./cards";
import { type ChallengeChoice, StandInCore, type StandInPayment, type StandInSession } from "./core";
import { createShopperHandler, payInSession } from "./hosted";
import { IdempotencyStore } from "./idempotency";
import { CardVault } from "./vault";
import { eventDate, type NotificationItem, type WebhookDelivery, WebhookSender } from "./webhooks";

export type { ApiCall } from "./api";
export { CHALLENGE_PASSWORD, TEST_CARDS, TEST_EXPIRY, type TestCard } from "./cards";
export type { ChallengeChoice, StandInModification, StandInPayment, StandInSession, SessionStatus } from "./core";
export { CardVault } from "./vault";
export type { NotificationItem, WebhookDelivery } from "./webhooks";

export interface AdyenStandInOptions {
  apiKey: string;
  /** Adyen Web's client key; starts "test_". */
  clientKey: string;
  merchantAccount: string;
  /** The webhook HMAC key, hex, as Adyen gives it. */
  hmacKey: string;
  webhookUrl?: string;
  webhookUsername?: string;
  webhookPassword?: string;
  /** Default 0 (a free port); the host is always 127.0.0.1. */
  apiPort?: number;
  shopperPort?: number;
  /** Default 0: the delay before a webhook is sent (a timer; tests use the controls instead of timing). */
  webhookDelayMs?: number;
  /** Back-off before each retry of an unaccepted webhook; its length is the number of retries. */
  webhookRetryDelaysMs?: number[];
  /** The stand-in's clock (session expiry, card expiry of unlisted cards, event dates). */
  now?: () => Date;
}

/** Holds responses of one API path open until opened; tests await `reached(n)` instead of sleeping. */
export interface ResponseGate {
  /** Resolves once `count` requests (default 1) have arrived at the gate. */
  reached(count?: number): Promise<void>;
  /** Requests waiting at the gate now. */
  readonly waiting: number;
  /** Lets every waiting request (and any later one) through, and removes the gate. */
  open(): void;
}

export interface HostedCard {
  number: string;
  expiryMonth?: string;
  expiryYear?: string;
  cvc?: string;
}

export interface StandInControls {
  /** How the browser returns to returnUrl after a 3-D Secure challenge (default GET). */
  returnMethod: "GET" | "POST";
  /** Each webhook is sent twice. */
  duplicateWebhooks: boolean;
  /** Webhooks are lost: never sent (they are still listed in `webhooks`). */
  dropWebhooks: boolean;
  /** Queue webhooks instead of sending them, until releaseWebhooks. */
  holdWebhooks(): void;
  /** Sends the held webhooks, in order or reversed. */
  releaseWebhooks(options?: { reverse?: boolean }): void;
  /** Sends a crafted webhook (defaults filled in), signed with the HMAC key, or with another key when badSignature. */
  sendWebhook(item: Partial<NotificationItem>, options?: { badSignature?: boolean }): NotificationItem;
  /** Resolves when no webhook is queued, delayed, backing off or in flight (held ones wait for release). */
  idle(): Promise<void>;
  /** Every webhook delivery attempt: the item, the HTTP status (0: no answer) and the body answered. */
  readonly deliveries: readonly WebhookDelivery[];
  /** Every webhook the stand-in produced, signed, in order (dropped ones included). */
  readonly webhooks: readonly NotificationItem[];
  /** Every API request answered (or lost), in order. */
  readonly calls: readonly ApiCall[];
  /**
   * Ends the 3-D Secure challenge of a payment (by pspReference, or the latest payment with that merchant
   * reference) as the shopper would, and answers the redirectResult the browser would carry back.
   */
  completeChallenge(reference: string, outcome: ChallengeChoice): string;
  /**
   * Pays a hosted session as the shopper would on its page (a 3-D Secure card is challenged with `challenge`,
   * default "authorise"; a listed card gets its own expiry and CVC unless given) and answers what the browser would
   * carry back to returnUrl. A refused card leaves the session active (the page would offer a retry): its
   * sessionResult then reads "active", or "refused" after MAX_SESSION_ATTEMPTS.
   */
  completeHostedSession(
    sessionId: string,
    options: { card: string | HostedCard; holderName?: string; challenge?: ChallengeChoice },
  ): { sessionId: string; sessionResult: string };
  /** Answers of `path` (e.g. "/payments/details", "/payments/*\/captures") wait for `until` (after being carried out). */
  setLatency(path: string, until: PromiseLike<unknown>): void;
  /** A gate holding answers of `path` open until `open()`. */
  holdResponses(path: string): ResponseGate;
  /** The next `count` answers of `path` are lost: carried out, then the connection is dropped without an answer. */
  loseResponses(path: string, count?: number): void;
}

export interface AdyenStandIn {
  /** "https://127.0.0.1:PORT" (TLS with the committed certificate); the Checkout API under /v{N}/…. */
  apiUrl: string;
  /** "http://127.0.0.1:PORT2/checkoutshopper-test/": the browser-facing pages. */
  shopperUrl: string;
  /** Absolute path of tls/stand-in.cert.pem (CA and leaf). */
  caCertPath: string;
  vault: CardVault;
  controls: StandInControls;
  /** By pspReference, for tests to inspect. */
  payments: ReadonlyMap<string, StandInPayment>;
  /** By session id. */
  sessions: ReadonlyMap<string, StandInSession>;
  close(): Promise<void>;
}

const HOST = "127.0.0.1";
const CERT_PATH = fileURLToPath(new URL("./tls/stand-in.cert.pem", import.meta.url));
const KEY_PATH = fileURLToPath(new URL("./tls/stand-in.key.pem", import.meta.url));

export async function startAdyenStandIn(options: AdyenStandInOptions): Promise<AdyenStandIn> {
  if (!options.clientKey.startsWith("test_")) throw new Error("the stand-in's clientKey must start with test_");
  if (!/^([0-9a-fA-F]{2})+$/.test(options.hmacKey)) throw new Error("the stand-in's hmacKey must be hex, as Adyen gives it");
  const now = options.now ?? (() => new Date());
  const cert = readFileSync(CERT_PATH);
  const key = readFileSync(KEY_PATH);

  let onShopperRequest: ReturnType<typeof createShopperHandler> = (_req, res) => {
    res.writeHead(503);
    res.end();
  };
  const shopperServer = createServer((req, res) => onShopperRequest(req, res));
  const shopperPort = await listen(shopperServer, options.shopperPort ?? 0);
  const origin = `http://${HOST}:${shopperPort}`;
  const shopperUrl = `${origin}/checkoutshopper-test/`;

  const webhooks = new WebhookSender({
    url: options.webhookUrl,
    username: options.webhookUsername,
    password: options.webhookPassword,
    hmacKey: options.hmacKey,
    delayMs: options.webhookDelayMs ?? 0,
    retryDelaysMs: options.webhookRetryDelaysMs ?? [50, 100, 200, 400],
    ca: cert,
  });
  const core = new StandInCore(shopperUrl, webhooks, now);
  const vault = new CardVault();
  const calls: ApiCall[] = [];
  const latencies: Array<{ matches: (path: string) => boolean; until: PromiseLike<unknown> }> = [];
  const gates = new Set<Gate>();
  const losses: Array<{ matches: (path: string) => boolean; left: number }> = [];

  const controls: StandInControls = {
    returnMethod: "GET",
    get duplicateWebhooks() {
      return webhooks.duplicate;
    },
    set duplicateWebhooks(value: boolean) {
      webhooks.duplicate = value;
    },
    get dropWebhooks() {
      return webhooks.drop;
    },
    set dropWebhooks(value: boolean) {
      webhooks.drop = value;
    },
    holdWebhooks: () => webhooks.hold(),
    releaseWebhooks: (release) => webhooks.release(release?.reverse ?? false),
    sendWebhook(item, send) {
      const full: NotificationItem = {
        amount: { value: 0, currency: "EUR" },
        eventCode: "AUTHORISATION",
        eventDate: eventDate(now()),
        merchantAccountCode: options.merchantAccount,
        merchantReference: "",
        pspReference: core.pspReference(),
        reason: "",
        success: "true",
        ...item,
      };
      webhooks.sendCrafted(full, send?.badSignature ?? false);
      return webhooks.emitted.at(-1)!;
    },
    idle: () => webhooks.idle(),
    get deliveries() {
      return webhooks.deliveries;
    },
    get webhooks() {
      return webhooks.emitted;
    },
    calls,
    completeChallenge(reference, outcome) {
      const payment =
        core.payments.get(reference) ??
        [...core.payments.values()].filter((p) => p.merchantReference === reference && p.challenge).at(-1);
      if (!payment?.challenge) throw new Error(`no payment awaiting 3-D Secure for ${reference}`);
      const redirectResult = core.completeChallenge(payment, outcome);
      const session = payment.sessionId ? core.sessions.get(payment.sessionId) : undefined;
      if (session) core.settleSessionPayment(session, payment);
      return redirectResult;
    },
    completeHostedSession(sessionId, pay) {
      const session = core.sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (core.sessionStatus(session) !== "active") throw new Error(`session ${sessionId} is ${session.status}`);
      const given: HostedCard = typeof pay.card === "string" ? { number: pay.card } : pay.card;
      const listed: TestCard | undefined = testCard(given.number);
      const outcome = payInSession(core, session, {
        number: given.number.replace(/\s+/g, ""),
        expiryMonth: given.expiryMonth ?? "03",
        expiryYear: given.expiryYear ?? "2030",
        cvc: given.cvc ?? listed?.cvc ?? "737",
        holderName: pay.holderName,
      });
      if (outcome.kind === "invalid") throw new Error("invalid card number");
      if (outcome.kind === "challenge") {
        core.completeChallenge(outcome.payment, pay.challenge ?? "authorise");
        core.settleSessionPayment(session, outcome.payment);
      }
      return { sessionId, sessionResult: core.issueSessionResult(session) };
    },
    setLatency(path, until) {
      const entry = { matches: pathMatcher(path), until };
      latencies.push(entry);
      const remove = () => {
        const index = latencies.indexOf(entry);
        if (index >= 0) latencies.splice(index, 1);
      };
      Promise.resolve(until).then(remove, remove);
    },
    holdResponses(path) {
      const gate = new Gate(pathMatcher(path), () => gates.delete(gate));
      gates.add(gate);
      return gate;
    },
    loseResponses(path, count = 1) {
      losses.push({ matches: pathMatcher(path), left: count });
    },
  };

  const api = createApiHandler({
    apiKey: options.apiKey,
    merchantAccount: options.merchantAccount,
    core,
    vault,
    idempotency: new IdempotencyStore(),
    now,
    hooks: {
      async beforeAnswer(path) {
        const waits: Array<PromiseLike<unknown>> = [];
        for (const gate of gates) if (gate.matches(path)) waits.push(gate.arrive());
        for (const latency of latencies) if (latency.matches(path)) waits.push(latency.until);
        await Promise.allSettled(waits);
      },
      loseAnswer(path) {
        const loss = losses.find((l) => l.left > 0 && l.matches(path));
        if (!loss) return false;
        loss.left -= 1;
        return true;
      },
      onCall: (call) => calls.push(call),
    },
  });
  const apiServer = createHttpsServer({ cert, key }, api);
  const apiPort = await listen(apiServer, options.apiPort ?? 0);

  onShopperRequest = createShopperHandler({
    core,
    shopper: { vault, clientKey: options.clientKey, origin, shopperUrl },
    returnMethod: () => controls.returnMethod,
  });

  return {
    apiUrl: `https://${HOST}:${apiPort}`,
    shopperUrl,
    caCertPath: CERT_PATH,
    vault,
    controls,
    payments: core.payments,
    sessions: core.sessions,
    async close() {
      for (const gate of [...gates]) gate.open();
      webhooks.close();
      await Promise.all([stop(apiServer), stop(shopperServer)]);
    },
  };
}

class Gate implements ResponseGate {
  waiting = 0;
  private arrived = 0;
  private opened = false;
  private release!: () => void;
  private readonly gate = new Promise<void>((resolve) => {
    this.release = resolve;
  });
  private watchers: Array<{ count: number; resolve: () => void }> = [];

  constructor(
    readonly matches: (path: string) => boolean,
    private readonly onOpen: () => void,
  ) {}

  arrive(): Promise<void> {
    if (this.opened) return Promise.resolve();
    this.arrived += 1;
    this.waiting += 1;
    this.watchers = this.watchers.filter((w) => {
      if (this.arrived < w.count) return true;
      w.resolve();
      return false;
    });
    return this.gate.then(() => {
      this.waiting -= 1;
    });
  }

  reached(count = 1): Promise<void> {
    if (this.arrived >= count) return Promise.resolve();
    return new Promise((resolve) => this.watchers.push({ count, resolve }));
  }

  open(): void {
    if (this.opened) return;
    this.opened = true;
    this.release();
    this.onOpen();
  }
}

/** "/payments/details" matches itself; "*" stands for one path segment ("/payments/*\/captures"). */
function pathMatcher(pattern: string): (path: string) => boolean {
  const normal = pattern.replace(/^\/v\d+(?=\/)/, "").replace(/\/+$/, "");
  const regex = new RegExp(`^${normal.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join("[^/]+")}$`);
  return (path) => regex.test(path);
}

function listen(server: Server | HttpsServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, HOST, () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function stop(server: Server | HttpsServer): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
