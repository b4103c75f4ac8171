/**
 * The local Adyen stand-in (tests/support/adyen) through the real `@adyen/api-library`, with the client the app
 * builds (server/payments/adyen/client.ts): payment methods, authorised, refused and 3-D Secure cards, the
 * challenge page like a browser (GET and POST returns), Hosted Checkout end to end by HTTP, idempotency, errors,
 * webhooks (basic auth, HMAC, retries, duplicates, reordering, loss) and modifications with their webhooks.
 *
 * Nothing here sleeps: tests wait on what the stand-in exposes (controls.idle(), response gates) and on the local
 * servers that catch webhooks and browser returns.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import adyen, { type Types } from "@adyen/api-library";
import { adyenCheckout } from "#server/payments/adyen/client";
import { type AdyenStandIn, type NotificationItem, startAdyenStandIn } from "../support/adyen";
import { formOf, htmlDecode } from "../support/payments";

const { hmacValidator, HttpClientException } = adyen;

const API_KEY = "AQE-stand-in-test-key";
const MERCHANT = "PizzaChainECOM";
const HMAC_KEY = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056";
const WEBHOOK_USER = "adyen-webhooks";
const WEBHOOK_PASSWORD = "s3cret-webhook-password";

// ---- local servers: the merchant's webhook endpoint and its return page ----------------------------------------

interface Caught {
  method: string;
  url: URL;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A loopback http server that records requests and answers with `answer` (default: 200 "[accepted]"). */
