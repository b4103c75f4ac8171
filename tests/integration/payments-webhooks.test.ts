/**
 * The payment provider's webhooks (issue 13 point 4) through the app's receiving code (server/payments/webhook.ts,
 * inbox.ts) at a local endpoint, sent by the Adyen stand-in: authentication (basic auth, every item's HMAC),
 * replays and duplicates stored once, events in any order (crafted with the stand-in's sendWebhook, and real ones
 * held and released reversed), and a redirect whose return never came settled by its webhook.
 */
import { transition } from "#server/orders/lifecycle";
import { confirmReturn, payWithComponent, type Payments } from "#server/payments/attempts";
import { processInbox } from "#server/payments/inbox";
import { runPaymentTasks } from "#server/payments/tasks";
import type { NotificationItem } from "../support/adyen";
import { signItem } from "../support/adyen/webhooks";
import { pinStoreNow } from "../support/clock";
import { testDatabases, type TestDatabase } from "../support/db";
import { CARDS, MERCHANT, startPaymentsHarness, type PaymentsHarness } from "../support/payments";

// Friday 2026-11-20, 15:00 in Mexico City: Roma Norte is open.
const NOW = "2026-11-20T21:00:00Z";
pinStoreNow(NOW);

describe.each(testDatabases())("payment webhooks on $name", (kind) => {
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

  const eventCount = async () => Number((await t.db.selectFrom("payment_events").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  /** A card order whose attempt waits at the 3-D Secure challenge (25): its transaction, reference and PSP reference. */
  async function authenticating() {
    const order = await h.placeCardOrder();
    await h.pay(order.transaction, CARDS.visa3ds);
    const attempt = await h.attempt(order.transaction);
    expect(attempt.state).toBe("action");
    return { ...order, reference: attempt.merchant_reference, psp: attempt.psp_reference!, amount: { value: attempt.amount_cents, currency: attempt.currency } };
  }

  /** A notification item about a payment, as Adyen would sign it (unsigned until `signItem`). */
  const itemAbout = (payment: Awaited<ReturnType<typeof authenticating>>, over: Partial<NotificationItem> = {}): NotificationItem => ({
    amount: payment.amount,
    eventCode: "AUTHORISATION",
    eventDate: "2026-11-20T21:00:00+00:00",
    merchantAccountCode: MERCHANT,
    merchantReference: payment.reference,
    pspReference: payment.psp,
    reason: "",
    success: "true",
    ...over,
  });

  const postToEndpoint = (items: NotificationItem[], authorization: string | null) =>
    fetch(h.webhooks.url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(authorization === null ? {} : { authorization }) },
      body: JSON.stringify({ live: "false", notificationItems: items.map((item) => ({ NotificationRequestItem: item })) }),
    });

  it("a webhook whose HMAC signature does not verify is refused with 401 and nothing is stored", async () => {
    const payment = await authenticating();
    const before = await eventCount();
    const answer = await h.sendWebhook(itemAbout(payment), { badSignature: true });
    expect(answer).toEqual({ status: 401, body: "Unauthorized", stored: 0 });
    // Adyen retries what was not accepted: every try is refused alike.
    const tries = h.controls.deliveries.filter((d) => d.item.pspReference === payment.psp && d.item.eventCode === "AUTHORISATION");
    expect(tries.length).toBeGreaterThan(1);
    expect(tries.every((d) => d.status === 401 && !d.accepted)).toBe(true);

    // One bad item among good ones refuses the whole request.
    const good = signItem(itemAbout(payment), h.providerSettings.hmacKey);
    const forged = { ...good, success: "false" as const };
    const mixed = await postToEndpoint([good, forged], h.webhooks.basicAuth());
    expect(mixed.status).toBe(401);
    expect(await eventCount()).toBe(before);

    await h.settle();
    expect(await h.attempt(payment.transaction)).toMatchObject({ state: "action" });
    expect(await h.statusOf(payment.uuid)).toBe(25);
  });

  it("a webhook without the right basic auth is refused with 401, a body that is not a notification with 400; nothing is stored", async () => {
    const payment = await authenticating();
    const before = await eventCount();
    const signed = signItem(itemAbout(payment), h.providerSettings.hmacKey);
    const wrong = `Basic ${Buffer.from(`${h.webhooks.username}:not-the-password`).toString("base64")}`;
    for (const authorization of [null, wrong, "Bearer abc"]) {
      const answer = await postToEndpoint([signed], authorization);
      expect(answer.status).toBe(401);
      expect(await answer.text()).toBe("Unauthorized");
    }
    const junk = await fetch(h.webhooks.url, { method: "POST", headers: { authorization: h.webhooks.basicAuth() }, body: "{not json" });
    expect(junk.status).toBe(400);
    // Signed, but with a NUL character or a lone surrogate (which no database text or jsonb holds) in a value or a
    // key: 400, not a 500.
    for (const over of [
      { reason: "a\u0000b" },
      { additionalData: { "\u0000": "x" } },
      { additionalData: { note: ["\u0000"] } },
      { reason: "a\ud800b" },
      { additionalData: { "\udc00": "x" } },
      { additionalData: "\ud83d" },
    ]) {
      const withNul = await postToEndpoint([signItem(itemAbout(payment, over as Partial<NotificationItem>), h.providerSettings.hmacKey)], h.webhooks.basicAuth());
      expect(withNul.status).toBe(400);
    }
    expect(await eventCount()).toBe(before);
    expect(h.webhooks.requests.slice(-10).map((r) => r.answer.stored)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

    // The same item with the stand-in's credentials is taken, and settles the attempt.
    const taken = await postToEndpoint([signed], h.webhooks.basicAuth());
    expect(taken.status).toBe(200);
    expect(await taken.text()).toBe("[accepted]");
    expect(await eventCount()).toBe(before + 1);
    await processInbox(payments);
    expect(await h.attempt(payment.transaction)).toMatchObject({ state: "authorised" });
  });

  it("a notification delivered twice is stored once and applied once", async () => {
    h.controls.duplicateWebhooks = true;
    const order = await h.placeCardOrder();
    await h.pay(order.transaction, CARDS.visa);
    await h.settle();
    const psp = (await h.attempt(order.transaction)).psp_reference!;
    const copies = h.webhooks.requests.filter((r) => r.body.includes(psp));
    expect(copies.map((r) => [r.answer.status, r.answer.stored])).toEqual([
      [200, 1],
      [200, 0],
    ]);
    expect(await h.eventsAbout(psp)).toHaveLength(1);
    expect(h.receivedCount(order.uuid)).toBe(1);
  });

  it("a failed then a successful AUTHORISATION of one payment leave it authorised; in the other order too", async () => {
    const first = await authenticating();
    await h.sendWebhook(itemAbout(first, { success: "false", reason: "Refused" }));
    await processInbox(payments);
    expect(await h.attempt(first.transaction)).toMatchObject({ state: "refused", refusal_reason: "Refused" });
    expect(await h.statusOf(first.uuid)).toBe(1);
    await h.sendWebhook(itemAbout(first));
    await processInbox(payments);
    expect(await h.attempt(first.transaction)).toMatchObject({ state: "authorised", result_code: "Authorised" });
    expect(await h.historyOf(first.id)).toEqual([1, 25, 1, 3]);
    expect(h.receivedCount(first.uuid)).toBe(1);

    const second = await authenticating();
    await h.sendWebhook(itemAbout(second));
    await h.sendWebhook(itemAbout(second, { success: "false", reason: "Refused" }));
    await processInbox(payments);
    expect(await h.attempt(second.transaction)).toMatchObject({ state: "authorised", refusal_reason: null });
    expect(await h.historyOf(second.id)).toEqual([1, 25, 3]);
    expect(h.receivedCount(second.uuid)).toBe(1);
  });

  it("an AUTHORISATION arriving after its payment's CANCELLATION leaves the attempt voided, and the order never reaches the store", async () => {
    const payment = await authenticating();
    await h.sendWebhook(itemAbout(payment, { eventCode: "CANCELLATION", originalReference: payment.psp, pspReference: "CANCELPSP0000001" }));
    await processInbox(payments);
    expect(await h.attempt(payment.transaction)).toMatchObject({ state: "voided" });
    await h.sendWebhook(itemAbout(payment));
    await processInbox(payments);
    expect(await h.attempt(payment.transaction)).toMatchObject({ state: "voided" });
    // Released before it was known to be paid: the order waits for its payment again (1), not at 3-D Secure (25).
    expect(await h.statusOf(payment.uuid)).toBe(1);
    expect(h.received).not.toContain(payment.uuid);
    expect(await h.tasksOf(payment.transaction)).toEqual([]);
  });

  it("a signed notification of another merchant account of the company is acknowledged and not stored", async () => {
    const payment = await authenticating();
    const before = await eventCount();
    const answer = await h.sendWebhook(itemAbout(payment, { merchantAccountCode: "OtherShopOfTheGroup" }));
    expect(answer).toMatchObject({ status: 200, body: "[accepted]", stored: 0 });
    expect(await eventCount()).toBe(before);
    expect(await h.attempt(payment.transaction)).toMatchObject({ state: "action" });
  });

  it("a canceled order's CANCEL_OR_REFUND delivered before the payment's AUTHORISATION (real webhooks, reversed) leaves it refunded", async () => {
    h.controls.holdWebhooks();
    const order = await h.placeCardOrder();
    await h.pay(order.transaction, CARDS.visa);
    await transition(t.db, { orderId: order.id, to: 8, actor: "staff:1", reason: "Cliente llamó para cancelar" });
    expect(await h.attempt(order.transaction)).toMatchObject({ state: "refunding" });
    await runPaymentTasks(payments);
    const psp = (await h.attempt(order.transaction)).psp_reference!;
    expect(h.controls.webhooks.filter((w) => w.pspReference === psp || w.originalReference === psp).map((w) => w.eventCode)).toEqual(["AUTHORISATION", "CANCEL_OR_REFUND"]);

    h.controls.releaseWebhooks({ reverse: true });
    await h.settle();
    expect((await h.eventsAbout(psp)).map((e) => e.event_code)).toEqual(["CANCEL_OR_REFUND", "AUTHORISATION"]);
    expect(await h.attempt(order.transaction)).toMatchObject({ state: "refunded" });
    expect(await h.statusOf(order.uuid)).toBe(8);
    expect(h.receivedCount(order.uuid)).toBe(1);
  });

  it("a redirect whose return never comes is settled by its AUTHORISATION webhook: the order reaches the store", async () => {
    const payment = await authenticating();
    h.controls.completeChallenge(payment.psp, "authorise");
    // The shopper closed the tab: no confirmReturn. The webhook alone does it.
    await h.settle();
    expect(await h.attempt(payment.transaction)).toMatchObject({ state: "authorised", result_code: "Authorised", psp_reference: payment.psp });
    expect(await h.historyOf(payment.id)).toEqual([1, 25, 3]);
    expect(h.receivedCount(payment.uuid)).toBe(1);
    // Coming back later shows the outcome, without asking Adyen again.
    const redirectResult = h.controls.completeChallenge(payment.psp, "authorise");
    expect(await confirmReturn(payments, payment.transaction, { details: { redirectResult } })).toMatchObject({ state: "authorised" });
    expect(h.callsTo("/payments/details", payment.transaction)).toEqual([]);
    expect(h.receivedCount(payment.uuid)).toBe(1);
  });

  it("an AUTHORISATION processed before the payment's own answer is applied: the answer then changes nothing", async () => {
    const order = await h.placeCardOrder();
    const gate = h.controls.holdResponses("/payments");
    const paying = payWithComponent(payments, order.transaction, {
      data: h.cardData(CARDS.visa),
      returnUrl: h.returnUrl,
      origin: h.returns.url,
      locale: "es",
    });
    await gate.reached(1);
    await h.settle();
    expect(await h.attempt(order.transaction)).toMatchObject({ state: "authorised", psp_reference: expect.any(String) });
    expect(await h.statusOf(order.uuid)).toBe(3);
    gate.open();
    expect(await paying).toMatchObject({ state: "authorised" });
    expect(await h.historyOf(order.id)).toEqual([1, 3]);
    expect(h.receivedCount(order.uuid)).toBe(1);
  });

  // Two processes need two connections to one server: a Postgres only (PGlite is one process's database).
  if (kind.name === "postgres") {
    it("two app processes processing the inbox at once apply each event once", async () => {
      h.controls.holdWebhooks();
      const payments3ds = [];
      for (let i = 0; i < 4; i++) payments3ds.push(await authenticating());
      for (const payment of payments3ds) h.controls.completeChallenge(payment.psp, "authorise");
      h.controls.releaseWebhooks();
      await h.controls.idle(); // stored by the endpoint, not processed
      const other: Payments = { ...payments, db: t.twin!() };
      const applied = await Promise.all([processInbox(payments), processInbox(other)]);
      expect(applied[0] + applied[1]).toBe(payments3ds.length);
      for (const payment of payments3ds) {
        expect(await h.attempt(payment.transaction)).toMatchObject({ state: "authorised" });
        expect(await h.historyOf(payment.id)).toEqual([1, 25, 3]);
        expect(h.receivedCount(payment.uuid)).toBe(1);
      }
    });
  }

  it("an event about a payment no attempt knows waits with its error; one the storefront does not act on is kept and done", async () => {
    const unknown = await h.sendWebhook({ pspReference: "NOSUCHPAYMENT001", merchantReference: "999999-1", amount: { value: 100, currency: "MXN" } });
    const report = await h.sendWebhook({ eventCode: "REPORT_AVAILABLE", pspReference: "REPORT0000000001", merchantReference: "", reason: "https://example.com/report.csv" });
    expect([unknown.stored, report.stored]).toEqual([1, 1]);
    await processInbox(payments);
    const rows = await t.db
      .selectFrom("payment_events")
      .select(["psp_reference", "processed_at", "attempts", "error"])
      .where("psp_reference", "in", ["NOSUCHPAYMENT001", "REPORT0000000001"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { psp_reference: "NOSUCHPAYMENT001", processed_at: null, attempts: 1, error: "no attempt with this reference yet" },
      { psp_reference: "REPORT0000000001", processed_at: expect.any(Date), attempts: 0, error: null },
    ]);
  });
});
