import { sql } from "kysely";
import { listen, type Database } from "../db/client";
import { orderStates, type OrderState } from "./tracker";

/**
 * One watcher per database per process for the live tracker: however many browsers follow an order, the process
 * reads that order once per change, and all watched orders together in one query, so the cost follows orders,
 * not viewers.
 * - A status move NOTIFYs `order_status` with the order's uuid in its own transaction (`notifyOrderChanged`, called
 *   by lifecycle.ts), delivered at commit to every process LISTENing on the database (Postgres: a connection of
 *   its own per process, server/db/listen.ts; PGlite: its one connection). The watcher then reads that order (moves
 *   arriving together are read in one query) and hands the state to each of its streams.
 * - A safety read of every watched order every `safetyPollMs` (10 s) catches what NOTIFY cannot carry: a change
 *   written without it (a script, a manual fix), or one made while the listening connection was down (it also
 *   re-reads all at once when that connection comes back).
 */
export const ORDER_CHANNEL = "order_status";

/** Tells every process's watcher that an order changed; call it inside the transaction that changes it. */
export async function notifyOrderChanged(db: Database, uuid: string): Promise<void> {
  await sql`select pg_notify(${ORDER_CHANNEL}, ${uuid})`.execute(db);
}

export type StateListener = (state: OrderState | undefined) => void;

interface Entry {
  state: OrderState | undefined;
  listeners: Set<StateListener>;
  ready: Promise<void>;
}

export interface WatcherOptions {
  /** How often every watched order is read whatever NOTIFY says (default 10 s). */
  safetyPollMs?: number;
}

export class OrderWatcher {
  readonly #db: Database;
  readonly #safetyPollMs: number;
  readonly #entries = new Map<string, Entry>();
  #started = false;
  #listening: "off" | "starting" | "on" = "off";
  /** Settles when the LISTEN is in place (or failed): a first read after it cannot miss a later NOTIFY. */
  #listened: Promise<void> = Promise.resolve();
  #stopListening: (() => Promise<void>) | null = null;
  #timer: ReturnType<typeof setInterval> | null = null;
  #pending = new Set<string>();
  #flushing: Promise<void> | null = null;
  /** Database reads made (each reads any number of orders): what the tests and the bench count. */
  reads = 0;

  constructor(db: Database, options: WatcherOptions = {}) {
    this.#db = db;
    this.#safetyPollMs = options.safetyPollMs ?? 10_000;
  }

  /** How many orders, and how many streams over them, are watched now. */
  get size(): { orders: number; streams: number } {
    let streams = 0;
    for (const entry of this.#entries.values()) streams += entry.listeners.size;
    return { orders: this.#entries.size, streams };
  }

  /**
   * Follows an order: `listener` gets its state once read (undefined: no such order), then at each change.
   * Resolves, once the first state is in, to the function that stops following.
   */
  async watch(uuid: string, listener: StateListener): Promise<() => void> {
    this.#start();
    await this.#listened;
    let entry = this.#entries.get(uuid);
    if (!entry) {
      const created: Entry = { state: undefined, listeners: new Set(), ready: Promise.resolve() };
      this.#entries.set(uuid, created);
      created.ready = this.#read([uuid], true);
      entry = created;
    }
    entry.listeners.add(listener);
    const current = entry;
    await current.ready;
    listener(current.state);
    return () => {
      current.listeners.delete(listener);
      if (current.listeners.size === 0 && this.#entries.get(uuid) === current) this.#entries.delete(uuid);
    };
  }

  /** Reads these orders in one query and hands each changed state to its listeners. */
  async #read(uuids: string[], first = false): Promise<void> {
    const watched = uuids.filter((uuid) => this.#entries.has(uuid));
    if (watched.length === 0) return;
    this.reads++;
    let states: Map<string, OrderState>;
    try {
      states = await orderStates(this.#db, watched);
    } catch (error) {
      console.warn(`[tracker] reading ${watched.length} watched order(s) failed: ${(error as Error).message}`);
      if (first) throw error;
      return;
    }
    for (const uuid of watched) {
      const entry = this.#entries.get(uuid);
      if (!entry) continue;
      const state = states.get(uuid);
      if (!first && state?.version === entry.state?.version) continue;
      entry.state = state;
      if (!first) for (const listener of entry.listeners) listener(state);
    }
  }

  /** A NOTIFY named this order: read it soon, together with any other order named meanwhile. */
  #changed(uuid: string): void {
    if (!this.#entries.has(uuid)) return;
    this.#pending.add(uuid);
    this.#flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      const batch = [...this.#pending];
      this.#pending.clear();
      this.#flushing = null;
      await this.#read(batch);
    });
  }

  #refreshAll = () => {
    void this.#read([...this.#entries.keys()]);
  };

  #start(): void {
    if (!this.#started) {
      this.#started = true;
      this.#timer = setInterval(this.#refreshAll, this.#safetyPollMs);
      this.#timer.unref?.();
    }
    if (this.#listening !== "off") return;
    this.#listening = "starting";
    this.#listened = listen(this.#db, ORDER_CHANNEL, (uuid) => this.#changed(uuid), this.#refreshAll).then(
      (stop) => {
        this.#listening = "on";
        this.#stopListening = stop;
        if (!this.#started) void this.stop();
      },
      (error: Error) => {
        // The safety read still follows every order; the next watch tries to listen again.
        console.warn(`[tracker] cannot LISTEN for order changes (${error.message}); reading every ${this.#safetyPollMs} ms meanwhile`);
        this.#listening = "off";
      },
    );
  }

  async stop(): Promise<void> {
    this.#started = false;
    this.#listening = "off";
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    const stop = this.#stopListening;
    this.#stopListening = null;
    await stop?.().catch((error: Error) => console.warn(`[tracker] stopping LISTEN: ${error.message}`));
  }
}

const watchers = new WeakMap<Database, OrderWatcher>();
const live = new Set<OrderWatcher>();

/** The watcher of a database (made on first use with these options). */
export function orderWatcher(db: Database, options?: WatcherOptions): OrderWatcher {
  let watcher = watchers.get(db);
  if (!watcher) {
    watcher = new OrderWatcher(db, options);
    watchers.set(db, watcher);
    live.add(watcher);
  }
  return watcher;
}

/** Stops the watcher of a database, or every watcher (graceful shutdown), before the database closes. */
export async function stopOrderWatchers(db?: Database): Promise<void> {
  const stopping = db ? [watchers.get(db)].filter((w): w is OrderWatcher => w !== undefined) : [...live];
  await Promise.all(stopping.map((watcher) => watcher.stop()));
  for (const watcher of stopping) live.delete(watcher);
  if (db) watchers.delete(db);
}
