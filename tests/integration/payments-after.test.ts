/**
 * What follows a card payment (issue 13 points 5 and 6), through the app's server-side code against the Adyen
 * stand-in: the sweeper giving up attempts that never came back (their orders end, 4; a cancel by reference makes
 * sure nothing is held; money that arrives after all goes back, 22), the calls after a committed change (a refund
 * when a paid order is canceled, a capture when it is handed over) and their webhooks, and paying at the door
 * instead of online (coupons limited to card payment, the outlet's cash cap).
 *
 * Time is the Payments clock: attempts expire ATTEMPT_MINUTES after they are made; nothing sleeps.
 */
import { sql } from "kysely";
import { transition } from "#server/orders/lifecycle";
import { isPaymentRefusal } from "#server/orders/payment-methods";
import { CONFIRM_LEASE_MS, confirmReturn, payAtDoor, retryPayment, sweepPayments, type Payments } from "#server/payments/attempts";
import { ATTEMPT_MINUTES } from "#server/payments/store";
import { runPaymentTasks } from "#server/payments/tasks";
import { makeCoupon } from "../support/coupons";
import { pinStoreNow } from "../support/clock";
import { testDatabases, type TestDatabase } from "../support/db";
import { CARDS, ROMA, TIJUANA, startPaymentsHarness, type PaymentsHarness } from "../support/payments";
import { refusal } from "../support/refusal";

// Friday 2026-11-20, 15:00 in Mexico City (13:00 in Tijuana): both outlets are open.
const NOW = "2026-11-20T21:00:00Z";
pinStoreNow(NOW);

