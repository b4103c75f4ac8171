/**
 * The live tracker's server-sent events (issue 5): a stream per order that reads the order from the database,
 * sends its state at once and whenever it changes (a status moved by any process), keeps the connection alive,
 * and ends when the order is final, gone, or the client leaves. On each test database, then the route's answers.
 */
import { args, get } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { testDatabases, type TestDatabase } from "../support/db";
import { eventReader, type ServerEvent } from "../support/events";
import { placeTestOrder, setStatus, type TestOrder } from "../support/orders";

process.env.SESSION_SECRET = "tracker-events-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";

const NOW = "2026-11-20T19:00:00.000Z";
pinStoreNow(NOW);
const at = (minutes: number) => new Date(new Date(NOW).getTime() + minutes * 60_000);

let tracking: typeof import("~/routes/tracker-order.$uuid.events/events.server");
beforeAll(async () => {
  tracking = await import("~/routes/tracker-order.$uuid.events/events.server");
});

/** Stops the database's order watcher (its LISTEN and safety reads), then the database. */
async function closeWatched(t: TestDatabase | undefined) {
  if (!t) return;
  const { stopOrderWatchers } = await import("#server/orders/watch");
  await stopOrderWatchers(t.db);
  await t.destroy();
}

const state = (event: ServerEvent | null) => JSON.parse(event?.data ?? "null") as { status: number; stage: string; version: string; final: boolean };

describe.each(testDatabases())("the order event stream on $name", (kind) => {
  let t: TestDatabase;
  let order: TestOrder;
  // The database's watcher reads every watched order every 10 ms here (the changes below are written directly,
  // without the NOTIFY of a real move: the safety read is what finds them).
  const fast = { safetyPollMs: 10, heartbeatMs: 15 };

  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => closeWatched(t));
  beforeEach(async () => {
    order = await placeTestOrder(t.db);
  });

  it("sends the state at once, then an event for each change of status (read from the database), and ends when final", async () => {
    const controller = new AbortController();
    const events = eventReader(tracking.orderEventStream(t.db, order.uuid, controller.signal, fast));
    expect(await events.next()).toEqual({ retry: "5000" });

    const first = await events.nextEvent();
    expect(first.event?.event).toBe("status");
    expect(state(first.event)).toMatchObject({ status: 3, stage: "received", final: false });
    expect(first.event?.id).toBe(state(first.event).version);

    await setStatus(t.db, order, 5, at(5));
    const cooking = await events.nextEvent();
    expect(state(cooking.event)).toMatchObject({ status: 5, stage: "cooking", final: false });
    expect(state(cooking.event).version).not.toBe(state(first.event).version);
    // Nothing but heartbeats came between the two states, however many reads the stream made meanwhile.
    expect(cooking.skipped.every((block) => block.comment === "keep-alive")).toBe(true);

    await setStatus(t.db, order, 16, at(20));
    expect(state((await events.nextEvent()).event)).toMatchObject({ status: 16, stage: "ready", final: false });

    await setStatus(t.db, order, 9, at(30));
    expect(state((await events.nextEvent()).event)).toMatchObject({ status: 9, stage: "completed", final: true });
    expect(await events.next()).toBeNull();
  });

  it("a new history row of the same stage (3 again after 10) is a change too: its version differs", async () => {
    const controller = new AbortController();
    const events = eventReader(tracking.orderEventStream(t.db, order.uuid, controller.signal, fast));
    const first = state((await events.nextEvent()).event);
    await setStatus(t.db, order, 10, at(2));
    const next = state((await events.nextEvent()).event);
    expect(next).toMatchObject({ status: 10, stage: "received" });
    expect(next.version).not.toBe(first.version);
    controller.abort();
  });

  it("keeps the connection alive with comment lines while nothing changes", async () => {
    const controller = new AbortController();
    const events = eventReader(tracking.orderEventStream(t.db, order.uuid, controller.signal, fast));
    await events.nextEvent();
    expect(await events.next()).toEqual({ comment: "keep-alive" });
    controller.abort();
  });

  it("ends when the client goes away (the request's signal)", async () => {
    const controller = new AbortController();
    const events = eventReader(tracking.orderEventStream(t.db, order.uuid, controller.signal, fast));
    await events.nextEvent();
    controller.abort();
    let block = await events.next();
    while (block?.comment) block = await events.next();
    expect(block).toBeNull();
  });

  it("an order already final gets its one event and the end; a canceled one too", async () => {
    await setStatus(t.db, order, 8, at(1));
    const events = eventReader(tracking.orderEventStream(t.db, order.uuid, new AbortController().signal, fast));
    expect(state((await events.nextEvent()).event)).toMatchObject({ stage: "canceled", final: true });
    expect(await events.next()).toBeNull();
  });

  it("an order that disappears gets a 'gone' event and the end", async () => {
    const events = eventReader(tracking.orderEventStream(t.db, "00000000-0000-4000-8000-000000000000", new AbortController().signal, fast));
    expect((await events.nextEvent()).event).toEqual({ event: "gone", data: "{}" });
    expect(await events.next()).toBeNull();
  });

  it("stops after its time (the browser reconnects)", async () => {
    const events = eventReader(tracking.orderEventStream(t.db, order.uuid, new AbortController().signal, { ...fast, maxMs: 30 }));
    expect(state((await events.nextEvent()).event).stage).toBe("received");
    expect((await events.nextEvent()).event).toBeNull();
  });
});

