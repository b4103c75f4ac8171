import { randomUUID } from "node:crypto";
import {
  CARRYOUT_ONLY_OUTLET_CODE,
  CLOSED_MONDAY_OUTLET_CODE,
  TIJUANA_OUTLET_CODE,
} from "#server/db/seed";
import type { Outlet } from "#server/db/types";
import { checkoutSchema } from "#server/orders/checkout-schema";
import { lockCartWithOutlet, placeOrder } from "#server/orders/place";
import { bookSlot, checkOrderTime, orderTimeOptions, type OrderTimeCheck } from "#server/outlets/order-time";
import { openingHours, openingHoursAndBookings } from "#server/outlets/hours";
import { addDays, wallClock } from "#server/clock";
import { testDatabases, type TestDatabase } from "../support/db";
import { refusal } from "../support/refusal";
import { pizzaCart } from "../support/app";
import { pinStoreNow } from "../support/clock";

/** Friday 2026-11-20, 13:00 in Mexico City, 11:00 in Tijuana (which opens at 12:00). */
const NOW = "2026-11-20T19:00:00Z";
pinStoreNow(NOW);
const now = new Date(NOW);
/** Mexico City is UTC-6: "2026-11-20 18:00" local is 2026-11-21T00:00Z. */
const SIX_PM = new Date("2026-11-21T00:00:00Z");