async function catcher(answer: (req: Caught, index: number) => { status: number; body: string } = () => ({ status: 200, body: "[accepted]" })) {
  const caught: Caught[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let respond = answer;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const entry = { method: req.method ?? "GET", url: new URL(req.url ?? "/", "http://127.0.0.1"), headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      caught.push(entry);
      const { status, body } = respond(entry, caught.length - 1);
      res.writeHead(status, { "content-type": "text/plain" });
      res.end(body);
      for (const w of waiters.filter((w) => caught.length >= w.count)) w.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    caught,
    /** Resolves once `count` requests have been caught in all. */
    until: (count: number) =>
      caught.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    answerWith(next: typeof answer) {
      respond = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

type Catcher = Awaited<ReturnType<typeof catcher>>;

let standIn: AdyenStandIn;
let webhookEndpoint: Catcher;
let shop: Catcher;
let checkout: ReturnType<typeof adyenCheckout>;
/** The stand-in's clock: the real time unless a test pins it. */
let pinnedNow: Date | undefined;

const itemsOf = (c: Caught): NotificationItem[] =>
  (JSON.parse(c.body) as { notificationItems: Array<{ NotificationRequestItem: NotificationItem }> }).notificationItems.map((n) => n.NotificationRequestItem);

/** Webhook items the endpoint received so far (every delivery attempt, in order). */
const received = () => webhookEndpoint.caught.flatMap(itemsOf);
const receivedFor = (psp: string) => received().filter((i) => i.pspReference === psp || i.originalReference === psp);

beforeAll(async () => {
  webhookEndpoint = await catcher();
  shop = await catcher(() => ({ status: 200, body: "thanks" }));
  standIn = await startAdyenStandIn({
    apiKey: API_KEY,
    clientKey: "test_STANDINCLIENTKEY",
    merchantAccount: MERCHANT,
    hmacKey: HMAC_KEY,
    webhookUrl: `${webhookEndpoint.url}/adyen/webhooks`,
    webhookUsername: WEBHOOK_USER,
    webhookPassword: WEBHOOK_PASSWORD,
    webhookRetryDelaysMs: [1, 1, 1, 1],
    now: () => pinnedNow ?? new Date(),
  });
  checkout = adyenCheckout({ apiKey: API_KEY, environment: "test", endpoint: standIn.apiUrl, endpointCaFile: standIn.caCertPath });
});

afterAll(async () => {
  await standIn?.close();
  await webhookEndpoint?.close();
  await shop?.close();
});

afterEach(async () => {
  pinnedNow = undefined;
  standIn.controls.returnMethod = "GET";
  standIn.controls.duplicateWebhooks = false;
  standIn.controls.dropWebhooks = false;
  standIn.controls.releaseWebhooks();
  webhookEndpoint.answerWith(() => ({ status: 200, body: "[accepted]" }));
  await standIn.controls.idle();
});

// ---- request helpers ---------------------------------------------------------------------------------------------

interface CardOptions {
  month?: string;
  year?: string;
  cvc?: string;
  holderName?: string;
}

function scheme(number: string, options: CardOptions = {}) {
  return {
    type: "scheme",
    encryptedCardNumber: `test_${number.replace(/\s+/g, "")}`,
    encryptedExpiryMonth: `test_${options.month ?? "03"}`,
    encryptedExpiryYear: `test_${options.year ?? "2030"}`,
    encryptedSecurityCode: `test_${options.cvc ?? "737"}`,
    ...(options.holderName !== undefined ? { holderName: options.holderName } : {}),
  };
}

function paymentRequest(reference: string, number: string, options: CardOptions & { manualCapture?: boolean; locale?: string } = {}) {
  return {
    merchantAccount: MERCHANT,
    amount: { value: 24_900, currency: "MXN" },
    reference,
    paymentMethod: scheme(number, options),
    returnUrl: `${shop.url}/checkout/return?order=${reference}`,
    shopperLocale: options.locale ?? "es-MX",
    channel: "Web",
    origin: shop.url,
    browserInfo: { userAgent: "Mozilla/5.0", acceptHeader: "text/html", language: "es-MX", colorDepth: 24, screenHeight: 800, screenWidth: 1280, timeZoneOffset: 360, javaEnabled: false },
    ...(options.manualCapture ? { additionalData: { manualCapture: "true" } } : {}),
  } as unknown as Types.checkout.PaymentRequest;
}

const pay = (reference: string, number: string, options: Parameters<typeof paymentRequest>[2] = {}, idempotencyKey = randomUUID()) =>
  checkout.PaymentsApi.payments(paymentRequest(reference, number, options), { idempotencyKey });

/** The error a promise is rejected with, which must be the library's HttpClientException. */
async function apiError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpClientException);
  return error as InstanceType<typeof HttpClientException>;
}

const ref = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;


const post = (url: string, fields: Record<string, string>) =>
  fetch(url, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });

// ---- payment methods --------------------------------------------------------------------------------------------

describe("POST /paymentMethods", () => {
  it("offers cards, named in the shopper's language", async () => {
    const es = await checkout.PaymentsApi.paymentMethods({ merchantAccount: MERCHANT, shopperLocale: "es-MX" } as Types.checkout.PaymentMethodsRequest);
    expect(es.paymentMethods).toEqual([expect.objectContaining({ type: "scheme", name: "Tarjeta de crédito o débito", brands: ["visa", "mc", "amex"] })]);
    const en = await checkout.PaymentsApi.paymentMethods({ merchantAccount: MERCHANT, shopperLocale: "en-US" } as Types.checkout.PaymentMethodsRequest);
    expect(en.paymentMethods?.[0]?.name).toBe("Credit or debit card");
  });
});

// ---- payments -----------------------------------------------------------------------------------------------------

describe("POST /payments", () => {
  it("authorises Adyen's Visa and Mastercard test cards without 3-D Secure", async () => {
    for (const number of ["4111 1111 4555 1142", "5555 3412 4444 1115"]) {
      const reference = ref("auth");
      const response = await pay(reference, number);
      expect(response).toMatchObject({ resultCode: "Authorised", merchantReference: reference, amount: { value: 24_900, currency: "MXN" } });
      expect(response.pspReference).toMatch(/^[A-Z0-9]{16}$/);
      expect(response.refusalReason).toBeUndefined();
      expect(standIn.payments.get(response.pspReference!)).toMatchObject({ resultCode: "Authorised", merchantReference: reference, capturedValue: 24_900 });
    }
  });

  it("never keeps the card number: a payment knows its brand and last four digits only", async () => {
    const response = await pay(ref("pan"), "5555 3412 4444 1115");
    const kept = JSON.stringify(standIn.payments.get(response.pspReference!));
    expect(kept).not.toContain("5555341244441115");
    expect(standIn.payments.get(response.pspReference!)).toMatchObject({ brand: "mc", cardSummary: "1115" });
  });

  it("refuses by Adyen's holder-name triggers, with the reason and its code", async () => {
    const declined = await pay(ref("declined"), "4111 1111 4555 1142", { holderName: "DECLINED" });
    expect(declined).toMatchObject({ resultCode: "Refused", refusalReason: "Refused", refusalReasonCode: "2" });
    const balance = await pay(ref("balance"), "4111 1111 4555 1142", { holderName: "NOT_ENOUGH_BALANCE" });
    expect(balance).toMatchObject({ resultCode: "Refused", refusalReason: "Not enough balance", refusalReasonCode: "12" });
    const error = await pay(ref("error"), "4111 1111 4555 1142", { holderName: "ERROR" });
    expect(error).toMatchObject({ resultCode: "Error", refusalReason: "Acquirer Error" });
  });

  it("refuses a wrong CVC or expiry with Adyen's generic refusal", async () => {
    expect(await pay(ref("cvc"), "4111 1111 4555 1142", { cvc: "123" })).toMatchObject({ resultCode: "Refused", refusalReason: "Refused" });
    expect(await pay(ref("expiry"), "4111 1111 4555 1142", { month: "04" })).toMatchObject({ resultCode: "Refused", refusalReason: "Refused" });
  });

  it("answers Received for Adyen's PENDING holder and Pending for the stand-in's, each then authorised by webhook", async () => {
    const received = await pay(ref("received"), "4111 1111 4555 1142", { holderName: "PENDING" });
    expect(received.resultCode).toBe("Received");
    const pending = await pay(ref("pending"), "4111 1111 4555 1142", { holderName: "STANDIN_PENDING" });
    expect(pending.resultCode).toBe("Pending");
    await standIn.controls.idle();
    for (const response of [received, pending]) {
      expect(receivedFor(response.pspReference!)).toEqual([expect.objectContaining({ eventCode: "AUTHORISATION", success: "true" })]);
    }
  });

  it("redeems the vault's tokens, and refuses a blob it cannot decrypt (174)", async () => {
    const tokens = {
      type: "scheme",
      encryptedCardNumber: standIn.vault.store("encryptedCardNumber", "4111111145551142"),
      encryptedExpiryMonth: standIn.vault.store("encryptedExpiryMonth", "03"),
      encryptedExpiryYear: standIn.vault.store("encryptedExpiryYear", "2030"),
      encryptedSecurityCode: standIn.vault.store("encryptedSecurityCode", "737"),
    };
    const request = { ...(paymentRequest(ref("vault"), "4111 1111 4555 1142") as object), paymentMethod: tokens } as unknown as Types.checkout.PaymentRequest;
    expect((await checkout.PaymentsApi.payments(request)).resultCode).toBe("Authorised");

    const forged = { ...(request as object), paymentMethod: { ...tokens, encryptedCardNumber: "adyenjs_0_1_25$forged" } } as unknown as Types.checkout.PaymentRequest;
    const error = await apiError(checkout.PaymentsApi.payments(forged));
    expect(error.statusCode).toBe(422);
    expect(error.apiError).toMatchObject({ status: 422, errorCode: "174", message: "Unable to decrypt data", errorType: "validation" });
  });

  it("refuses requests as Adyen does: missing fields (422), another merchant account (403), a bad API key (401)", async () => {
    const noReturn = { ...(paymentRequest(ref("noreturn"), "4111 1111 4555 1142") as object), returnUrl: undefined } as unknown as Types.checkout.PaymentRequest;
    expect((await apiError(checkout.PaymentsApi.payments(noReturn))).apiError).toMatchObject({ status: 422, errorCode: "14_030" });
    const noReference = { ...(paymentRequest("x", "4111 1111 4555 1142") as object), reference: undefined } as unknown as Types.checkout.PaymentRequest;
    expect((await apiError(checkout.PaymentsApi.payments(noReference))).apiError).toMatchObject({ status: 422, errorCode: "130" });
    const luhn = await apiError(pay(ref("luhn"), "4111 1111 4555 1143"));
    expect(luhn.apiError).toMatchObject({ status: 422, errorCode: "101" });
    const otherMerchant = { ...(paymentRequest(ref("merchant"), "4111 1111 4555 1142") as object), merchantAccount: "SomeoneElse" } as unknown as Types.checkout.PaymentRequest;
    expect((await apiError(checkout.PaymentsApi.payments(otherMerchant))).apiError).toMatchObject({ status: 403, errorCode: "901", errorType: "security" });

    const stranger = adyenCheckout({ apiKey: "AQE-wrong", environment: "test", endpoint: standIn.apiUrl, endpointCaFile: standIn.caCertPath });
    const unauthorised = await apiError(stranger.PaymentsApi.payments(paymentRequest(ref("key"), "4111 1111 4555 1142")));
    expect(unauthorised.statusCode).toBe(401);
    expect(unauthorised.apiError).toMatchObject({ status: 401, errorCode: "000", errorType: "security" });
  });

  it("answers a body that is not JSON with Adyen's 400 (702)", async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL("/v72/payments", standIn.apiUrl);
      const req = httpsRequest(url, { method: "POST", ca: readFileSync(standIn.caCertPath), headers: { "x-api-key": API_KEY, "content-type": "application/json" } }, (res) => {
        let body = "";
        res.on("data", (c: Buffer) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      req.end("{not json");
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 400, errorCode: "702", errorType: "validation" });
  });
});

// ---- 3-D Secure -------------------------------------------------------------------------------------------------

describe("3-D Secure (redirect flow)", () => {
  it("asks Adyen's 3-D Secure cards to redirect the shopper, with the challenge on the shopper listener", async () => {
    for (const number of ["4917 6100 0000 0000", "5454 5454 5454 5454"]) {
      const response = await pay(ref("3ds"), number);
      expect(response.resultCode).toBe("RedirectShopper");
      expect(response.action).toMatchObject({ type: "redirect", method: "GET", paymentMethodType: "scheme" });
      expect((response.action as { url: string }).url.startsWith(`${standIn.shopperUrl}threeDS/`)).toBe(true);
    }
  });

  it("reveals the challenge's outcome through /payments/details: authorised, refused, cancelled", async () => {
    const outcomes = [
      ["authorise", { resultCode: "Authorised" }],
      ["refuse", { resultCode: "Refused", refusalReason: "3D Not Authenticated", refusalReasonCode: "11" }],
      ["cancel", { resultCode: "Refused", refusalReason: "3D Not Authenticated" }],
    ] as const;
    for (const [choice, expected] of outcomes) {
      const reference = ref(`3ds-${choice}`);
      const started = await pay(reference, "4917 6100 0000 0000");
      const redirectResult = standIn.controls.completeChallenge(reference, choice);
      const details = await checkout.PaymentsApi.paymentsDetails({ details: { redirectResult } } as Types.checkout.PaymentDetailsRequest);
      expect(details).toMatchObject({ ...expected, pspReference: started.pspReference, merchantReference: reference, amount: { value: 24_900, currency: "MXN" } });
    }
  });

  it("replays /payments/details for the same Idempotency-Key, and refuses the same redirectResult again without it (704)", async () => {
    const started = await pay(ref("3ds-twice"), "5454 5454 5454 5454");
    const redirectResult = standIn.controls.completeChallenge(started.pspReference!, "authorise");
    const request = { details: { redirectResult } } as Types.checkout.PaymentDetailsRequest;
    const key = randomUUID();
    const first = await checkout.PaymentsApi.paymentsDetails(request, { idempotencyKey: key });
    const replay = await checkout.PaymentsApi.paymentsDetails(request, { idempotencyKey: key });
    expect(replay).toEqual(first);
    const again = await apiError(checkout.PaymentsApi.paymentsDetails(request));
    expect(again.apiError).toMatchObject({ status: 422, errorCode: "704", message: "request already processed or in progress" });
  });

  it("serves the challenge page to a browser without JavaScript and returns to returnUrl by GET", async () => {
    const reference = ref("3ds-page");
    const started = await pay(reference, "4917 6100 0000 0000", { locale: "es-MX" });
    const pageUrl = (started.action as { url: string }).url;
    const page = await fetch(pageUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-frame-options")).toBeNull();
    const html = await page.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain("la contraseña es «password»");
    expect(html).toContain(MERCHANT);
    expect(html).toMatch(/<label for="password">Contraseña<\/label>/);

    const form = formOf(html);
    const answer = await post(new URL(form.action, pageUrl).toString(), { ...form.fields, password: "password", action: "submit" });
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get("location")!);
    expect(location.origin + location.pathname).toBe(`${shop.url}/checkout/return`);
    expect(location.searchParams.get("order")).toBe(reference);
    const redirectResult = location.searchParams.get("redirectResult")!;
    expect(redirectResult).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const before = shop.caught.length;
    await fetch(location);
    expect(shop.caught[before]!.url.searchParams.get("redirectResult")).toBe(redirectResult);
    const details = await checkout.PaymentsApi.paymentsDetails({ details: { redirectResult } } as Types.checkout.PaymentDetailsRequest);
    expect(details).toMatchObject({ resultCode: "Authorised", pspReference: started.pspReference });
  });

  it("hands every other shopper path to shopper.ts (a 404 while it declines)", async () => {
    const answer = await fetch(`${standIn.shopperUrl}securedfields/test_STANDINCLIENTKEY/5.0.0/securedFields.html`);
    expect(answer.status).toBe(404);
    expect((await fetch(`${standIn.shopperUrl}threeDS/not-a-challenge`)).status).toBe(404);
  });

  it("fails the challenge on a wrong password, and returns by a POSTed form when asked", async () => {
    standIn.controls.returnMethod = "POST";
    const started = await pay(ref("3ds-post"), "5454 5454 5454 5454", { locale: "en-US" });
    const pageUrl = (started.action as { url: string }).url;
    const html = await (await fetch(pageUrl)).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("the password is “password”");
    const answer = await post(pageUrl, { password: "wrong", action: "submit" });
    expect(answer.status).toBe(200);
    const returnPage = await answer.text();
    const csp = answer.headers.get("content-security-policy")!;
    expect(csp).toContain(`form-action 'self' ${shop.url}`);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1];
    expect(returnPage).toContain(`<script nonce="${nonce}">`);
    expect(returnPage).toMatch(/<button type="submit">Continue<\/button>/);
    const form = formOf(returnPage);
    expect(form.method).toBe("POST");
    expect(form.action).toBe(`${shop.url}/checkout/return?order=${standIn.payments.get(started.pspReference!)!.merchantReference}`);

    const before = shop.caught.length;
    await post(form.action, form.fields);
    const back = shop.caught[before]!;
    expect(back.method).toBe("POST");
    const redirectResult = new URLSearchParams(back.body).get("redirectResult")!;
    const details = await checkout.PaymentsApi.paymentsDetails({ details: { redirectResult } } as Types.checkout.PaymentDetailsRequest);
    expect(details).toMatchObject({ resultCode: "Refused", refusalReason: "3D Not Authenticated" });
  });

  it("sends the AUTHORISATION webhook once the challenge decides, before /payments/details", async () => {
    const started = await pay(ref("3ds-hook"), "4917 6100 0000 0000");
    await standIn.controls.idle();
    expect(receivedFor(started.pspReference!)).toEqual([]);
    standIn.controls.completeChallenge(started.pspReference!, "authorise");
    await standIn.controls.idle();
    expect(receivedFor(started.pspReference!)).toEqual([expect.objectContaining({ eventCode: "AUTHORISATION", success: "true" })]);
  });
});

