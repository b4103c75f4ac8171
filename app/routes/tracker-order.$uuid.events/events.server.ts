import type { Database } from "#server/db/client";
import { getDb } from "#server/db/client";
import { orderState, type OrderState } from "#server/orders/tracker";
import { orderWatcher } from "#server/orders/watch";
import { isUuid } from "#server/ids";

/** The live tracker's event stream (/tracker-order/:uuid/events): one order's states as server-sent events. */

export interface EventStreamOptions {
  /** How often a comment line keeps proxies from closing an idle connection (default 15 s). */
  heartbeatMs?: number;
  /** The stream ends after this long (default 30 minutes); the browser then reconnects. */
  maxMs?: number;
  /** The database's watcher's safety read period, when this stream makes it (server/orders/watch.ts). */
  safetyPollMs?: number;
}

const encoder = new TextEncoder();

/** One server-sent event: the order's state, with its version as the event id. */
export function stateEvent(state: OrderState): string {
  return `id: ${state.version}\nevent: status\ndata: ${JSON.stringify(state)}\n\n`;
}

/**
 * The live tracker's server-sent events for one order. It follows the order through the process's one watcher
 * of the database (server/orders/watch.ts: a change made by any process arrives by NOTIFY, and one read serves
 * every stream of that order), sends a `status` event at once and then whenever the state changes, a comment line
 * as a heartbeat, and ends when the order is final (completed or canceled), when it is gone, after `maxMs`, or
 * when the client goes away (`signal`).
 */
export function orderEventStream(db: Database, uuid: string, signal: AbortSignal, options: EventStreamOptions = {}): ReadableStream<Uint8Array> {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const maxMs = options.maxMs ?? 30 * 60_000;
  const watcher = orderWatcher(db, { safetyPollMs: options.safetyPollMs });
  let closed = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let limit: ReturnType<typeof setTimeout> | undefined;
  let unwatch: (() => void) | undefined;
  let finish = () => {};

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (chunk: string) => {
        if (!closed) controller.enqueue(encoder.encode(chunk));
      };
      finish = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(limit);
        unwatch?.();
        signal.removeEventListener("abort", finish);
        try {
          controller.close();
        } catch {
          // already closed by the reader's cancel
        }
      };
      if (signal.aborted) return finish();
      signal.addEventListener("abort", finish, { once: true });
      // Reconnect after 5 s when the connection drops; the first event comes at once.
      send("retry: 5000\n\n");
      heartbeat = setInterval(() => send(": keep-alive\n\n"), heartbeatMs);
      limit = setTimeout(() => finish(), maxMs);
      let last: string | null = null;
      try {
        const stop = await watcher.watch(uuid, (state) => {
          if (closed) return;
          if (!state) {
            send("event: gone\ndata: {}\n\n");
            return finish();
          }
          if (state.version === last) return;
          last = state.version;
          send(stateEvent(state));
          if (state.final) finish();
        });
        if (closed) stop();
        else unwatch = stop;
      } catch (error) {
        console.error(`[tracker] following order ${uuid} failed`, error);
        finish(); // the browser reconnects after `retry`
      }
    },
    cancel() {
      finish();
    },
  });
}

/** Open event streams per order and per client address in this process, and their caps. */
export const STREAMS_PER_ORDER = 20;
export const STREAMS_PER_CLIENT = 8;
const openPerOrder = new Map<string, number>();
const openPerClient = new Map<string, number>();
const bump = (counts: Map<string, number>, key: string, by: number) => {
  const next = (counts.get(key) ?? 0) + by;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
};

/**
 * The answer of the tracker's event route: 400 for a malformed uuid, 404 for an unknown order, 429 past the caps
 * (STREAMS_PER_ORDER open streams of one order, STREAMS_PER_CLIENT of one client address, in this process: the
 * page then falls back to reloading its data every 30 s), else the stream. It needs no session (the order's uuid
 * is the only key the tracker uses).
 */
export async function orderEvents(request: Request, uuid: string | undefined, address: string, options?: EventStreamOptions): Promise<Response> {
  if (!isUuid(uuid)) return new Response("Bad order id", { status: 400, headers: { "Content-Type": "text/plain" } });
  if ((openPerOrder.get(uuid) ?? 0) >= STREAMS_PER_ORDER || (openPerClient.get(address) ?? 0) >= STREAMS_PER_CLIENT) {
    return new Response("Too many open trackers", { status: 429, headers: { "Content-Type": "text/plain", "Retry-After": "30" } });
  }
  const db = await getDb();
  if (!(await orderState(db, uuid))) return new Response("No such order", { status: 404, headers: { "Content-Type": "text/plain" } });
  bump(openPerOrder, uuid, 1);
  bump(openPerClient, address, 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    bump(openPerOrder, uuid, -1);
    bump(openPerClient, address, -1);
  };
  const events = orderEventStream(db, uuid, request.signal, options);
  // Count the stream as open until its body ends, however it ends (final, gone, timed out, client gone).
  const counted = events.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({ flush: release }));
  request.signal.addEventListener("abort", release, { once: true });
  return new Response(counted, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: a compressing proxy must not hold the events back (scripts/serve.mjs never compresses them).
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
