/**
 * Paying a card order online (issue 13), through the app's server-side payment code (server/payments) and Adyen's
 * own Node library, against the local Adyen stand-in (tests/support/adyen): the card component's payment with and
 * without 3-D Secure, the return from the challenge (driven like a browser, by GET and by POST), the hosted page
 * without JavaScript, retries after a refusal, many returns of one redirect at once, and a provider that cannot be
 * reached. Webhooks reach a local endpoint doing what the app's route does (tests/support/payments.ts).
 *
 * Nothing sleeps: the tests wait on the stand-in's idle() and response gates, and time is the Payments clock.
 */
import { type AddressInfo, createServer } from "node:net";
import { confirmReturn, findAttempt, openHostedPage, payWithComponent, retryPayment, type Payments } from "#server/payments/attempts";
import { adyenProvider } from "#server/payments/adyen/provider";
import { transition } from "#server/orders/lifecycle";
import { runPaymentTasks } from "#server/payments/tasks";
import { InvalidPaymentData, ProviderUnavailable } from "#server/payments/provider";
import { MAX_ATTEMPTS } from "#server/payments/store";
import { pinStoreNow } from "../support/clock";
import { testDatabases, type TestDatabase } from "../support/db";
import { CARDS, formOf, postForm, redirectResultOf, startPaymentsHarness, type PaymentsHarness } from "../support/payments";
import { refusal } from "../support/refusal";

// Friday 2026-11-20, 15:00 in Mexico City: Roma Norte is open.
const NOW = "2026-11-20T21:00:00Z";
pinStoreNow(NOW);