describe.each(testDatabases())("one watcher per order on $name", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => closeWatched(t));

  /** Opens `n` streams of an order and waits for each one's first state. */
  async function follow(uuid: string, n: number, db = t.db) {
    const controller = new AbortController();
    // The safety read is an hour away: only the NOTIFY of a real move can bring a change here.
    const streams = Array.from({ length: n }, () => eventReader(tracking.orderEventStream(db, uuid, controller.signal, { safetyPollMs: 3_600_000, heartbeatMs: 3_600_000 })));
    for (const events of streams) expect(state((await events.nextEvent()).event).stage).toBe("received");
    return { streams, stop: () => controller.abort() };
  }

  it("20 streams on each of two orders cost one read per order, and a move one read for all 20 of its streams", async () => {
    const { orderWatcher } = await import("#server/orders/watch");
    const { transition } = await import("#server/orders/lifecycle");
    const a = await placeTestOrder(t.db);
    const b = await placeTestOrder(t.db);
    const watcher = orderWatcher(t.db, { safetyPollMs: 3_600_000 });
    const before = watcher.reads;
    const [onA, onB] = await Promise.all([follow(a.uuid, 20), follow(b.uuid, 20)]);
    expect(watcher.reads - before).toBe(2); // one first read per order, shared by its 20 streams
    expect(watcher.size).toEqual({ orders: 2, streams: 40 });
    await transition(t.db, { orderId: a.id, to: 5, actor: "system" });
    for (const events of onA.streams) expect(state((await events.nextEvent()).event)).toMatchObject({ status: 5, stage: "cooking" });
    expect(watcher.reads - before).toBe(3);
    onA.stop();
    onB.stop();
    await vi.waitFor(() => expect(watcher.size).toEqual({ orders: 0, streams: 0 }));
  });

  // Two processes need a database server: on Postgres only (PGlite lives inside one process).
  if (kind.name === "postgres") it("a move made by another process reaches this one's streams through NOTIFY", async () => {
    const { transition } = await import("#server/orders/lifecycle");
    const { stopOrderWatchers } = await import("#server/orders/watch");
    const order = await placeTestOrder(t.db);
    const other = t.twin!(); // another app process's database
    const here = await follow(order.uuid, 3, other);
    await transition(t.db, { orderId: order.id, to: 5, actor: "system" });
    for (const events of here.streams) expect(state((await events.nextEvent()).event)).toMatchObject({ stage: "cooking" });
    here.stop();
    await stopOrderWatchers(other);
  });
});

describe("the event route /tracker-order/:uuid/events", () => {
  let route: typeof import("~/routes/tracker-order.$uuid.events/route");
  let order: TestOrder;

  beforeAll(async () => {
    route = await import("~/routes/tracker-order.$uuid.events/route");
    const { getDb } = await import("#server/db/client");
    process.env.STORE_NOW = NOW;
    order = await placeTestOrder(await getDb());
  });

  it("streams text/event-stream, uncompressed and uncached, starting with the order's state", async () => {
    const controller = new AbortController();
    const request = new Request(`http://localhost/tracker-order/${order.uuid}/events`, { signal: controller.signal });
    const response = await route.loader(args(request, { uuid: order.uuid }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-cache, no-transform");
    const events = eventReader(response.body!);
    expect(state((await events.nextEvent()).event)).toMatchObject({ status: 3, stage: "received" });
    controller.abort();
  });

  it("caps open streams per order and per client address (429); a closed stream frees its place", async () => {
    const { STREAMS_PER_CLIENT, STREAMS_PER_ORDER } = tracking;
    const open = (address: string) => {
      const controller = new AbortController();
      const request = new Request(`http://localhost/tracker-order/${order.uuid}/events`, { signal: controller.signal });
      return route.loader({ ...args(request, { uuid: order.uuid }), context: { clientAddress: address } }).then((response) => ({ response, controller }));
    };
    const mine = [];
    for (let i = 0; i < STREAMS_PER_CLIENT; i++) mine.push(await open("203.0.113.1"));
    expect(mine.every((s) => s.response.status === 200)).toBe(true);
    const extra = await open("203.0.113.1");
    expect(extra.response.status).toBe(429);
    expect(extra.response.headers.get("Retry-After")).toBe("30");
    mine.pop()!.controller.abort();
    expect((await open("203.0.113.1")).response.status).toBe(200);
    // others fill the order up to its cap
    const others = [];
    for (let i = mine.length + 1; i < STREAMS_PER_ORDER; i++) others.push(await open(`198.51.100.${i}`));
    expect(others.every((s) => s.response.status === 200)).toBe(true);
    expect((await open("192.0.2.1")).response.status).toBe(429);
  });

  it("a malformed id is a 400, an unknown order a 404", async () => {
    expect((await route.loader(args(get("/tracker-order/nope/events", ""), { uuid: "nope" }))).status).toBe(400);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await route.loader(args(get(`/tracker-order/${unknown}/events`, ""), { uuid: unknown }))).status).toBe(404);
  });
});
