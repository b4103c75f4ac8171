import type { Database } from "#server/db/client";
import { getDb } from "#server/db/client";
import { findOrderByNumberAndEmail, orderState, type OrderState } from "#server/orders/tracker";
import type { TrackingInput } from "#server/orders/tracking-schema";
import { consume, type Verdict } from "#server/security/rate-limits";
import type { Lng } from "./i18n/config";
import { sendOrderLinks } from "./mail.server";

export { trackOrder } from "#server/orders/tracker";
export { trackingSchema } from "#server/orders/tracking-schema";

/**
 * The order lookup (/tracking) and the live tracker's event stream.
 *
 * Privacy rule of the lookup: an order is shown only to whoever gives its number AND the email it was placed
 * with; a wrong email and an unknown number get the same answer. An email alone never shows anything on the
 * page: the answer is always "if that email has orders, we sent you the links", and the links go by mail to that
 * address (only when it has orders). So the form cannot be used to learn whether an address has ordered.
 */
export type LookupOutcome = { kind: "found"; uuid: string } | { kind: "notFound" } | { kind: "linksSent"; email: string };

export async function lookUpOrder(db: Database, input: TrackingInput, lng: Lng): Promise<LookupOutcome> {
  if (input.number && input.email) {
    const order = await findOrderByNumberAndEmail(db, input.number, input.email);
    return order ? { kind: "found", uuid: order.uuid } : { kind: "notFound" };
  }
  if (input.email) {
    await sendOrderLinks(db, input.email, lng);
    return { kind: "linksSent", email: input.email.trim() };
  }
  return { kind: "notFound" };
}

/**
 * The lookup's rate limit, kept in the database per client address (limits.lookupPerAddress: 20 in 15 minutes),
 * so clearing cookies or opening a private window does not reset it, and every app process counts together.
 * Order numbers are sequential: this stops walking through them; the privacy rule above is what protects them.
 */
export function countLookup(db: Database, address: string): Promise<Verdict> {
  return consume(db, "lookupPerAddress", address);
}

export interface EventStreamOptions {
  /** How often the order is read (default 2 s). */
  pollMs?: number;
  /** How often a comment line keeps proxies from closing an idle connection (default 15 s). */
  heartbeatMs?: number;
  /** The stream ends after this many reads (default: 30 minutes' worth); the browser then reconnects. */
  maxPolls?: number;
}

const encoder = new TextEncoder();

/** One server-sent event: the order's state, with its version as the event id. */
export function stateEvent(state: OrderState): string {
  return `id: ${state.version}\nevent: status\ndata: ${JSON.stringify(state)}\n\n`;
}

/**
 * The live tracker's server-sent events for one order. It reads the order's state from the database every
 * `pollMs` (so it sees a change made by any process: the store console, another server, a script), sends a
 * `status` event at once and then whenever the state changes, a comment line as a heartbeat, and ends when the
 * order is final (completed or canceled), when it is gone, after `maxPolls` reads, or when the client goes away
 * (`signal`). Reads never overlap: the next one is scheduled when the last has answered.
 */
export function orderEventStream(db: Database, uuid: string, signal: AbortSignal, options: EventStreamOptions = {}): ReadableStream<Uint8Array> {
  const pollMs = options.pollMs ?? 2_000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const maxPolls = options.maxPolls ?? Math.ceil((30 * 60_000) / pollMs);
  let closed = false;
  let poll: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let finish = () => {};

  return new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (chunk: string) => {
        if (!closed) controller.enqueue(encoder.encode(chunk));
      };
      finish = () => {
        if (closed) return;
        closed = true;
        clearTimeout(poll);
        clearInterval(heartbeat);
        signal.removeEventListener("abort", finish);
        try {
          controller.close();
        } catch {
          // already closed by the reader's cancel
        }
      };
      if (signal.aborted) return finish();
      signal.addEventListener("abort", finish, { once: true });

      let last: string | null = null;
      let polls = 0;
      const check = async () => {
        if (closed) return;
        let state: OrderState | undefined;
        try {
          state = await orderState(db, uuid);
        } catch (error) {
          console.error(`[tracker] reading order ${uuid} for its event stream failed`, error);
          return finish(); // the browser reconnects after `retry`
        }
        if (closed) return;
        if (!state) {
          send("event: gone\ndata: {}\n\n");
          return finish();
        }
        if (state.version !== last) {
          last = state.version;
          send(stateEvent(state));
        }
        if (state.final || ++polls >= maxPolls) return finish();
        poll = setTimeout(check, pollMs);
      };
      // Reconnect after 5 s when the connection drops; the first event comes at once.
      send("retry: 5000\n\n");
      heartbeat = setInterval(() => send(": keep-alive\n\n"), heartbeatMs);
      return check();
    },
    cancel() {
      finish();
    },
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The answer of the tracker's event route: 400 for a malformed uuid, 404 for an unknown order, else the stream.
 * It needs no session (an EventSource sends the cookie, but the order's uuid is the only key the tracker uses).
 */
export async function orderEvents(request: Request, uuid: string | undefined, options?: EventStreamOptions): Promise<Response> {
  if (!uuid || !UUID.test(uuid)) return new Response("Bad order id", { status: 400, headers: { "Content-Type": "text/plain" } });
  const db = await getDb();
  if (!(await orderState(db, uuid))) return new Response("No such order", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(orderEventStream(db, uuid, request.signal, options), {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: remix-serve's compression would otherwise buffer the events (compression honours it).
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