describe.each(testDatabases())("paying a card order on $name", (kind) => {
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

  it("a card authorised without 3-D Secure sends the order to the store once; its AUTHORISATION webhook and a replay of it change nothing", async () => {
    const order = await h.placeCardOrder();
    expect(order.status).toBe(1);
    expect(await h.attemptsOf(order.id)).toMatchObject([{ transaction: order.transaction, attempt: 1, merchant_reference: `${order.number}-1`, state: "new" }]);

    const result = await h.pay(order.transaction, CARDS.visa, { via: "vault" });
    expect(result).toMatchObject({ state: "authorised" });
    const [made] = h.standInPayments(`${order.number}-1`);
    expect(made).toMatchObject({ resultCode: "Authorised", authorised: true, manualCapture: true, amount: { value: (await h.attempt(order.transaction)).amount_cents, currency: "MXN" } });
    const paid = await h.attempt(order.transaction);
    expect(paid).toMatchObject({ state: "authorised", result_code: "Authorised", psp_reference: made!.pspReference, channel: "web", refusal_reason: null });
    expect(await h.statusOf(order.uuid)).toBe(3);
    expect(await h.historyOf(order.id)).toEqual([1, 3]);
    expect(h.receivedCount(order.uuid)).toBe(1);
    expect(h.callsTo("/payments", order.transaction)).toEqual([expect.objectContaining({ idempotencyKey: `${order.transaction}:payments`, status: 200 })]);

    // The AUTHORISATION webhook comes after the answer: stored, acknowledged, and it changes nothing.
    await h.settle();
    const delivered = h.webhooks.requests.filter((r) => r.body.includes(made!.pspReference));
    expect(delivered.map((r) => r.answer)).toEqual([{ status: 200, body: "[accepted]", stored: 1 }]);
    expect(await h.eventsAbout(made!.pspReference)).toEqual([expect.objectContaining({ event_code: "AUTHORISATION", success: true, error: null, processed_at: expect.any(Date) })]);
    expect(await h.attempt(order.transaction)).toEqual(paid);
    expect(await h.historyOf(order.id)).toEqual([1, 3]);
    expect(h.receivedCount(order.uuid)).toBe(1);

    // The same notification again (Adyen retries what it thinks was not accepted): accepted, nothing stored.
    const replay = await h.sendWebhook(h.webhookFor(`${order.number}-1`));
    expect(replay).toEqual({ status: 200, body: "[accepted]", stored: 0 });
    await h.settle();
    expect(await h.eventsAbout(made!.pspReference)).toHaveLength(1);
    expect(await h.attempt(order.transaction)).toEqual(paid);
    expect(h.receivedCount(order.uuid)).toBe(1);

    // A doubled post of the payment form after it went through: the attempt is closed, nothing reaches Adyen.
    expect((await refusal(h.pay(order.transaction, CARDS.visa))).code).toBe("PAY-CLOSED");
    expect(h.callsTo("/payments", order.transaction)).toHaveLength(1);
  });

  it("a refused card leaves the order waiting for its payment, unseen by the store; a retry is a new attempt <number>-2 that pays", async () => {
    const order = await h.placeCardOrder();
    expect(await h.pay(order.transaction, CARDS.visa, { holderName: "NOT_ENOUGH_BALANCE" })).toMatchObject({ state: "refused" });
    const refused = await h.attempt(order.transaction);
    expect(refused).toMatchObject({ state: "refused", result_code: "Refused", refusal_reason: "Not enough balance" });
    expect(await h.statusOf(order.uuid)).toBe(1);
    expect(await h.historyOf(order.id)).toEqual([1]);
    expect(h.received).not.toContain(order.uuid);
    // Its AUTHORISATION webhook (success false) says the same: nothing changes.
    await h.settle();
    expect(await h.attempt(order.transaction)).toEqual(refused);
    // The refused attempt cannot be paid again: a retry makes the next one.
    expect((await refusal(h.pay(order.transaction, CARDS.visa))).code).toBe("PAY-CLOSED");

    const next = await retryPayment(payments, order.transaction);
    expect(next).not.toBe(order.transaction);
    expect(await h.attemptsOf(order.id)).toMatchObject([
      { transaction: order.transaction, attempt: 1, state: "refused" },
      { transaction: next, attempt: 2, merchant_reference: `${order.number}-2`, state: "new" },
    ]);
    expect((await h.order(order.uuid)).payment_id).toBe(next);
    expect((await findAttempt(t.db, order.transaction))?.current).toBe(false);
    // Asking again before paying it gives the same new attempt, not a third.
    expect(await retryPayment(payments, order.transaction)).toBe(next);

    expect(await h.pay(next, CARDS.mastercard)).toMatchObject({ state: "authorised" });
    expect(await h.statusOf(order.uuid)).toBe(3);
    expect(await h.historyOf(order.id)).toEqual([1, 3]);
    expect(h.receivedCount(order.uuid)).toBe(1);
    await h.settle();
    expect(await h.attemptsOf(order.id)).toMatchObject([{ state: "refused" }, { state: "authorised" }]);
    expect(h.receivedCount(order.uuid)).toBe(1);
  });

  it("a 3-D Secure card asks the shopper to authenticate (25); the redirect result, confirmed server-side, authorises it (3)", async () => {
    const order = await h.placeCardOrder();
    const started = await h.pay(order.transaction, CARDS.visa3ds);
    expect(started.state).toBe("action");
    expect(started.action).toMatchObject({ type: "redirect", method: "GET", url: expect.stringMatching(new RegExp(`^${h.standIn.shopperUrl}threeDS/`)) });
    const [made] = h.standInPayments(await referenceOf(order.transaction));
    expect(await h.attempt(order.transaction)).toMatchObject({ state: "action", result_code: "RedirectShopper", psp_reference: made!.pspReference });
    expect(await h.statusOf(order.uuid)).toBe(25);

    const redirectResult = h.controls.completeChallenge(made!.pspReference, "authorise");
    expect(await confirmReturn(payments, order.transaction, { details: { redirectResult } })).toMatchObject({ state: "authorised" });
    expect(await h.attempt(order.transaction)).toMatchObject({ state: "authorised", result_code: "Authorised", psp_reference: made!.pspReference, confirming_until: null });
    expect(await h.historyOf(order.id)).toEqual([1, 25, 3]);
    expect(h.receivedCount(order.uuid)).toBe(1);
    await h.settle();
    expect(await h.historyOf(order.id)).toEqual([1, 25, 3]);
    expect(h.receivedCount(order.uuid)).toBe(1);
  });

  it.each(["refuse", "cancel"] as const)("a 3-D Secure challenge the shopper fails (%s) ends the attempt refused and the order waits for its payment again (1)", async (choice) => {
    const order = await h.placeCardOrder();
    expect((await h.pay(order.transaction, CARDS.mastercard3ds)).state).toBe("action");
    const redirectResult = h.controls.completeChallenge(await referenceOf(order.transaction), choice);
    expect(await confirmReturn(payments, order.transaction, { details: { redirectResult } })).toMatchObject({ state: "refused" });
    expect(await h.attempt(order.transaction)).toMatchObject({ state: "refused", refusal_reason: "3D Not Authenticated" });
    expect(await h.historyOf(order.id)).toEqual([1, 25, 1]);
    await h.settle();
    expect(await h.attempt(order.transaction)).toMatchObject({ state: "refused" });
    expect(await h.statusOf(order.uuid)).toBe(1);
    expect(h.received).not.toContain(order.uuid);
  });

  it.each(["GET", "POST"] as const)("the shopper's browser brings the redirect result back by %s from the challenge page, and it authorises the attempt", async (method) => {
    h.controls.returnMethod = method;
    const order = await h.placeCardOrder();
    const started = await h.pay(order.transaction, CARDS.visa3ds);
    const challengeUrl = (started.action as { url: string }).url;

    // The browser: the challenge page, its password form, then back to the shop's return URL.
    const page = await fetch(challengeUrl);
    expect(page.status).toBe(200);
    const form = formOf(await page.text());
    const answer = await postForm(new URL(form.action, challengeUrl).toString(), { ...form.fields, password: "password", action: "submit" });
    const before = h.returns.requests.length;
    if (method === "GET") {
      expect(answer.status).toBe(303);
      await fetch(answer.headers.get("location")!);
    } else {
      expect(answer.status).toBe(200);
      const back = formOf(await answer.text());
      expect(back.method).toBe("POST");
      await postForm(back.action, back.fields);
    }
    await h.returns.until(before + 1);
    const arrived = h.returns.requests[before]!;
    expect(arrived.method).toBe(method);
    expect(arrived.url.pathname).toBe(`/pay/${order.transaction}/return`);
    const redirectResult = redirectResultOf(arrived);
    expect(redirectResult).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    expect(await confirmReturn(payments, order.transaction, { details: { redirectResult: redirectResult! } })).toMatchObject({ state: "authorised" });
    expect(await h.historyOf(order.id)).toEqual([1, 25, 3]);
    expect(h.receivedCount(order.uuid)).toBe(1);
  });

  it("without JavaScript the hosted page pays: its session's result, confirmed server-side, authorises the attempt", async () => {
    const order = await h.placeCardOrder();
    const url = await openHostedPage(payments, order.transaction, { returnUrl: h.returnUrl, locale: "es" });
    expect(url.startsWith(`${h.standIn.shopperUrl}hosted/`)).toBe(true);
    const opened = await h.attempt(order.transaction);
    expect(opened).toMatchObject({ state: "action", channel: "hosted", hosted_url: url, session_id: expect.stringMatching(/^CS/) });
    expect(await h.statusOf(order.uuid)).toBe(25);
    // Going there again reuses the session: one /sessions call per attempt.
    expect(await openHostedPage(payments, order.transaction, { returnUrl: h.returnUrl, locale: "es" })).toBe(url);
    expect(h.callsTo("/sessions", order.transaction)).toHaveLength(1);
    expect(h.standIn.sessions.get(opened.session_id!)).toMatchObject({ reference: `${order.number}-1`, manualCapture: true, amount: { value: opened.amount_cents } });

    const back = h.controls.completeHostedSession(opened.session_id!, { card: CARDS.visa });
    expect(await confirmReturn(payments, order.transaction, back)).toMatchObject({ state: "authorised" });
    const [made] = h.standInPayments(`${order.number}-1`);
    expect(await h.attempt(order.transaction)).toMatchObject({ state: "authorised", psp_reference: made!.pspReference });
    expect(await h.historyOf(order.id)).toEqual([1, 25, 3]);
    expect(h.receivedCount(order.uuid)).toBe(1);
    await h.settle();
    expect(await h.attempt(order.transaction)).toMatchObject({ state: "authorised", psp_reference: made!.pspReference });
    expect(h.receivedCount(order.uuid)).toBe(1);
  });

  it("a hosted page's result brought back to another attempt changes nothing there", async () => {
    const mine = await h.placeCardOrder();
    const other = await h.placeCardOrder();
    await openHostedPage(payments, mine.transaction, { returnUrl: h.returnUrl, locale: "es" });
    await openHostedPage(payments, other.transaction, { returnUrl: h.returnUrl, locale: "en" });
    const mySession = (await h.attempt(mine.transaction)).session_id!;
    const otherBack = h.controls.completeHostedSession((await h.attempt(other.transaction)).session_id!, { card: CARDS.mastercard });

    // The other attempt's session and result, on my attempt: not asked about at all.
    const calls = h.controls.calls.length;
    expect(await confirmReturn(payments, mine.transaction, otherBack)).toMatchObject({ state: "action" });
    expect(h.controls.calls.length).toBe(calls);
    // My session with the other's result: Adyen does not know that pair; the attempt stays as it was.
    await expect(confirmReturn(payments, mine.transaction, { sessionId: mySession, sessionResult: otherBack.sessionResult })).rejects.toBeInstanceOf(InvalidPaymentData);
    expect(await h.attempt(mine.transaction)).toMatchObject({ state: "action", psp_reference: null, confirming_until: null });
    expect(await h.statusOf(mine.uuid)).toBe(25);
    expect(h.received).not.toContain(mine.uuid);

    // The result where it belongs authorises its own attempt.
    expect(await confirmReturn(payments, other.transaction, otherBack)).toMatchObject({ state: "authorised" });
    expect(await h.statusOf(other.uuid)).toBe(3);
  });

  it("a hosted page that refuses one card and authorises another keeps the authorised payment's reference: canceling the order gives that money back", async () => {
    const order = await h.placeCardOrder();
    await openHostedPage(payments, order.transaction, { returnUrl: h.returnUrl, locale: "es" });
    const session = (await h.attempt(order.transaction)).session_id!;
    // The first card is refused on the page (the page offers a retry); its AUTHORISATION (success false) is processed
    // while the shopper types another card.
    expect(h.controls.completeHostedSession(session, { card: CARDS.visa, holderName: "DECLINED" })).toBeDefined();
    await h.settle();
    const back = h.controls.completeHostedSession(session, { card: CARDS.mastercard });
    const [refusedTry, authorisedTry] = h.standInPayments(`${order.number}-1`);
    expect(refusedTry).toMatchObject({ resultCode: "Refused" });
    expect(authorisedTry).toMatchObject({ resultCode: "Authorised" });

    await confirmReturn(payments, order.transaction, back);
    await h.settle();
    expect(await h.attempt(order.transaction)).toMatchObject({ state: "authorised", psp_reference: authorisedTry!.pspReference });
    expect(await h.statusOf(order.uuid)).toBe(3);
    expect(h.receivedCount(order.uuid)).toBe(1);

    // What the reference is for: the store cancels the order, and the money held goes back.
    await transition(t.db, { orderId: order.id, to: 8, actor: "staff:1", reason: "Sin repartidor" });
    await runPaymentTasks(payments);
    await h.settle();
    expect(await h.attempt(order.transaction)).toMatchObject({ state: "refunded" });
    expect(authorisedTry).toMatchObject({ cancelled: true });
  });

  it("the shopper returning from the hosted page after a refused try and a good one sees the payment authorised", async () => {
    const order = await h.placeCardOrder();
    await openHostedPage(payments, order.transaction, { returnUrl: h.returnUrl, locale: "es" });
    const session = (await h.attempt(order.transaction)).session_id!;
    h.controls.completeHostedSession(session, { card: CARDS.visa, holderName: "DECLINED" });
    await h.settle(); // the refused try's webhook, processed at once by the app's route
    h.controls.holdWebhooks(); // the good one's webhook is not there yet when the shopper comes back
    const back = h.controls.completeHostedSession(session, { card: CARDS.mastercard });
    expect(await confirmReturn(payments, order.transaction, back)).toMatchObject({ state: "authorised" });
    expect(await h.statusOf(order.uuid)).toBe(3);
    expect(h.receivedCount(order.uuid)).toBe(1);
  });

  it("card data Adyen cannot read is the shopper's to correct (InvalidPaymentData); the attempt stays open and then pays", async () => {
    const order = await h.placeCardOrder();
    const pay = (data: Record<string, unknown>) =>
      payWithComponent(payments, order.transaction, { data, returnUrl: h.returnUrl, origin: h.returns.url, locale: "es" });
    // Not a card component's data: refused here, Adyen is not asked.
    await expect(pay({ paymentMethod: { type: "paypal" } })).rejects.toBeInstanceOf(InvalidPaymentData);
    expect(h.callsTo("/payments", order.transaction)).toEqual([]);
    // A number failing the Luhn check, a blob Adyen cannot decrypt: Adyen's 422s.
    await expect(h.pay(order.transaction, "4111 1111 1111 1112")).rejects.toBeInstanceOf(InvalidPaymentData);
    const blob = h.cardData(CARDS.visa) as { paymentMethod: Record<string, unknown> };
    await expect(pay({ ...blob, paymentMethod: { ...blob.paymentMethod, encryptedCardNumber: "adyenjs_standin_unknown" } })).rejects.toBeInstanceOf(InvalidPaymentData);
    expect(h.callsTo("/payments", order.transaction).map((c) => c.status)).toEqual([422, 422]);
    expect(await h.attempt(order.transaction)).toMatchObject({ state: "new", psp_reference: null });
    expect(await h.statusOf(order.uuid)).toBe(1);

    expect(await h.pay(order.transaction, CARDS.visa)).toMatchObject({ state: "authorised" });
    expect(await h.statusOf(order.uuid)).toBe(3);
  });

  it("a payment Adyen received but has not decided waits (2) for its AUTHORISATION webhook, which sends the order to the store", async () => {
    const order = await h.placeCardOrder();
    h.controls.holdWebhooks();
    expect(await h.pay(order.transaction, CARDS.visa, { holderName: "RECEIVED" })).toMatchObject({ state: "pending" });
    expect(await h.attempt(order.transaction)).toMatchObject({ state: "pending", result_code: "Received" });
    expect(await h.statusOf(order.uuid)).toBe(2);
    // While pending: paying again does not reach Adyen, and no other attempt may start.
    expect(await h.pay(order.transaction, CARDS.visa)).toMatchObject({ state: "pending" });
    expect(h.callsTo("/payments", order.transaction)).toHaveLength(1);
    expect((await refusal(retryPayment(payments, order.transaction))).code).toBe("PAY-PENDING");

    h.controls.releaseWebhooks();
    await h.settle();
    expect(await h.attempt(order.transaction)).toMatchObject({ state: "authorised" });
    expect(await h.historyOf(order.id)).toEqual([1, 2, 3]);
    expect(h.receivedCount(order.uuid)).toBe(1);
  });

  it(`after ${MAX_ATTEMPTS} attempts an order takes no other online attempt (PAY-ATTEMPTS)`, async () => {
    const order = await h.placeCardOrder();
    let transaction = order.transaction;
    for (let n = 1; n <= MAX_ATTEMPTS; n++) {
      if (n > 1) transaction = await retryPayment(payments, transaction);
      expect(await h.pay(transaction, CARDS.visa, { holderName: "DECLINED" })).toMatchObject({ state: "refused" });
    }
    const error = await refusal(retryPayment(payments, transaction));
    expect([error.code, error.data]).toEqual(["PAY-ATTEMPTS", { max: MAX_ATTEMPTS }]);
    expect(await h.attemptsOf(order.id)).toHaveLength(MAX_ATTEMPTS);
    expect(await h.statusOf(order.uuid)).toBe(1);
  });

  it("20 concurrent returns of one redirect make one /payments/details call, one authorisation, and send the order to the store once", async () => {
    const order = await h.placeCardOrder();
    await h.pay(order.transaction, CARDS.visa3ds);
    const redirectResult = h.controls.completeChallenge(await referenceOf(order.transaction), "authorise");
    const gate = h.controls.holdResponses("/payments/details");

    let settled = 0;
    let allButOne!: () => void;
    const nineteen = new Promise<void>((resolve) => {
      allButOne = resolve;
    });
    const returns = Array.from({ length: 20 }, () =>
      confirmReturn(payments, order.transaction, { details: { redirectResult } }).finally(() => {
        settled += 1;
        if (settled === 19) allButOne();
      }),
    );
    // One return holds the lease and waits at the gate; the other 19 answer with the attempt as it is, without
    // asking Adyen (a second /payments/details at the gate would fail the test at once).
    await gate.reached(1);
    await Promise.race([
      nineteen,
      gate.reached(2).then(() => {
        throw new Error("a second /payments/details call reached Adyen");
      }),
    ]);
    expect(gate.waiting).toBe(1);
    expect((await findAttempt(t.db, order.transaction, h.clock.now()))?.confirming).toBe(true);
    gate.open();
    const results = await Promise.all(returns);

    expect(results.filter((r) => r.state === "authorised")).toHaveLength(1);
    expect(results.filter((r) => r.state === "action")).toHaveLength(19);
    expect(h.callsTo("/payments/details", order.transaction)).toHaveLength(1);
    expect(h.standInPayments(await referenceOf(order.transaction))).toHaveLength(1);
    expect(await h.attempt(order.transaction)).toMatchObject({ state: "authorised", confirming_until: null });
    expect(await h.historyOf(order.id)).toEqual([1, 25, 3]);
    expect(h.receivedCount(order.uuid)).toBe(1);
    // A return after the outcome is answered from the database.
    expect(await confirmReturn(payments, order.transaction, { details: { redirectResult } })).toMatchObject({ state: "authorised" });
    expect(h.callsTo("/payments/details", order.transaction)).toHaveLength(1);
    await h.settle();
    expect(h.receivedCount(order.uuid)).toBe(1);
  });

  it("a lost answer from Adyen is ProviderUnavailable and leaves the attempt as it was; paying again gets Adyen's first answer", async () => {
    const order = await h.placeCardOrder();
    h.controls.holdWebhooks();
    h.controls.loseResponses("/payments");
    await expect(h.pay(order.transaction, CARDS.visa)).rejects.toBeInstanceOf(ProviderUnavailable);
    // Adyen did authorise it, but nothing is known here yet.
    expect(h.standInPayments(`${order.number}-1`)).toMatchObject([{ authorised: true }]);
    expect(await h.attempt(order.transaction)).toMatchObject({ state: "new", psp_reference: null, result_code: null });
    expect(await h.statusOf(order.uuid)).toBe(1);
    expect(h.received).not.toContain(order.uuid);

    // The shopper presses pay again: the same idempotency key, so Adyen answers the first payment's outcome.
    expect(await h.pay(order.transaction, CARDS.visa)).toMatchObject({ state: "authorised" });
    expect(h.standInPayments(`${order.number}-1`)).toHaveLength(1);
    expect(await h.statusOf(order.uuid)).toBe(3);
    h.controls.releaseWebhooks();
    await h.settle();
    expect(h.receivedCount(order.uuid)).toBe(1);
  });

  it("a lost answer is settled by the AUTHORISATION webhook when the shopper does not try again", async () => {
    const order = await h.placeCardOrder();
    h.controls.loseResponses("/payments");
    await expect(h.pay(order.transaction, CARDS.visa)).rejects.toBeInstanceOf(ProviderUnavailable);
    await h.settle();
    const [made] = h.standInPayments(`${order.number}-1`);
    expect(await h.attempt(order.transaction)).toMatchObject({ state: "authorised", psp_reference: made!.pspReference });
    expect(await h.historyOf(order.id)).toEqual([1, 3]);
    expect(h.receivedCount(order.uuid)).toBe(1);
  });

  it("a provider that cannot be reached is ProviderUnavailable for paying, the hosted page and a return; the attempt stays as it was", async () => {
    // Adyen's address, where every connection is dropped at once (no TLS, no answer): the library cannot reach it.
    const dropping = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => dropping.listen(0, "127.0.0.1", resolve));
    onTestFinished(() => new Promise<void>((resolve) => dropping.close(() => resolve())));
    const endpoint = `https://127.0.0.1:${(dropping.address() as AddressInfo).port}`;
    const away: Payments = { ...payments, provider: adyenProvider({ ...h.providerSettings, endpoint }) };

    const order = await h.placeCardOrder();
    const unavailable = await payWith(away, order.transaction).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(unavailable).toBeInstanceOf(ProviderUnavailable);
    // Why, in words (the library's connection errors are not Errors: they used to read "[object Object]").
    expect((unavailable as Error).message).toMatch(/^Adyen payments: .*(socket|TLS|ECONNRESET)/);
    // Nothing is known of that try: the attempt stays as it was, and the order waits for its payment.
    expect(await h.attempt(order.transaction)).toMatchObject({ state: "new", psp_reference: null, channel: "web" });
    expect(await h.statusOf(order.uuid)).toBe(1);
    // Its outcome unknown, it is never sent again (another card would reuse its idempotency key): the hosted page is
    // a new attempt, and the first is given up with a cancel by reference.
    await expect(openHostedPage(away, order.transaction, { returnUrl: h.returnUrl, locale: "es" })).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(await h.attempt(order.transaction)).toMatchObject({ state: "superseded" });
    const second = (await t.db.selectFrom("orders").select("payment_id").where("uuid", "=", order.uuid).executeTakeFirstOrThrow()).payment_id!;
    expect(second).not.toBe(order.transaction);
    expect(await h.attempt(second)).toMatchObject({ state: "new", attempt: 2, session_id: null, hosted_url: null });
    expect(await h.statusOf(order.uuid)).toBe(1);

    // A 3-D Secure return while Adyen is away: the lease is let go, so the next return asks again.
    const paid = await h.pay(second, CARDS.visa3ds);
    const redirectResult = h.controls.completeChallenge(await referenceOf(paid.transaction), "authorise");
    await expect(confirmReturn(away, paid.transaction, { details: { redirectResult } })).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(await h.attempt(paid.transaction)).toMatchObject({ state: "action", confirming_until: null });
    expect(await h.statusOf(order.uuid)).toBe(25);
    expect(await confirmReturn(payments, paid.transaction, { details: { redirectResult } })).toMatchObject({ state: "authorised" });
    expect(await h.statusOf(order.uuid)).toBe(3);
  });

  /** Pays with the Visa through another Payments object (another provider). */
  const payWith = (other: Payments, transaction: string) =>
    payWithComponent(other, transaction, { data: h.cardData(CARDS.visa), returnUrl: h.returnUrl, origin: h.returns.url, locale: "es" });
});