// ---- Hosted Checkout --------------------------------------------------------------------------------------------

describe("Hosted Checkout (/sessions, mode hosted)", () => {
  const createSession = (reference: string, locale = "es-MX") =>
    checkout.PaymentsApi.sessions({
      merchantAccount: MERCHANT,
      amount: { value: 31_800, currency: "MXN" },
      reference,
      returnUrl: `${shop.url}/checkout/hosted-return?order=${reference}`,
      countryCode: "MX",
      shopperLocale: locale,
      mode: "hosted",
    } as unknown as Types.checkout.CreateCheckoutSessionRequest);

  it("creates a session with a page URL, an opaque sessionData and Adyen's default expiry of one hour", async () => {
    const reference = ref("session");
    pinnedNow = new Date("2026-11-20T21:00:00Z");
    const session = await createSession(reference);
    expect(session).toMatchObject({ reference, merchantAccount: MERCHANT, mode: "hosted", amount: { value: 31_800, currency: "MXN" } });
    expect(session.id).toMatch(/^CS[0-9A-F]{16}$/);
    expect(session.url).toBe(`${standIn.shopperUrl}hosted/${session.id}`);
    expect(session.sessionData).toBeTruthy();
    expect(session.expiresAt.toISOString()).toBe("2026-11-20T22:00:00.000Z");
  });

  it("expires: the page says so and the session's result is expired", async () => {
    pinnedNow = new Date("2026-11-20T21:00:00Z");
    const session = await createSession(ref("session-expiry"), "en-US");
    pinnedNow = new Date("2026-11-20T22:00:01Z");
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain("This payment session has expired.");
    const back = new URL(htmlDecode(/<a href="([^"]+)">Return to the shop<\/a>/.exec(html)![1]!));
    expect(back.searchParams.get("sessionId")).toBe(session.id);
    const result = await checkout.PaymentsApi.getResultOfPaymentSession(session.id, back.searchParams.get("sessionResult")!);
    expect(result.status).toBe("expired");
  });

  it("takes a card on its page without JavaScript: errors beside fields, a refusal and a retry, then the return", async () => {
    const reference = ref("hosted");
    const session = await createSession(reference);
    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toMatch(/<label for="cardNumber">Número de tarjeta<\/label>/);
    expect(html).toContain("$318.00");
    const form = formOf(html);
    expect(Object.keys(form.fields)).toEqual(["cardNumber", "expiryMonth", "expiryYear", "cvc", "holderName"]);

    const invalid = await post(form.action, { cardNumber: "4111 1111 4555 1143", expiryMonth: "13", expiryYear: "2030", cvc: "737", holderName: "" });
    expect(invalid.status).toBe(400);
    const invalidHtml = await invalid.text();
    expect(invalidHtml).toMatch(/<input id="cardNumber"[^>]*aria-invalid="true" aria-describedby="cardNumber-error">/);
    expect(invalidHtml).toContain('<p class="error" id="cardNumber-error">Escribe un número de tarjeta válido.</p>');
    expect(invalidHtml).toContain('<p class="error" id="expiryMonth-error">');
    expect(invalidHtml).not.toContain("4111 1111 4555 1143");

    const refused = await post(form.action, { cardNumber: "4111 1111 4555 1142", expiryMonth: "03", expiryYear: "2030", cvc: "737", holderName: "DECLINED" });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe(session.url);
    const retry = await (await fetch(session.url!)).text();
    expect(retry).toContain("El pago fue rechazado");
    expect(retry).toContain("Te quedan 2 intentos.");

    const paid = await post(form.action, { cardNumber: "4111 1111 4555 1142", expiryMonth: "03", expiryYear: "2030", cvc: "737", holderName: "Ana López" });
    expect(paid.status).toBe(303);
    const location = new URL(paid.headers.get("location")!);
    expect(location.pathname).toBe("/checkout/hosted-return");
    expect(location.searchParams.get("order")).toBe(reference);
    expect(location.searchParams.get("sessionId")).toBe(session.id);
    const sessionResult = location.searchParams.get("sessionResult")!;
    const before = shop.caught.length;
    await fetch(location);
    expect(shop.caught[before]!.url.searchParams.get("sessionResult")).toBe(sessionResult);

    const result = await checkout.PaymentsApi.getResultOfPaymentSession(session.id, sessionResult);
    expect(result).toMatchObject({ id: session.id, status: "completed", reference });
    expect(result.payments).toEqual([expect.objectContaining({ resultCode: "Authorised", amount: { value: 31_800, currency: "MXN" } })]);
    await standIn.controls.idle();
    const hooks = received().filter((i) => i.merchantReference === reference);
    expect(hooks.map((i) => i.success)).toEqual(["false", "true"]);
    expect(hooks[1]!.additionalData?.checkoutSessionId).toBe(session.id);
  });

  it("continues to the 3-D Secure challenge for a 3-D Secure card, then returns", async () => {
    const session = await createSession(ref("hosted-3ds"), "en-US");
    const form = formOf(await (await fetch(session.url!)).text());
    const toChallenge = await post(form.action, { cardNumber: "5454 5454 5454 5454", expiryMonth: "03", expiryYear: "2030", cvc: "737", holderName: "" });
    expect(toChallenge.status).toBe(303);
    const challengeUrl = toChallenge.headers.get("location")!;
    expect(challengeUrl.startsWith(`${standIn.shopperUrl}threeDS/`)).toBe(true);
    const challenge = formOf(await (await fetch(challengeUrl)).text());
    const back = await post(new URL(challenge.action, challengeUrl).toString(), { password: "password", action: "submit" });
    const location = new URL(back.headers.get("location")!);
    expect(location.searchParams.get("sessionId")).toBe(session.id);
    const result = await checkout.PaymentsApi.getResultOfPaymentSession(session.id, location.searchParams.get("sessionResult")!);
    expect(result.status).toBe("completed");
  });

  it("returns on cancel with the session canceled", async () => {
    const session = await createSession(ref("hosted-cancel"));
    const html = await (await fetch(session.url!)).text();
    const cancelHref = htmlDecode(/<a href="([^"]+\/cancel)">Cancelar y volver a la tienda<\/a>/.exec(html)![1]!);
    const answer = await fetch(cancelHref, { redirect: "manual" });
    const location = new URL(answer.headers.get("location")!);
    const result = await checkout.PaymentsApi.getResultOfPaymentSession(session.id, location.searchParams.get("sessionResult")!);
    expect(result.status).toBe("canceled");
    expect(result.payments).toBeUndefined();
  });

  it("is completed by the controls as a shopper would, and refuses a sessionResult of another session", async () => {
    const session = await createSession(ref("hosted-control"));
    const other = await createSession(ref("hosted-other"));
    const { sessionResult } = standIn.controls.completeHostedSession(session.id, { card: "3714 4963 5398 431", challenge: "authorise" });
    expect((await checkout.PaymentsApi.getResultOfPaymentSession(session.id, sessionResult)).status).toBe("completed");
    const wrong = await apiError(checkout.PaymentsApi.getResultOfPaymentSession(other.id, sessionResult));
    expect(wrong.statusCode).toBe(422);
  });
});

