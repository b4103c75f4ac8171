import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import adyen from "@adyen/api-library";
import type { Types } from "@adyen/api-library";

/**
 * The stand-in's standard webhooks (Adyen's "standard notifications"): one NotificationRequestItem per POST, as
 * JSON `{live: "false", notificationItems: [{NotificationRequestItem: item}]}` with HTTP basic auth, each item signed
 * with the HMAC key by the library's own hmacValidator (so `validateHMAC` accepts it). A delivery counts when the
 * answer is 2xx with `[accepted]` in its body; otherwise it is tried again after a short back-off, a few times.
 *
 * Delivery is one at a time, in queue order, so tests that hold webhooks and release them reversed see exactly that
 * order; an item that failed goes back to the end of the queue when its back-off ends (others are not blocked).
 * Everything a test waits on is a promise (`idle()`), never a delay. Timers are unref'd.
 */

const { hmacValidator } = adyen;

export interface NotificationItem {
  additionalData?: Record<string, string>;
  amount: { value: number; currency: string };
  eventCode: string;
  eventDate: string;
  merchantAccountCode: string;
  merchantReference: string;
  originalReference?: string;
  paymentMethod?: string;
  pspReference: string;
  reason?: string;
  success: "true" | "false";
  operations?: string[];
}

export interface WebhookDelivery {
  item: NotificationItem;
  /** 1 for the first try of this copy of the item. */
  attempt: number;
  /** The HTTP status answered; 0 when no answer came (refused connection, reset, timeout). */
  status: number;
  body: string;
  accepted: boolean;
}

export interface WebhookSenderOptions {
  url?: string;
  username?: string;
  password?: string;
  hmacKey: string;
  delayMs: number;
  /** Back-off before each retry; its length is the number of retries. */
  retryDelaysMs: readonly number[];
  /** A CA to trust when the webhook URL is https (the stand-in's own certificate by default). */
  ca?: Buffer;
}

interface Queued {
  item: NotificationItem;
  attempt: number;
}

/** When an event is stamped: ISO 8601 with an offset, as Adyen writes it (2021-07-17T13:42:40+01:00). */
export function eventDate(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

/** An item signed with `key`, its signature in additionalData.hmacSignature. */
export function signItem(item: NotificationItem, key: string): NotificationItem {
  const { hmacSignature: _old, ...rest } = item.additionalData ?? {};
  const unsigned = { ...item, additionalData: rest };
  const signature = new hmacValidator().calculateHmac(unsigned as unknown as Types.notification.NotificationRequestItem, key);
  return { ...item, additionalData: { ...rest, hmacSignature: signature } };
}

export class WebhookSender {
  duplicate = false;
  drop = false;
  /** Every delivery attempt, in order. */
  readonly deliveries: WebhookDelivery[] = [];
  /** Every item the stand-in produced (signed), dropped ones included, in order. */
  readonly emitted: NotificationItem[] = [];
  /** Items dropped by `drop` (never sent). */
  readonly dropped: NotificationItem[] = [];

  private readonly queue: Queued[] = [];
  private readonly held: Queued[] = [];
  private holding = false;
  private sending = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private waiters: Array<() => void> = [];
  private closed = false;

  constructor(private readonly options: WebhookSenderOptions) {}

  /** Signs an event and sends it (after the configured delay), unless webhooks are dropped. */
  emit(item: NotificationItem): void {
    const signed = signItem(item, this.options.hmacKey);
    this.emitted.push(signed);
    if (this.drop) {
      this.dropped.push(signed);
      return;
    }
    const copies = this.duplicate ? 2 : 1;
    for (let i = 0; i < copies; i++) this.later(this.options.delayMs, () => this.enqueue({ item: signed, attempt: 1 }));
  }

  /** Sends a crafted item now (through the queue), signed with the key or, with badSignature, with another one. */
  sendCrafted(item: NotificationItem, badSignature: boolean): void {
    const signed = signItem(item, badSignature ? flipKey(this.options.hmacKey) : this.options.hmacKey);
    this.emitted.push(signed);
    this.enqueue({ item: signed, attempt: 1 });
  }

  hold(): void {
    this.holding = true;
  }

  release(reverse = false): void {
    this.holding = false;
    const items = this.held.splice(0);
    if (reverse) items.reverse();
    this.queue.push(...items);
    this.pump();
    this.settle();
  }

  /** Items waiting while held. */
  get heldCount(): number {
    return this.held.length;
  }

  /** Resolves when nothing is queued, delayed, backing off or in flight (held items do not count: they wait). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.queue.length = 0;
    this.settle(true);
  }

  private isIdle(): boolean {
    return this.queue.length === 0 && !this.sending && this.timers.size === 0;
  }

  private settle(force = false): void {
    if (!force && !this.isIdle()) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  private later(ms: number, run: () => void): void {
    if (this.closed) return;
    if (ms <= 0) {
      run();
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
      this.settle();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private enqueue(entry: Queued): void {
    if (this.closed) return;
    if (this.holding) this.held.push(entry);
    else {
      this.queue.push(entry);
      this.pump();
    }
  }

  private pump(): void {
    if (this.sending || this.closed) return;
    const next = this.queue.shift();
    if (!next) {
      this.settle();
      return;
    }
    this.sending = true;
    void this.deliver(next).finally(() => {
      this.sending = false;
      this.pump();
    });
  }

  private async deliver(entry: Queued): Promise<void> {
    const { url, username, password } = this.options;
    if (!url) {
      // No endpoint configured: the item is logged as undeliverable, as Adyen would keep it unsent.
      this.deliveries.push({ item: entry.item, attempt: entry.attempt, status: 0, body: "no webhook URL", accepted: false });
      return;
    }
    const answer = await post(url, JSON.stringify({ live: "false", notificationItems: [{ NotificationRequestItem: entry.item }] }), {
      username,
      password,
      ca: this.options.ca,
    });
    const accepted = answer.status >= 200 && answer.status < 300 && answer.body.includes("[accepted]");
    this.deliveries.push({ item: entry.item, attempt: entry.attempt, status: answer.status, body: answer.body, accepted });
    if (accepted || this.closed) return;
    const delay = this.options.retryDelaysMs[entry.attempt - 1];
    if (delay === undefined) return; // given up, as Adyen eventually does (the merchant's sweeper must cope)
    this.later(Math.max(1, delay), () => this.enqueue({ item: entry.item, attempt: entry.attempt + 1 }));
  }
}

/** Another valid hex key of the same length: a signature that cannot verify. */
function flipKey(hex: string): string {
  const first = hex[0] === "0" ? "1" : "0";
  return first + hex.slice(1);
}

function post(
  target: string,
  body: string,
  auth: { username?: string; password?: string; ca?: Buffer },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const url = new URL(target);
    const headers: Record<string, string | number> = {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      "user-agent": "Adyen HttpClient 1.0 (stand-in)",
    };
    if (auth.username !== undefined) {
      headers.authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password ?? ""}`).toString("base64")}`;
    }
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    // A fresh connection per delivery (agent: false): nothing lingers after an answer, nothing is reused across tries.
    const req = send(url, { method: "POST", headers, ca: auth.ca, timeout: 10_000, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", () => resolve({ status: 0, body: "" }));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (e) => resolve({ status: 0, body: String(e.message) }));
    req.end(body);
  });
}