describe.each(testDatabases())("order time and outlet checks on $name", (kind) => {
  let t: TestDatabase;
  const outlets = new Map<string, Outlet>();
  const outlet = (code: string) => outlets.get(code)!;
  let roma: Outlet;

  const check = (extra: Partial<OrderTimeCheck>) =>
    checkOrderTime(t.db, { outlet: roma, orderType: "D", orderTime: null, now, cartPizzas: 0, stage: "choose", ...extra });

  const cart = (orderTime: Date, pizzas: number) => pizzaCart(t.db, roma.id, orderTime, pizzas);

  const place = (cartUuid: string) =>
    placeOrder(t.db, {
      cartUuid,
      outletId: roma.id,
      orderType: "C",
      locale: "es",
      checkout: checkoutSchema.parse({
        name: "Ana",
        surname: "López",
        email: "ana@example.com",
        mobile: "5512345678",
        comment: "",
        paymentMethod: "cash",
        idempotencyKey: randomUUID(),
      }),
    });

  beforeAll(async () => {
    t = await kind.create();
    for (const o of await t.db.selectFrom("outlets").selectAll().execute()) outlets.set(o.code, o);
    roma = outlets.get("MX-ROM-01")!;
  });
  afterAll(() => t?.destroy());

  it("loads the spec's hours shape: the outlet's zone, weekly ranges with its quote time, a closed Monday empty", async () => {
    const hours = await openingHours(t.db, outlet(CLOSED_MONDAY_OUTLET_CODE), "D", now);
    expect(hours.map((h) => h.date)).toEqual([
      "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26",
    ]);
    expect(hours[0]!.info).toEqual({
      timezone: "America/Mexico_City",
      business_date: [{ start: "11:00:00", end: "23:30:00", interval: 15, quote_time: 40 }],
      advance_duration: [],
    });
    expect(hours[3]!.info.business_date).toEqual([]);
  });

  it("reads per-date hours and advance-duration windows (the seeded Christmas Eve)", async () => {
    const hours = await openingHours(t.db, roma, "D", new Date("2026-12-23T18:00:00Z"));
    const eve = hours.find((h) => h.date === "2026-12-24")!;
    expect(eve.info.business_date).toEqual([{ start: "11:00:00", end: "20:00:00", interval: 15, quote_time: 35 }]);
    expect(eve.info.advance_duration).toEqual([
      { date: "2026-12-24", opening: "17:00:00", closing: "20:00:00", duration: { D: 30, C: -1 } },
    ]);
    expect(hours.find((h) => h.date === "2026-12-25")!.info.business_date).toEqual([]);
    const options = await orderTimeOptions(t.db, roma, "D", new Date("2026-12-23T18:00:00Z"));
    expect(options.days.map((d) => d.date)).not.toContain("2026-12-25");
    const eveSlots = options.days.find((d) => d.date === "2026-12-24")!.slots.map((s) => s.start);
    expect(eveSlots.filter((s) => s >= "17:00")).toEqual(["17:00", "17:30", "18:00", "18:30", "19:00", "19:30"]);
  });

  it("ASAP at an open outlet passes; the options offer ASAP today", async () => {
    const options = await check({});
    expect(options.openNow).toBe(true);
    expect(options.days[0]).toMatchObject({ date: "2026-11-20", asap: true });
    // 13:00 + 35 minutes' quote = 13:35, on the 15-minute grid: 13:45.
    expect(options.days[0]!.slots[0]).toMatchObject({ start: "13:45", end: "14:00", value: "2026-11-20 14:00" });
  });

  it("an order type the outlet does not offer is unavailable (HUTFE-0, the no-outlet message)", async () => {
    expect((await refusal(check({ outlet: outlet(CARRYOUT_ONLY_OUTLET_CODE) }))).code).toBe("HUTFE-0");
    expect((await refusal(check({ outlet: undefined }))).code).toBe("HUTFE-0");
  });

  it("ASAP while the outlet is not open yet opens the advance-order dialog (Tijuana opens at 12:00)", async () => {
    const tijuana = outlet(TIJUANA_OUTLET_CODE);
    const refused = await refusal(check({ outlet: tijuana }));
    expect(refused.code).toBe("ADVANCE-ORDER");
    // ASAP is offered again when it opens: 12:00 in Tijuana (UTC-8 in November).
    expect(refused.data.asapFrom).toBe(Date.parse("2026-11-20T20:00:00Z"));
    const options = await orderTimeOptions(t.db, tijuana, "D", now);
    expect(options.openNow).toBe(false);
    expect(options.days[0]).toMatchObject({ date: "2026-11-20", asap: false });
    expect(options.days[0]!.slots[0]).toMatchObject({ start: "12:00", end: "12:15" });
  });

  it("ASAP while the outlet is open but too near closing says it is about to close (ORDER-12), not that it is not open", async () => {
    // Friday 23:20 in Mexico City: Roma Norte closes at 23:30, and a carry-out's 15 minutes end after its last slot.
    const late = new Date("2026-11-21T05:20:00Z");
    const refused = await refusal(check({ orderType: "C", now: late }));
    expect(refused.code).toBe("ORDER-12");
    // ...and ASAP comes back when it opens on Saturday (11:00 in Mexico City).
    expect(refused.data.asapFrom).toBe(Date.parse("2026-11-21T17:00:00Z"));
    expect((await orderTimeOptions(t.db, roma, "C", late)).openNow).toBe(true);
  });

  it("an outlet with no slot in the whole week is not open (HUTFE-1)", async () => {
    const closed = outlet(CLOSED_MONDAY_OUTLET_CODE);
    await t.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("outlet_hours").where("outlet_id", "=", closed.id).execute();
      const error = await refusal(checkOrderTime(trx, { outlet: closed, orderType: "C", orderTime: null, now, cartPizzas: 0, stage: "choose" }));
      expect(error.code).toBe("HUTFE-1");
      throw new Rollback();
    }).catch((e) => {
      if (!(e instanceof Rollback)) throw e;
    });
  });

  it("the outlet read with its hours (the placing transaction's one statement) gives the hours and bookings read apart, in any zone", async () => {
    const noCart = { uuid: randomUUID(), customerId: null };
    await t.db.transaction().execute(async (trx) => {
      // A dated row and an advance window on every date around the week (each its own hours), and bookings: a date
      // left out of the one statement's range would change the hours of some zone's week.
      for (let i = 0; i < 14; i++) {
        const date = addDays("2026-11-17", i);
        await trx.insertInto("outlet_date_hours").values({ outlet_id: roma.id, date, opens: `09:${10 + i}`, closes: "22:00", interval_min: 15, note: `d${i}` }).execute();
        await trx.insertInto("outlet_advance_durations").values({ outlet_id: roma.id, date, opening: `08:${10 + i}`, closing: "23:00", duration_d: 30 + i, duration_c: 20 }).execute();
      }
      await trx.insertInto("slot_bookings").values({ outlet_id: roma.id, slot_at: new Date("2026-11-22T20:00:00Z"), pizzas: 3 }).execute();
      // UTC-11 to UTC+14, a few minutes either side of UTC's midnight and at midday.
      for (const zone of ["Pacific/Pago_Pago", "America/Tijuana", "America/Mexico_City", "Europe/Madrid", "Pacific/Kiritimati"]) {
        await trx.updateTable("outlets").set({ time_zone: zone }).where("id", "=", roma.id).execute();
        for (const at of ["2026-11-20T23:50:00Z", "2026-11-21T00:10:00Z", "2026-11-21T12:00:00Z"].map((iso) => new Date(iso))) {
          // The placing transaction's first statement; no such cart: nothing locked, the outlet read all the same.
          const { locked, read: found } = await lockCartWithOutlet(trx, noCart, roma.id, at);
          expect(locked).toBe(false);
          const read = found!;
          expect(read.outlet).toEqual(await trx.selectFrom("outlets").selectAll().where("id", "=", roma.id).executeTakeFirstOrThrow());
          for (const orderType of ["D", "C"] as const) {
            const apart = await openingHoursAndBookings(trx, read.outlet, orderType, at);
            const together = await openingHoursAndBookings(trx, read.outlet, orderType, at, true, read.stored);
            expect(together.hours, `${zone} ${at.toISOString()} ${orderType}`).toEqual(apart.hours);
            // Each day opens at its own dated row's time (09:10 on 2026-11-17, a minute later each day): the zone's
            // today and the week's last day are both in the one statement's range.
            const today = wallClock(at, zone).date;
            const opens = (date: string) => `09:${10 + (Date.parse(date) - Date.parse("2026-11-17")) / 86_400_000}`;
            expect(together.hours.map((d) => d.info.business_date[0]?.start.slice(0, 5))).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => opens(addDays(today, i))));
            expect([...together.booked]).toEqual([...apart.booked]);
          }
        }
      }
      expect(await lockCartWithOutlet(trx, noCart, 2_000_000_000, now)).toEqual({ locked: false, read: undefined });
      throw new Rollback();
    }).catch((e) => {
      if (!(e instanceof Rollback)) throw e;
    });
  });

  it("a chosen slot passes; a past time, a closed day, an off-grid time each have their code", async () => {
    await check({ orderTime: SIX_PM });
    expect((await refusal(check({ orderTime: new Date("2026-11-20T18:00:00Z") }))).code).toBe("PAST-ORDER-TIME");
    // Monday 2026-11-23, 18:00 in Coyoacán, closed on Mondays.
    const monday = new Date("2026-11-24T00:00:00Z");
    expect((await refusal(check({ outlet: outlet(CLOSED_MONDAY_OUTLET_CODE), orderTime: monday }))).code).toBe("HUT-02");
    const offGrid = new Date("2026-11-21T00:07:00Z");
    expect((await refusal(check({ orderTime: offGrid }))).code).toBe("HUT-01");
    expect((await refusal(check({ orderTime: offGrid, stage: "cart" }))).code).toBe("CART-07");
  });

  it("capacity: a slot whose booked pizzas plus the cart's pass the capacity is not offered, and is refused", async () => {
    const slotAt = new Date("2026-11-21T01:00:00Z"); // 19:00
    await t.db.transaction().execute((trx) => bookSlot(trx, roma, slotAt, roma.slot_capacity_pizzas - 2));
    const offered = async (pizzas: number) =>
      (await orderTimeOptions(t.db, roma, "C", now, pizzas)).days[0]!.slots.some((s) => s.at === slotAt.getTime());
    expect(await offered(2)).toBe(true);
    expect(await offered(3)).toBe(false);
    expect((await refusal(check({ orderType: "C", orderTime: slotAt, cartPizzas: 3 }))).code).toBe("SLOT-FULL");
    await check({ orderType: "C", orderTime: slotAt, cartPizzas: 2 });
  });

  it("a scheduled order books its pizzas into its slot; an ASAP order books none", async () => {
    const slotAt = new Date("2026-11-21T02:00:00Z"); // 20:00
    const placed = await place(await cart(slotAt, 2));
    const order = await t.db.selectFrom("orders").selectAll().where("uuid", "=", placed.uuid).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ advance_order: 1, slot_pizzas: 2 });
    expect(new Date(order.collection_time!).toISOString()).toBe(slotAt.toISOString());
    const booking = await t.db.selectFrom("slot_bookings").select("pizzas").where("outlet_id", "=", roma.id).where("slot_at", "=", slotAt).executeTakeFirst();
    expect(booking?.pizzas).toBe(2);
  });

  it("a deal sold without sizes books the pizzas it is made of (a party pack: three), not none", async () => {
    const { addToCart } = await import("#server/cart/rows");
    const { productUuid } = await import("#server/db/seed");
    const slotAt = new Date("2026-11-21T04:00:00Z"); // 22:00
    const cartUuid = await addToCart(t.db, { cartUuid: null, outletId: roma.id, orderType: "C", orderTime: slotAt, productUuid: productUuid("DL-PAQUETE-FIESTA"), quantity: 2 });
    const placed = await place(cartUuid);
    const order = await t.db.selectFrom("orders").select("slot_pizzas").where("uuid", "=", placed.uuid).executeTakeFirstOrThrow();
    expect(order.slot_pizzas).toBe(6);
    const booking = await t.db.selectFrom("slot_bookings").select("pizzas").where("outlet_id", "=", roma.id).where("slot_at", "=", slotAt).executeTakeFirst();
    expect(booking?.pizzas).toBe(6);
  });

  it("a scheduled order's items are judged over its slot: lunch's last slot (16:45 – 17:00) sells lunch, the slot ending at 12:00 does not", async () => {
    const { addToCart, getCart } = await import("#server/cart/rows");
    const { productUuid } = await import("#server/db/seed");
    const lunchPack = (orderTime: Date) =>
      addToCart(t.db, { cartUuid: null, outletId: roma.id, orderType: "C", orderTime, productUuid: productUuid("LT-PASTA-REFRESCO"), quantity: 1 });
    const lastLunchSlot = new Date("2026-11-20T23:00:00Z"); // Friday 17:00, the end of the slot 16:45 – 17:00
    const cartUuid = await lunchPack(lastLunchSlot);
    expect((await getCart(t.db, cartUuid))!.lines[0]!.unavailable).toBeNull();
    const beforeLunch = new Date("2026-11-21T18:00:00Z"); // Saturday 12:00, the end of the slot 11:45 – 12:00
    expect((await refusal(lunchPack(beforeLunch))).code).toBe("ITEM-03");
  });

  it("two customers racing for the last room of a slot: exactly one gets it", async () => {
    const slotAt = new Date("2026-11-21T03:00:00Z"); // 21:00
    await t.db.transaction().execute((trx) => bookSlot(trx, roma, slotAt, roma.slot_capacity_pizzas - 2));
    // Both carts fit when they are checked (2 of 2 left); together they do not.
    const carts = await Promise.all([cart(slotAt, 2), cart(slotAt, 2), cart(slotAt, 2), cart(slotAt, 2)]);
    const results = await Promise.allSettled(carts.map(place));
    const placed = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as { code?: string }).code] : []));
    expect(placed).toHaveLength(1);
    expect(refused).toEqual(["SLOT-FULL", "SLOT-FULL", "SLOT-FULL"]);
    const booking = await t.db.selectFrom("slot_bookings").select("pizzas").where("outlet_id", "=", roma.id).where("slot_at", "=", slotAt).executeTakeFirst();
    expect(booking?.pizzas).toBe(roma.slot_capacity_pizzas);
  });
});

class Rollback extends Error {}