// ---- idempotency ------------------------------------------------------------------------------------------------

describe("Idempotency-Key", () => {
  it("replays the stored answer for the same key and body, and never makes a second payment", async () => {
    const reference = ref("idem");
    const key = randomUUID();
    const first = await pay(reference, "4111 1111 4555 1142", {}, key);
    const again = await pay(reference, "4111 1111 4555 1142", {}, key);
    expect(again).toEqual(first);
    expect([...standIn.payments.values()].filter((p) => p.merchantReference === reference)).toHaveLength(1);
  });

  it("refuses the same key with another body (704, not transient)", async () => {
    const reference = ref("idem-diff");
    const key = randomUUID();
    await pay(reference, "4111 1111 4555 1142", {}, key);
    const error = await apiError(pay(reference, "5555 3412 4444 1115", {}, key));
    expect(error.apiError).toMatchObject({ status: 422, errorCode: "704" });
    expect(error.responseHeaders?.["transient-error"]).toBeUndefined();
  });

  it("answers a request while the first with its key is in progress with Adyen's transient 409 (704)", async () => {
    const reference = ref("idem-busy");
    const key = randomUUID();
    const gate = standIn.controls.holdResponses("/payments");
    const first = pay(reference, "4111 1111 4555 1142", {}, key);
    await gate.reached(1);
    const busy = await apiError(pay(reference, "4111 1111 4555 1142", {}, key));
    expect(busy.apiError).toMatchObject({ status: 409, errorCode: "704", message: "request already processed or in progress" });
    expect(busy.responseHeaders?.["transient-error"]).toBe("true");
    gate.open();
    const done = await first;
    expect(done.resultCode).toBe("Authorised");
    expect(await pay(reference, "4111 1111 4555 1142", {}, key)).toEqual(done);
  });

  it("makes one payment of 20 concurrent identical requests", async () => {
    const reference = ref("idem-20");
    const key = randomUUID();
    const answers = await Promise.allSettled(Array.from({ length: 20 }, () => pay(reference, "4111 1111 4555 1142", {}, key)));
    const payments = [...standIn.payments.values()].filter((p) => p.merchantReference === reference);
    expect(payments).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === "fulfilled") expect(answer.value.pspReference).toBe(payments[0]!.pspReference);
      else expect((answer.reason as InstanceType<typeof HttpClientException>).apiError).toMatchObject({ status: 409, errorCode: "704" });
    }
    expect(answers.some((a) => a.status === "fulfilled")).toBe(true);
  });

  it("lets a client whose answer was lost retry with its key and get the payment that was made", async () => {
    const reference = ref("idem-lost");
    const key = randomUUID();
    standIn.controls.loseResponses("/payments");
    const lost = await pay(reference, "4111 1111 4555 1142", {}, key).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(lost).toBeDefined(); // the library's ApiException: the connection closed without an answer
    const made = [...standIn.payments.values()].filter((p) => p.merchantReference === reference);
    expect(made).toHaveLength(1);
    expect((await pay(reference, "4111 1111 4555 1142", {}, key)).pspReference).toBe(made[0]!.pspReference);
  });

  it("holds /payments/details open on a gate, so a test can prove its callers make one call", async () => {
    const started = await pay(ref("gate"), "4917 6100 0000 0000");
    const redirectResult = standIn.controls.completeChallenge(started.pspReference!, "authorise");
    const gate = standIn.controls.holdResponses("/payments/details");
    const callsBefore = standIn.controls.calls.length;
    const details = checkout.PaymentsApi.paymentsDetails({ details: { redirectResult } } as Types.checkout.PaymentDetailsRequest);
    await gate.reached(1);
    expect(gate.waiting).toBe(1);
    gate.open();
    expect((await details).resultCode).toBe("Authorised");
    expect(standIn.controls.calls.slice(callsBefore)).toEqual([expect.objectContaining({ method: "POST", path: "/payments/details", status: 200 })]);
  });
});