describe.each(testDatabases())("after a card payment on $name", (kind) => {
  let t: TestDatabase;
  let h: PaymentsHarness;
  let payments: Payments;

  beforeAll(async () => {
    t = await kind.create();
    h = await startPaymentsHarness(t.db, { start: NOW });
    payments = h.payments;
  });
  afterEach(() => h?.reset());
  afterAll(async () => {
    await h?.close();
    await t?.destroy();
  });

  const referenceOf = async (transaction: string) => (await h.attempt(transaction)).merchant_reference;
  const slotPizzas = async (outletCode: string, slot: Date) => {
    const row = await t.db
      .selectFrom("slot_bookings as b")
      .innerJoin("outlets as o", "o.id", "b.outlet_id")
      .select("b.pizzas")
      .where("o.code", "=", outletCode)
      .where("b.slot_at", "=", slot)
      .executeTakeFirst();
    return row?.pizzas ?? 0;
  };

  describe("the sweeper", () => {
    it("gives up an attempt left at 3-D Secure past its time: expired, the order ends (4) and frees its slot, a cancel by reference goes to Adyen", async () => {
      const slot = new Date("2026-11-20T23:00:00Z"); // 17:00 in Mexico City
      const booked = await slotPizzas(ROMA, slot);
      const order = await h.placeCardOrder({ orderTime: slot, pizzas: 2 });
      expect(await slotPizzas(ROMA, slot)).toBe(booked + 2);
      await h.pay(order.transaction, CARDS.visa3ds);
      expect(await h.statusOf(order.uuid)).toBe(25);

      // Not yet: a minute before its time the sweeper leaves it.
      h.clock.advance(ATTEMPT_MINUTES - 1);
      await sweepPayments(payments);
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "action" });

      h.clock.advance(2);
      expect(await sweepPayments(payments)).toBeGreaterThanOrEqual(1);
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "expired" });
      expect(await h.historyOf(order.id)).toEqual([1, 25, 4]);
      expect(await h.order(order.uuid)).toMatchObject({ status: 4, slot_pizzas: 0 });
      expect(await slotPizzas(ROMA, slot)).toBe(booked);
      expect(await h.tasksOf(order.transaction)).toEqual([expect.objectContaining({ kind: "cancel", done_at: null })]);
      // Swept once: a second round finds nothing of it.
      await sweepPayments(payments);
      expect(await h.historyOf(order.id)).toEqual([1, 25, 4]);

      await runPaymentTasks(payments);
      expect(h.callsTo("/cancels", order.transaction)).toEqual([expect.objectContaining({ idempotencyKey: `${order.transaction}:cancel`, status: 201 })]);
      expect(await h.tasksOf(order.transaction)).toEqual([expect.objectContaining({ kind: "cancel", done_at: expect.any(Date), error: null })]);
      // Nothing was authorised to cancel: Adyen's TECHNICAL_CANCEL says so (success false), the attempt stays given up.
      await h.settle();
      expect(h.webhookFor(await referenceOf(order.transaction), "TECHNICAL_CANCEL")).toMatchObject({ success: "false" });
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "expired" });
      expect(h.received).not.toContain(order.uuid);
    });

    it("ends an order left waiting after a refused card (the customer went away): 4 once its attempt is ATTEMPT_MINUTES old, its slot freed", async () => {
      const slot = new Date("2026-11-20T23:30:00Z");
      const booked = await slotPizzas(ROMA, slot);
      const order = await h.placeCardOrder({ orderTime: slot });
      expect(await h.pay(order.transaction, CARDS.visa, { cvc: "000" })).toMatchObject({ state: "refused" });
      expect(await h.statusOf(order.uuid)).toBe(1);

      h.clock.advance(ATTEMPT_MINUTES - 1);
      await sweepPayments(payments);
      expect(await h.statusOf(order.uuid)).toBe(1);
      // A retry meanwhile would have kept it: the sweeper looks at the order's current attempt only.
      h.clock.advance(2);
      expect(await sweepPayments(payments)).toBe(1);
      expect(await h.order(order.uuid)).toMatchObject({ status: 4, slot_pizzas: 0 });
      expect(await slotPizzas(ROMA, slot)).toBe(booked);
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "refused" });
      // Nothing was held: no call to Adyen, and the order cannot be paid any more.
      expect(await h.tasksOf(order.transaction)).toEqual([]);
      expect((await refusal(retryPayment(payments, order.transaction))).code).toBe("PAY-CLOSED");
      expect(await sweepPayments(payments)).toBe(0);
    });

    it("an order ended for lack of payment gives its coupon's use back: the generation count and the customer's use", async () => {
      const { code, id } = await makeCoupon(t.db, { conditions: { generationLimit: 5 } });
      const order = await h.placeCardOrder({ pizzas: 2, coupon: code });
      const uses = async () => (await t.db.selectFrom("coupons").select("uses").where("id", "=", id).executeTakeFirstOrThrow()).uses;
      const rows = async () => (await t.db.selectFrom("coupon_uses").select("id").where("order_id", "=", order.id).execute()).length;
      expect([await uses(), await rows()]).toEqual([1, 1]);
      await h.pay(order.transaction, CARDS.visa3ds);
      h.clock.advance(ATTEMPT_MINUTES + 1);
      await sweepPayments(payments);
      expect(await h.statusOf(order.uuid)).toBe(4);
      expect([await uses(), await rows()]).toEqual([0, 0]);
    });

    it("a late authorisation after the attempt expired is returned: refunding and the order 22, then refunded", async () => {
      const order = await h.placeCardOrder();
      await h.pay(order.transaction, CARDS.visa3ds);
      const psp = (await h.attempt(order.transaction)).psp_reference!;
      h.clock.advance(ATTEMPT_MINUTES + 1);
      await sweepPayments(payments);
      await runPaymentTasks(payments); // the cancel by reference: nothing authorised yet
      await h.settle();
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "expired" });

      // The shopper finishes the challenge in a tab left open: Adyen authorises it.
      const redirectResult = h.controls.completeChallenge(psp, "authorise");
      await h.settle();
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "refunding", psp_reference: psp });
      expect(await h.historyOf(order.id)).toEqual([1, 25, 4, 22]);
      expect(h.received).not.toContain(order.uuid);
      expect((await h.tasksOf(order.transaction)).map((k) => [k.kind, k.done_at === null])).toEqual([
        ["cancel", false],
        ["refund", true],
      ]);
      // The return that comes now is not confirmed with Adyen: the attempt is no longer open.
      expect(await confirmReturn(payments, order.transaction, { details: { redirectResult } })).toMatchObject({ state: "refunding" });
      expect(h.callsTo("/payments/details", order.transaction)).toEqual([]);

      await runPaymentTasks(payments);
      expect(h.callsTo(`/payments/${psp}/reversals`, order.transaction)).toHaveLength(1);
      await h.settle();
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "refunded" });
      expect(h.standIn.payments.get(psp)).toMatchObject({ authorised: true, cancelled: true });
      expect(await h.statusOf(order.uuid)).toBe(22);
    });

    it("an authorisation Adyen made before the cancel by reference is voided by it; its AUTHORISATION arriving after changes nothing", async () => {
      const order = await h.placeCardOrder();
      await h.pay(order.transaction, CARDS.mastercard3ds);
      const psp = (await h.attempt(order.transaction)).psp_reference!;
      h.controls.holdWebhooks();
      // Authenticated, but neither the return nor the webhook came in time.
      h.controls.completeChallenge(psp, "authorise");
      h.clock.advance(ATTEMPT_MINUTES + 1);
      await sweepPayments(payments);
      expect(await h.statusOf(order.uuid)).toBe(4);
      await runPaymentTasks(payments);
      expect(h.standIn.payments.get(psp)).toMatchObject({ cancelled: true });

      // TECHNICAL_CANCEL (success) first, then the old AUTHORISATION.
      h.controls.releaseWebhooks({ reverse: true });
      await h.settle();
      expect((await h.eventsAbout(psp)).map((e) => [e.event_code, e.success])).toEqual([
        ["TECHNICAL_CANCEL", true],
        ["AUTHORISATION", true],
      ]);
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "voided" });
      expect(await h.historyOf(order.id)).toEqual([1, 25, 4]);
      expect((await h.tasksOf(order.transaction)).map((k) => k.kind)).toEqual(["cancel"]);
      expect(h.received).not.toContain(order.uuid);
    });

    it("leaves alone an attempt whose return is being confirmed at its deadline; the confirmation then sends the order to the store", async () => {
      const order = await h.placeCardOrder();
      await h.pay(order.transaction, CARDS.visa3ds);
      const redirectResult = h.controls.completeChallenge(await referenceOf(order.transaction), "authorise");
      const gate = h.controls.holdResponses("/payments/details");
      h.clock.advance(ATTEMPT_MINUTES - 0.5);
      const confirming = confirmReturn(payments, order.transaction, { details: { redirectResult } });
      await gate.reached(1);
      // Past the attempt's time (half a minute away), within the return's lease (a minute from the return).
      h.clock.advance(0.5 + CONFIRM_LEASE_MS / 60_000 / 4);
      await sweepPayments(payments);
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "action" });
      gate.open();
      expect(await confirming).toMatchObject({ state: "authorised" });
      expect(await h.historyOf(order.id)).toEqual([1, 25, 3]);
      expect(h.receivedCount(order.uuid)).toBe(1);
    });
  });

  describe("the calls after an order's move", () => {
    it("a paid order canceled by the store is given back: refunding, a reversal at Adyen, refunded by its CANCEL_OR_REFUND", async () => {
      const order = await h.placeCardOrder();
      await h.pay(order.transaction, CARDS.visa);
      await h.settle();
      const psp = (await h.attempt(order.transaction)).psp_reference!;
      await transition(t.db, { orderId: order.id, to: 8, actor: "staff:1", reason: "Sin ingredientes" });
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "refunding" });
      expect(await h.tasksOf(order.transaction)).toEqual([expect.objectContaining({ kind: "refund", done_at: null })]);

      expect(await runPaymentTasks(payments)).toBeGreaterThanOrEqual(1);
      expect(h.callsTo(`/payments/${psp}/reversals`, order.transaction)).toEqual([expect.objectContaining({ idempotencyKey: `${order.transaction}:refund`, status: 201 })]);
      // Run again: the task is done, nothing more is sent.
      await runPaymentTasks(payments);
      expect(h.callsTo(/\/reversals$/, order.transaction)).toHaveLength(1);
      await h.settle();
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "refunded" });
      expect(h.standIn.payments.get(psp)).toMatchObject({ cancelled: true, capturedValue: 0 });
      expect(await h.statusOf(order.uuid)).toBe(8);
    });

    it.each([
      ["delivery", "D" as const, [5, 6, 7]],
      ["carry-out", "C" as const, [5, 16, 9]],
    ])("a paid %s order is captured when handed over (%s: %j): capturing, then captured by its CAPTURE webhook", async (_label, orderType, moves) => {
      const order = await h.placeCardOrder({ orderType });
      await h.pay(order.transaction, CARDS.mastercard);
      const psp = (await h.attempt(order.transaction)).psp_reference!;
      for (const to of moves.slice(0, -1)) {
        await transition(t.db, { orderId: order.id, to, actor: "staff:1" });
        expect(await h.tasksOf(order.transaction)).toEqual([]);
      }
      await transition(t.db, { orderId: order.id, to: moves.at(-1)!, actor: "staff:1" });
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "capturing" });
      expect(await h.tasksOf(order.transaction)).toEqual([expect.objectContaining({ kind: "capture", done_at: null })]);
      await runPaymentTasks(payments);
      expect(h.callsTo(`/payments/${psp}/captures`, order.transaction)).toEqual([expect.objectContaining({ idempotencyKey: `${order.transaction}:capture`, status: 201 })]);
      await h.settle();
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "captured" });
      const made = h.standIn.payments.get(psp)!;
      expect(made.capturedValue).toBe(made.amount.value);
    });

    it("a capture the scheme rejects after Adyen took it ends capture-failed", async () => {
      const order = await h.placeCardOrder();
      await h.pay(order.transaction, CARDS.visa, { holderName: "capture failed" });
      for (const to of [5, 16, 9]) await transition(t.db, { orderId: order.id, to, actor: "staff:1" });
      await runPaymentTasks(payments);
      await h.settle();
      const psp = (await h.attempt(order.transaction)).psp_reference!;
      expect((await h.eventsAbout(psp)).map((e) => [e.event_code, e.success])).toEqual([
        ["AUTHORISATION", true],
        ["CAPTURE", true],
        ["CAPTURE_FAILED", true],
      ]);
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "capture-failed" });
    });

    it("an order the store cancels while its payment is at 3-D Secure returns the money that arrives after", async () => {
      const order = await h.placeCardOrder();
      await h.pay(order.transaction, CARDS.visa3ds);
      await transition(t.db, { orderId: order.id, to: 8, actor: "staff:1", reason: "Fuera de zona" });
      const redirectResult = h.controls.completeChallenge(await referenceOf(order.transaction), "authorise");
      expect(await confirmReturn(payments, order.transaction, { details: { redirectResult } })).toMatchObject({ state: "refunding" });
      expect(await h.statusOf(order.uuid)).toBe(8);
      expect(h.received).not.toContain(order.uuid);
      await runPaymentTasks(payments);
      await h.settle();
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "refunded" });
    });

    it("a task Adyen cannot take now is tried again later with the same idempotency key, and done once", async () => {
      const order = await h.placeCardOrder();
      await h.pay(order.transaction, CARDS.visa);
      await transition(t.db, { orderId: order.id, to: 8, actor: "staff:1", reason: "Pedido duplicado" });
      h.controls.loseResponses("/payments/*/reversals");
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      await runPaymentTasks(payments);
      expect(warn).toHaveBeenCalledWith(`[payments] refund of ${await referenceOf(order.transaction)} failed (try 1): Adyen reversal: socket hang up`);
      // Kept with why, for whoever looks at tasks that keep failing.
      expect(await h.tasksOf(order.transaction)).toEqual([expect.objectContaining({ kind: "refund", done_at: null, attempts: 1, error: "Adyen reversal: socket hang up" })]);
      // Not before its backoff: the same round a moment later leaves it.
      await runPaymentTasks(payments);
      expect(h.callsTo(/\/reversals$/, order.transaction)).toHaveLength(1);
      h.clock.advance(10);
      await runPaymentTasks(payments);
      expect(await h.tasksOf(order.transaction)).toEqual([expect.objectContaining({ kind: "refund", done_at: expect.any(Date), attempts: 2, error: null })]);
      // The lost answer was carried out: the retry got the first answer back, one reversal, one webhook.
      expect(h.callsTo(/\/reversals$/, order.transaction).map((c) => c.idempotencyKey)).toEqual([`${order.transaction}:refund`, `${order.transaction}:refund`]);
      const psp = (await h.attempt(order.transaction)).psp_reference!;
      expect(h.standIn.payments.get(psp)!.modifications).toHaveLength(1);
      await h.settle();
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "refunded" });
    });
  });

  // Two processes need two connections to one server: a Postgres only (PGlite is one process's database).
  if (kind.name === "postgres") {
    it("two app processes claiming the same due task at once: one of them makes the call", async () => {
      const order = await h.placeCardOrder();
      await h.pay(order.transaction, CARDS.visa);
      await transition(t.db, { orderId: order.id, to: 8, actor: "staff:1", reason: "Pedido duplicado" });
      const { id: paymentId } = await h.attempt(order.transaction);
      const other: Payments = { ...payments, db: t.twin!() };
      const holder = t.twin!();

      // Both claims start while the task is unclaimed and wait on a lock of its row, then go one after the other.
      let rounds!: Promise<number[]>;
      await holder.transaction().execute(async (trx) => {
        await trx.selectFrom("payment_tasks").select("id").where("payment_id", "=", paymentId).forUpdate().execute();
        rounds = Promise.all([runPaymentTasks(payments), runPaymentTasks(other)]);
        for (;;) {
          const waiting = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and cardinality(pg_blocking_pids(pid)) > 0 and query ilike 'update "payment_tasks"%'`.execute(t.db);
          if (waiting.rows[0]!.n >= 2) break;
        }
      });
      await rounds;
      expect(h.callsTo(/\/reversals$/, order.transaction)).toHaveLength(1);
      expect(await h.tasksOf(order.transaction)).toEqual([expect.objectContaining({ kind: "refund", done_at: expect.any(Date), attempts: 1, error: null })]);
      await h.settle();
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "refunded" });
    });
  }

  describe("paying at the door instead", () => {
    it("after a refusal, cash instead sends the order to the store once; the attempt at 3-D Secure is given up and its late money goes back", async () => {
      const order = await h.placeCardOrder();
      await h.pay(order.transaction, CARDS.visa, { holderName: "DECLINED" });
      const second = await retryPayment(payments, order.transaction);
      await h.pay(second, CARDS.visa3ds);
      expect(await h.statusOf(order.uuid)).toBe(25);

      expect(await payAtDoor(payments, second, { method: "cash" })).toBe(order.uuid);
      const paid = await h.order(order.uuid);
      expect(paid).toMatchObject({ status: 3, payment_method: "cash", payment_id: null });
      const total = (await h.attempt(second)).amount_cents;
      expect(paid.payment).toEqual({ id: 9, method: "cash", tenderedCents: total, changeCents: 0 });
      expect(await h.historyOf(order.id)).toEqual([1, 25, 3]);
      expect(h.receivedCount(order.uuid)).toBe(1);
      expect(await h.attemptsOf(order.id)).toMatchObject([{ state: "refused" }, { state: "superseded" }]);
      expect(await h.tasksOf(order.transaction)).toEqual([]); // refused: nothing held, nothing to cancel
      expect(await h.tasksOf(second)).toEqual([expect.objectContaining({ kind: "cancel", done_at: null })]);
      // Paying online is over for this order.
      expect((await refusal(h.pay(second, CARDS.visa))).code).toBe("PAY-CLOSED");
      expect((await refusal(retryPayment(payments, second))).code).toBe("PAY-CLOSED");
      expect((await refusal(payAtDoor(payments, second, { method: "cash" }))).code).toBe("PAY-CLOSED");

      await runPaymentTasks(payments);
      expect(h.callsTo("/cancels", second)).toHaveLength(1);
      await h.settle();
      // The shopper finishes the challenge anyway: the money goes back, the order stays paid in cash.
      h.controls.completeChallenge(await referenceOf(second), "authorise");
      await h.settle();
      expect(await h.attempt(second)).toMatchObject({ state: "refunding" });
      await runPaymentTasks(payments);
      await h.settle();
      expect(await h.attempt(second)).toMatchObject({ state: "refunded" });
      expect(await h.order(order.uuid)).toMatchObject({ status: 3, payment_method: "cash" });
      expect(h.receivedCount(order.uuid)).toBe(1);
    });

    it("a coupon limited to card payment refuses a switch to cash (CP-15), and takes card on delivery", async () => {
      const { code } = await makeCoupon(t.db, { conditions: { payment: "card" } });
      const order = await h.placeCardOrder({ pizzas: 2, coupon: code });
      await h.pay(order.transaction, CARDS.visa, { holderName: "DECLINED" });
      const error = await refusal(payAtDoor(payments, order.transaction, { method: "cash" }));
      expect([error.code, error.data]).toEqual(["CP-15", { code }]);
      expect(await h.order(order.uuid)).toMatchObject({ status: 1, payment_method: "card", payment_id: order.transaction });
      expect(h.received).not.toContain(order.uuid);

      await payAtDoor(payments, order.transaction, { method: "eftpos" });
      expect(await h.order(order.uuid)).toMatchObject({ status: 3, payment_method: "eftpos" });
      expect(h.receivedCount(order.uuid)).toBe(1);
    });

    it("a cash amount over the outlet's cash cap is refused; the exact amount is taken", async () => {
      const order = await h.placeCardOrder({ outletCode: TIJUANA });
      await h.pay(order.transaction, CARDS.visa, { holderName: "DECLINED" });
      const refused = await payAtDoor(payments, order.transaction, { method: "cash", cashTenderedCents: 150_000 }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isPaymentRefusal(refused) && refused.problem).toEqual({ field: "cashTendered", key: "cashCap", capCents: 100_000 });
      expect(await h.order(order.uuid)).toMatchObject({ status: 1, payment_method: "card" });
      expect(h.received).not.toContain(order.uuid);

      await payAtDoor(payments, order.transaction, { method: "cash" });
      expect(await h.order(order.uuid)).toMatchObject({ status: 3, payment_method: "cash" });
      expect(h.receivedCount(order.uuid)).toBe(1);
    });
  });
});
