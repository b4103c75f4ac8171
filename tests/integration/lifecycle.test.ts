import { transition } from "#server/orders/lifecycle";
import { placeCashOrder } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { testDatabases, type TestDatabase } from "../support/db";
import { refusal } from "../support/refusal";

// Friday 2026-11-20, 13:00 in Mexico City: the outlets are open, so ASAP orders can be placed.
pinStoreNow("2026-11-20T19:00:00Z");

const ROMA = "MX-ROM-01";
const COYOACAN = "MX-COY-01";
const at = (minutes: number) => new Date(Date.parse("2026-11-20T19:00:00Z") + minutes * 60_000);

describe.each(testDatabases())("the status lifecycle on $name", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => t?.destroy());

  const statusOf = async (id: number) =>
    (await t.db.selectFrom("orders").select(["status", "cancel_reason"]).where("id", "=", id).executeTakeFirstOrThrow());
  const historyOf = (id: number) =>
    t.db
      .selectFrom("order_status_history")
      .select(["status", "at", "actor"])
      .where("order_id", "=", id)
      .orderBy("at")
      .orderBy("id")
      .execute()
      .then((rows) => rows.map((r) => ({ status: r.status, at: new Date(r.at).toISOString(), actor: r.actor })));

  it("walks a carry-out order received → cooking → ready → picked up, recording each change's time and actor", async () => {
    const order = await placeCashOrder(t.db, { outletCode: ROMA });
    expect((await statusOf(order.id)).status).toBe(3);
    await transition(t.db, { orderId: order.id, to: 5, actor: "staff:7", now: at(2) });
    await transition(t.db, { orderId: order.id, to: 16, actor: "staff:7", now: at(15) });
    const done = await transition(t.db, { orderId: order.id, to: 9, actor: "staff:8", now: at(31) });
    expect(done).toMatchObject({ orderId: order.id, number: order.number, from: 16, to: 9 });
    expect((await statusOf(order.id)).status).toBe(9);
    expect(await historyOf(order.id)).toEqual([
      { status: 3, at: at(0).toISOString(), actor: "customer" },
      { status: 5, at: at(2).toISOString(), actor: "staff:7" },
      { status: 16, at: at(15).toISOString(), actor: "staff:7" },
      { status: 9, at: at(31).toISOString(), actor: "staff:8" },
    ]);
  });

  it("walks a delivery order received → cooking → delivering → delivered; the time comes from the clock by default", async () => {
    const order = await placeCashOrder(t.db, { outletCode: ROMA, orderType: "D" });
    for (const to of [5, 6, 7]) await transition(t.db, { orderId: order.id, to, actor: "staff:1" });
    const history = await historyOf(order.id);
    expect(history.map((h) => h.status)).toEqual([3, 5, 6, 7]);
    // STORE_NOW is pinned: every change is stamped with the clock's instant
    expect(new Set(history.map((h) => h.at))).toEqual(new Set([at(0).toISOString()]));
  });

  it("refuses a move the table does not allow, and changes nothing", async () => {
    const carryout = await placeCashOrder(t.db, { outletCode: ROMA });
    const delivery = await placeCashOrder(t.db, { outletCode: ROMA, orderType: "D" });
    // skipping the oven; straight to completed; back to starting
    for (const to of [16, 9, 7, 1, 6]) {
      const error = await refusal(transition(t.db, { orderId: carryout.id, to, actor: "staff:1" }));
      expect(error.code).toBe("STATUS-TRANSITION");
      expect(error.data).toEqual({ number: carryout.number, from: 3, to });
    }
    await transition(t.db, { orderId: carryout.id, to: 5, actor: "staff:1" });
    await transition(t.db, { orderId: delivery.id, to: 5, actor: "staff:1" });
    // a carry-out order is not delivered, a delivery is not picked up at the counter
    expect((await refusal(transition(t.db, { orderId: carryout.id, to: 6, actor: "staff:1" }))).code).toBe("STATUS-TRANSITION");
    expect((await refusal(transition(t.db, { orderId: delivery.id, to: 16, actor: "staff:1" }))).code).toBe("STATUS-TRANSITION");
    expect((await statusOf(carryout.id)).status).toBe(5);
    expect((await statusOf(delivery.id)).status).toBe(5);
    expect((await historyOf(carryout.id)).map((h) => h.status)).toEqual([3, 5]);
  });

  it("completed and canceled orders are final", async () => {
    const order = await placeCashOrder(t.db, { outletCode: ROMA });
    for (const to of [5, 16, 9]) await transition(t.db, { orderId: order.id, to, actor: "system" });
    for (const to of [8, 3, 5, 16]) {
      expect((await refusal(transition(t.db, { orderId: order.id, to, actor: "system", reason: "tarde" }))).code).toBe("STATUS-TRANSITION");
    }
    const canceled = await placeCashOrder(t.db, { outletCode: ROMA });
    await transition(t.db, { orderId: canceled.id, to: 8, actor: "staff:1", reason: "Cliente llamó" });
    for (const to of [3, 5, 8]) {
      expect((await refusal(transition(t.db, { orderId: canceled.id, to, actor: "system", reason: "otra vez" }))).code).toBe("STATUS-TRANSITION");
    }
  });

  it("a cancel needs a reason of 3 to 200 characters, kept trimmed on the order", async () => {
    const order = await placeCashOrder(t.db, { outletCode: ROMA });
    for (const reason of [undefined, "", "   ", "no", "x".repeat(201)]) {
      const error = await refusal(transition(t.db, { orderId: order.id, to: 8, actor: "staff:1", reason }));
      expect(error.code).toBe("CANCEL-REASON");
    }
    expect(await statusOf(order.id)).toEqual({ status: 3, cancel_reason: null });
    await transition(t.db, { orderId: order.id, to: 8, actor: "staff:1", reason: "  El cliente no contestó  ", now: at(5) });
    expect(await statusOf(order.id)).toEqual({ status: 8, cancel_reason: "El cliente no contestó" });
    expect((await historyOf(order.id)).at(-1)).toEqual({ status: 8, at: at(5).toISOString(), actor: "staff:1" });
  });

  it("staff cannot make the system's moves: confirming an online payment, reporting a failed hand-over", async () => {
    const order = await placeCashOrder(t.db, { outletCode: ROMA });
    await t.db.updateTable("orders").set({ status: 1 }).where("id", "=", order.id).execute(); // awaiting payment
    expect((await refusal(transition(t.db, { orderId: order.id, to: 3, actor: "staff:1" }))).code).toBe("STATUS-TRANSITION");
    expect((await refusal(transition(t.db, { orderId: order.id, to: 22, actor: "staff:1" }))).code).toBe("STATUS-TRANSITION");
    await transition(t.db, { orderId: order.id, to: 22, actor: "system" });
    // the store got it after all (the customer called): staff mark it received
    await transition(t.db, { orderId: order.id, to: 3, actor: "staff:1" });
    expect((await historyOf(order.id)).map((h) => [h.status, h.actor])).toEqual([
      [3, "customer"],
      [22, "system"],
      [3, "staff:1"],
    ]);
  });

  it("refuses a move when the order is no longer in the status the actor saw", async () => {
    const order = await placeCashOrder(t.db, { outletCode: ROMA });
    await transition(t.db, { orderId: order.id, to: 5, actor: "staff:1", expectedFrom: 3 });
    const error = await refusal(transition(t.db, { orderId: order.id, to: 8, actor: "staff:2", expectedFrom: 3, reason: "Se acabó el queso" }));
    expect(error.code).toBe("STATUS-TRANSITION");
    expect((await statusOf(order.id)).status).toBe(5);
  });

  it("an unknown order, or one outside the allowed outlets, is not found", async () => {
    const order = await placeCashOrder(t.db, { outletCode: COYOACAN });
    const roma = await t.db.selectFrom("outlets").select("id").where("code", "=", ROMA).executeTakeFirstOrThrow();
    expect((await refusal(transition(t.db, { orderId: 999_999, to: 5, actor: "system" }))).code).toBe("ORDER-1");
    expect((await refusal(transition(t.db, { orderId: order.id, to: 5, actor: "staff:1", outletIds: [roma.id] }))).code).toBe("ORDER-1");
    expect((await refusal(transition(t.db, { orderId: order.id, to: 5, actor: "staff:1", outletIds: [] }))).code).toBe("ORDER-1");
    expect((await statusOf(order.id)).status).toBe(3);
    expect(await historyOf(order.id)).toHaveLength(1);
  });

  it("a canceled order gives its coupons' uses back (a once-only coupon can go on the order placed again); a completed one keeps them", async () => {
    const { makeCoupon } = await import("../support/coupons");
    const { code, id } = await makeCoupon(t.db, { conditions: { generationLimit: 5 } });
    const uses = async () => (await t.db.selectFrom("coupons").select("uses").where("id", "=", id).executeTakeFirstOrThrow()).uses;
    const rowsOf = async (orderId: number) => (await t.db.selectFrom("coupon_uses").select("id").where("order_id", "=", orderId).execute()).length;
    const canceled = await placeCashOrder(t.db, { outletCode: ROMA, coupon: code });
    const completed = await placeCashOrder(t.db, { outletCode: ROMA, coupon: code });
    expect([await uses(), await rowsOf(canceled.id), await rowsOf(completed.id)]).toEqual([2, 1, 1]);
    await transition(t.db, { orderId: canceled.id, to: 8, actor: "staff:1", reason: "El cliente pidió cancelar" });
    for (const to of [5, 16, 9]) await transition(t.db, { orderId: completed.id, to, actor: "staff:1" });
    expect([await uses(), await rowsOf(canceled.id), await rowsOf(completed.id)]).toEqual([1, 0, 1]);
  });

  it("canceling a scheduled order gives its pizzas back to the slot", async () => {
    const slot = new Date("2026-11-20T21:00:00Z"); // 15:00 in Mexico City, a slot of the day
    const order = await placeCashOrder(t.db, { outletCode: ROMA, orderTime: slot, pizzas: 3 });
    const other = await placeCashOrder(t.db, { outletCode: ROMA, orderTime: slot, pizzas: 2 });
    const booked = async () =>
      (await t.db.selectFrom("slot_bookings").select("pizzas").where("slot_at", "=", slot).executeTakeFirstOrThrow()).pizzas;
    expect(await booked()).toBe(5);
    await transition(t.db, { orderId: order.id, to: 8, actor: "staff:1", reason: "Pedido duplicado" });
    expect(await booked()).toBe(2);
    // the other order's move changes no booking
    await transition(t.db, { orderId: other.id, to: 5, actor: "staff:1" });
    expect(await booked()).toBe(2);
  });

  it("two moves of one order at once: the row lock lets exactly one of them through", async () => {
    const order = await placeCashOrder(t.db, { outletCode: ROMA });
    const results = await Promise.allSettled([
      transition(t.db, { orderId: order.id, to: 5, actor: "staff:1", expectedFrom: 3 }),
      transition(t.db, { orderId: order.id, to: 8, actor: "staff:2", expectedFrom: 3, reason: "Cliente canceló" }),
      transition(t.db, { orderId: order.id, to: 5, actor: "staff:3", expectedFrom: 3 }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(r.reason).toMatchObject({ code: "STATUS-TRANSITION" });
    }
    expect(await historyOf(order.id)).toHaveLength(2);
  });
});