// ---- webhooks ---------------------------------------------------------------------------------------------------

describe("webhooks", () => {
  it("posts each event with basic auth and a signature hmacValidator accepts", async () => {
    const reference = ref("hook");
    const response = await pay(reference, "4111 1111 4555 1142");
    await standIn.controls.idle();
    const delivery = webhookEndpoint.caught.find((c) => itemsOf(c).some((i) => i.pspReference === response.pspReference))!;
    expect(delivery.method).toBe("POST");
    expect(delivery.url.pathname).toBe("/adyen/webhooks");
    expect(delivery.headers.authorization).toBe(`Basic ${Buffer.from(`${WEBHOOK_USER}:${WEBHOOK_PASSWORD}`).toString("base64")}`);
    const body = JSON.parse(delivery.body) as { live: string; notificationItems: unknown[] };
    expect(body.live).toBe("false");
    expect(body.notificationItems).toHaveLength(1);
    const [item] = itemsOf(delivery);
    expect(item).toMatchObject({
      eventCode: "AUTHORISATION",
      success: "true",
      merchantAccountCode: MERCHANT,
      merchantReference: reference,
      pspReference: response.pspReference,
      amount: { value: 24_900, currency: "MXN" },
      paymentMethod: "visa",
    });
    expect(item!.eventDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(new hmacValidator().validateHMAC(item as unknown as Types.notification.NotificationRequestItem, HMAC_KEY)).toBe(true);
    expect(new hmacValidator().validateHMAC(item as unknown as Types.notification.NotificationRequestItem, HMAC_KEY.replace(/^4/, "5"))).toBe(false);
  });

  it("sends a refusal's AUTHORISATION with success false and the reason", async () => {
    const response = await pay(ref("hook-refused"), "4111 1111 4555 1142", { holderName: "BLOCK_CARD" });
    await standIn.controls.idle();
    expect(receivedFor(response.pspReference!)).toEqual([expect.objectContaining({ eventCode: "AUTHORISATION", success: "false", reason: "Blocked Card" })]);
  });

  it("retries until the answer is 2xx with [accepted]", async () => {
    webhookEndpoint.answerWith((_req, index) => (index % 3 === 0 ? { status: 500, body: "oops" } : index % 3 === 1 ? { status: 200, body: "ok" } : { status: 200, body: "[accepted]" }));
    webhookEndpoint.caught.length = 0;
    const response = await pay(ref("hook-retry"), "4111 1111 4555 1142");
    await standIn.controls.idle();
    const attempts = standIn.controls.deliveries.filter((d) => d.item.pspReference === response.pspReference);
    expect(attempts.map((d) => [d.attempt, d.status, d.accepted])).toEqual([
      [1, 500, false],
      [2, 200, false],
      [3, 200, true],
    ]);
    expect(attempts[2]!.body).toBe("[accepted]");
  });

  it("sends each webhook twice when duplicating", async () => {
    standIn.controls.duplicateWebhooks = true;
    const response = await pay(ref("hook-dup"), "4111 1111 4555 1142");
    await standIn.controls.idle();
    const copies = receivedFor(response.pspReference!);
    expect(copies).toHaveLength(2);
    expect(copies[0]).toEqual(copies[1]);
  });

  it("holds webhooks and releases them reversed", async () => {
    standIn.controls.holdWebhooks();
    const first = await pay(ref("hook-order"), "4111 1111 4555 1142", { manualCapture: true });
    await checkout.ModificationsApi.captureAuthorisedPayment(first.pspReference!, { merchantAccount: MERCHANT, amount: { value: 24_900, currency: "MXN" } });
    await standIn.controls.idle();
    expect(receivedFor(first.pspReference!)).toEqual([]);
    standIn.controls.releaseWebhooks({ reverse: true });
    await standIn.controls.idle();
    expect(receivedFor(first.pspReference!).map((i) => i.eventCode)).toEqual(["CAPTURE", "AUTHORISATION"]);
  });

  it("loses webhooks when dropping: never sent, still listed", async () => {
    standIn.controls.dropWebhooks = true;
    const response = await pay(ref("hook-drop"), "4111 1111 4555 1142");
    await standIn.controls.idle();
    expect(receivedFor(response.pspReference!)).toEqual([]);
    expect(standIn.controls.webhooks.filter((i) => i.pspReference === response.pspReference)).toHaveLength(1);
  });

  it("sends crafted webhooks, with a signature that does not verify when asked", async () => {
    const good = standIn.controls.sendWebhook({ eventCode: "AUTHORISATION", merchantReference: "crafted-1", amount: { value: 100, currency: "MXN" } });
    const bad = standIn.controls.sendWebhook({ eventCode: "AUTHORISATION", merchantReference: "crafted-2", amount: { value: 100, currency: "MXN" } }, { badSignature: true });
    await standIn.controls.idle();
    const [goodItem] = receivedFor(good.pspReference);
    const [badItem] = receivedFor(bad.pspReference);
    expect(new hmacValidator().validateHMAC(goodItem as unknown as Types.notification.NotificationRequestItem, HMAC_KEY)).toBe(true);
    expect(new hmacValidator().validateHMAC(badItem as unknown as Types.notification.NotificationRequestItem, HMAC_KEY)).toBe(false);
  });
});

// ---- modifications ----------------------------------------------------------------------------------------------

describe("modifications", () => {
  const mxn = (value: number) => ({ value, currency: "MXN" });
  const lastFor = async (psp: string) => {
    await standIn.controls.idle();
    return receivedFor(psp).at(-1)!;
  };

  it("captures, then refunds, a manual-capture payment: 201 received, then CAPTURE and REFUND", async () => {
    const payment = await pay(ref("capture"), "5555 3412 4444 1115", { manualCapture: true });
    expect(standIn.payments.get(payment.pspReference!)!.capturedValue).toBe(0);
    const capture = await checkout.ModificationsApi.captureAuthorisedPayment(payment.pspReference!, { merchantAccount: MERCHANT, amount: mxn(24_900), reference: "cap-1" });
    expect(capture).toMatchObject({ status: "received", paymentPspReference: payment.pspReference, merchantAccount: MERCHANT, reference: "cap-1", amount: mxn(24_900) });
    expect(capture.pspReference).not.toBe(payment.pspReference);
    expect(await lastFor(payment.pspReference!)).toMatchObject({ eventCode: "CAPTURE", success: "true", pspReference: capture.pspReference, originalReference: payment.pspReference });

    const refund = await checkout.ModificationsApi.refundCapturedPayment(payment.pspReference!, { merchantAccount: MERCHANT, amount: mxn(10_000) });
    const hook = await lastFor(payment.pspReference!);
    expect(hook).toMatchObject({ eventCode: "REFUND", success: "true", pspReference: refund.pspReference, amount: mxn(10_000) });
    expect(new hmacValidator().validateHMAC(hook as unknown as Types.notification.NotificationRequestItem, HMAC_KEY)).toBe(true);
  });

  it("refuses in the webhook what cannot be done: refund before capture, capture of a refused payment", async () => {
    const authorised = await pay(ref("refund-early"), "5555 3412 4444 1115", { manualCapture: true });
    await checkout.ModificationsApi.refundCapturedPayment(authorised.pspReference!, { merchantAccount: MERCHANT, amount: mxn(100) });
    expect(await lastFor(authorised.pspReference!)).toMatchObject({ eventCode: "REFUND", success: "false", reason: "Transaction hasn't been captured, refund not possible" });

    const refused = await pay(ref("capture-refused"), "5555 3412 4444 1115", { manualCapture: true, holderName: "DECLINED" });
    await checkout.ModificationsApi.captureAuthorisedPayment(refused.pspReference!, { merchantAccount: MERCHANT, amount: mxn(24_900) });
    expect(await lastFor(refused.pspReference!)).toMatchObject({ eventCode: "CAPTURE", success: "false", reason: "Insufficient balance on payment" });
  });

  it("sends CAPTURE_FAILED after CAPTURE for Adyen's 'capture failed' holder", async () => {
    const payment = await pay(ref("capture-failed"), "4111 1111 4555 1142", { manualCapture: true, holderName: "capture failed" });
    await checkout.ModificationsApi.captureAuthorisedPayment(payment.pspReference!, { merchantAccount: MERCHANT, amount: mxn(24_900) });
    await standIn.controls.idle();
    expect(receivedFor(payment.pspReference!).map((i) => [i.eventCode, i.success])).toEqual([
      ["AUTHORISATION", "true"],
      ["CAPTURE", "true"],
      ["CAPTURE_FAILED", "true"],
    ]);
  });

  it("cancels an authorised payment (CANCELLATION) and reverses others (CANCEL_OR_REFUND, cancel or refund)", async () => {
    const manual = await pay(ref("cancel"), "4111 1111 4555 1142", { manualCapture: true });
    const cancel = await checkout.ModificationsApi.cancelAuthorisedPaymentByPspReference(manual.pspReference!, { merchantAccount: MERCHANT });
    expect(cancel).toMatchObject({ status: "received", paymentPspReference: manual.pspReference });
    expect(await lastFor(manual.pspReference!)).toMatchObject({ eventCode: "CANCELLATION", success: "true" });

    const uncaptured = await pay(ref("reverse-cancel"), "4111 1111 4555 1142", { manualCapture: true });
    await checkout.ModificationsApi.refundOrCancelPayment(uncaptured.pspReference!, { merchantAccount: MERCHANT });
    expect(await lastFor(uncaptured.pspReference!)).toMatchObject({ eventCode: "CANCEL_OR_REFUND", success: "true", additionalData: expect.objectContaining({ "modification.action": "cancel" }) });

    const captured = await pay(ref("reverse-refund"), "4111 1111 4555 1142");
    await checkout.ModificationsApi.refundOrCancelPayment(captured.pspReference!, { merchantAccount: MERCHANT });
    expect(await lastFor(captured.pspReference!)).toMatchObject({ eventCode: "CANCEL_OR_REFUND", success: "true", additionalData: expect.objectContaining({ "modification.action": "refund" }) });
  });

  it("cancels by the merchant's own reference (POST /cancels): TECHNICAL_CANCEL", async () => {
    const reference = ref("technical");
    const payment = await pay(reference, "4111 1111 4555 1142", { manualCapture: true });
    const cancel = await checkout.ModificationsApi.cancelAuthorisedPayment({ merchantAccount: MERCHANT, paymentReference: reference, reference: "tc-1" });
    expect(cancel).toMatchObject({ status: "received", paymentReference: reference, merchantAccount: MERCHANT, reference: "tc-1" });
    expect(await lastFor(payment.pspReference!)).toMatchObject({
      eventCode: "TECHNICAL_CANCEL",
      success: "true",
      merchantReference: reference,
      originalReference: payment.pspReference,
      pspReference: cancel.pspReference,
    });
    expect(standIn.payments.get(payment.pspReference!)!.cancelled).toBe(true);
  });

  it("refuses a modification of an unknown pspReference (422, 167)", async () => {
    const error = await apiError(checkout.ModificationsApi.captureAuthorisedPayment("ZZZZZZZZZZZZZZZZ", { merchantAccount: MERCHANT, amount: mxn(100) }));
    expect(error.apiError).toMatchObject({ status: 422, errorCode: "167", message: "Original pspReference required for this operation" });
  });
});
