import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { CHALLENGE_PASSWORD, luhnValid } from "./cards";
import { type ChallengeChoice, type StandInCore, type StandInPayment, type StandInSession, MAX_SESSION_ATTEMPTS } from "./core";
import { handleShopperRequest, type ShopperContext } from "./shopper";

/**
 * The stand-in's shopper listener (plain http on loopback, under /checkoutshopper-test/): the pages a shopper's
 * browser sees, all working without JavaScript, in Spanish or English after the shopperLocale (es-* or anything else):
 *
 * - `hosted/{sessionId}`: Hosted Checkout's payment page for a `mode: "hosted"` session: card number, expiry month and
 *   year, CVC and holder name, a pay button and a cancel link. What is typed there stays in the stand-in. A refused
 *   card shows the refusal and the form again (Hosted Checkout lets the shopper retry) until MAX_SESSION_ATTEMPTS;
 *   a 3-D Secure card continues to the challenge; at the end the browser goes to the session's returnUrl with
 *   `sessionId` and `sessionResult`, by a 303.
 * - `threeDS/{token}`: the 3-D Secure challenge: merchant, amount, a password field (the password is `password`),
 *   Submit and Cancel. Then the browser returns to the payment's returnUrl with `redirectResult` appended: a 303 GET,
 *   or, when controls.returnMethod is "POST", a page whose form posts `redirectResult` there (submitted by a small
 *   inline script, with a visible button for browsers without JavaScript).
 *
 * Everything else goes to shopper.ts (Adyen Web's assets and secured fields), 404 when it declines. These pages send
 * a nonce-based CSP with frame-ancestors 'none'; no X-Frame-Options is set by this listener, so shopper.ts may serve
 * frameable pages. Nothing typed is ever logged.
 */

export interface ShopperPagesContext {
  core: StandInCore;
  shopper: ShopperContext;
  returnMethod: () => "GET" | "POST";
}

const PREFIX = "/checkoutshopper-test/";

type Lang = "es" | "en";

const TEXT = {
  en: {
    payment: "Payment",
    merchant: "Merchant",
    amount: "Amount",
    testNotice: "Test environment: no real payment is made.",
    cardNumber: "Card number",
    expiryMonth: "Expiry month (MM)",
    expiryYear: "Expiry year (YYYY)",
    cvc: "Security code (CVC)",
    holderName: "Name on card (optional)",
    pay: (amount: string) => `Pay ${amount}`,
    cancel: "Cancel and return to the shop",
    problem: "There is a problem",
    errCardNumber: "Enter a valid card number.",
    errExpiryMonth: "Enter the month as two digits, 01 to 12.",
    errExpiryYear: "Enter the year as four digits.",
    errCvc: "Enter the 3 or 4 digit security code.",
    refused: "The payment was refused. Check the details or try another card.",
    attemptsLeft: (n: number) => (n === 1 ? "1 attempt left." : `${n} attempts left.`),
    ended: {
      completed: "This payment is complete.",
      canceled: "This payment was cancelled.",
      expired: "This payment session has expired.",
      refused: "This payment session was closed after too many refused attempts.",
      paymentPending: "This payment is being processed.",
      active: "",
    },
    backToShop: "Return to the shop",
    challengeTitle: "Purchase authentication",
    challengeLead: (amount: string, merchant: string) => `Confirm this purchase of ${amount} at ${merchant}.`,
    password: "Password",
    passwordHint: `Test card: the password is “${CHALLENGE_PASSWORD}”.`,
    submit: "Submit",
    cancelChallenge: "Cancel",
    returning: "Authentication finished. Returning to the shop…",
    continue: "Continue",
  },
  es: {
    payment: "Pago",
    merchant: "Comercio",
    amount: "Importe",
    testNotice: "Entorno de pruebas: no se realiza ningún pago real.",
    cardNumber: "Número de tarjeta",
    expiryMonth: "Mes de vencimiento (MM)",
    expiryYear: "Año de vencimiento (AAAA)",
    cvc: "Código de seguridad (CVC)",
    holderName: "Nombre en la tarjeta (opcional)",
    pay: (amount: string) => `Pagar ${amount}`,
    cancel: "Cancelar y volver a la tienda",
    problem: "Hay un problema",
    errCardNumber: "Escribe un número de tarjeta válido.",
    errExpiryMonth: "Escribe el mes con dos dígitos, de 01 a 12.",
    errExpiryYear: "Escribe el año con cuatro dígitos.",
    errCvc: "Escribe el código de seguridad de 3 o 4 dígitos.",
    refused: "El pago fue rechazado. Revisa los datos o prueba con otra tarjeta.",
    attemptsLeft: (n: number) => (n === 1 ? "Te queda 1 intento." : `Te quedan ${n} intentos.`),
    ended: {
      completed: "Este pago está completo.",
      canceled: "Este pago fue cancelado.",
      expired: "Esta sesión de pago caducó.",
      refused: "Esta sesión de pago se cerró tras demasiados intentos rechazados.",
      paymentPending: "Este pago se está procesando.",
      active: "",
    },
    backToShop: "Volver a la tienda",
    challengeTitle: "Autenticación de la compra",
    challengeLead: (amount: string, merchant: string) => `Confirma esta compra de ${amount} en ${merchant}.`,
    password: "Contraseña",
    passwordHint: `Tarjeta de prueba: la contraseña es «${CHALLENGE_PASSWORD}».`,
    submit: "Enviar",
    cancelChallenge: "Cancelar",
    returning: "Autenticación terminada. Volviendo a la tienda…",
    continue: "Continuar",
  },
} as const;

const langOf = (locale: string | undefined): Lang => (locale?.toLowerCase().startsWith("es") ? "es" : "en");

/** Sessions whose page should show a refusal on its next display (after a refused card or challenge). */
const refusedNotice = new WeakSet<StandInSession>();

export function createShopperHandler(ctx: ShopperPagesContext): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    serve(ctx, req, res).catch(() => {
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end("stand-in failure");
      } else res.destroy();
    });
  };
}

async function serve(ctx: ShopperPagesContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", ctx.shopper.origin);
  const method = req.method ?? "GET";
  const hosted = new RegExp(`^${PREFIX}hosted/([A-Za-z0-9]+)(/cancel)?$`).exec(url.pathname);
  if (hosted) {
    const session = ctx.core.sessions.get(hosted[1]!);
    if (session && session.mode === "hosted") {
      if (hosted[2] && method === "GET") return cancelSession(ctx, session, res);
      if (!hosted[2] && method === "GET") return hostedPage(ctx, session, res, {});
      if (!hosted[2] && method === "POST") return hostedPay(ctx, session, await readForm(req), res);
    }
    return notFound(res);
  }
  const challenge = new RegExp(`^${PREFIX}threeDS/([A-Za-z0-9_-]+)$`).exec(url.pathname);
  if (challenge) {
    const payment = ctx.core.paymentByChallenge(challenge[1]!);
    if (payment && method === "GET") return challengePage(ctx, payment, res);
    if (payment && method === "POST") return challengeAnswer(ctx, payment, await readForm(req), res);
    return notFound(res);
  }
  if (!(await handleShopperRequest(req, res, url, ctx.shopper)) && !res.headersSent) notFound(res);
}

// ---- Hosted Checkout ------------------------------------------------------------------------------------------

interface FormState {
  errors?: Partial<Record<"cardNumber" | "expiryMonth" | "expiryYear" | "cvc", string>>;
  values?: { expiryMonth?: string; expiryYear?: string; holderName?: string };
}

function hostedPage(ctx: ShopperPagesContext, session: StandInSession, res: ServerResponse, state: FormState, status = 200): void {
  const lang = langOf(session.shopperLocale);
  const t = TEXT[lang];
  const amount = formatAmount(session.amount.value, session.amount.currency, session.shopperLocale);
  const sessionStatus = ctx.core.sessionStatus(session);
  const nonce = randomBytes(16).toString("base64");
  if (sessionStatus !== "active") {
    const back = sessionReturnUrl(ctx, session);
    page(res, status, lang, `${t.payment} · ${session.merchantAccount}`, nonce, [session.returnUrl], `
<main>
  <h1>${esc(t.payment)}</h1>
  <p role="status">${esc(t.ended[sessionStatus])}</p>
  <p><a href="${esc(back)}">${esc(t.backToShop)}</a></p>
</main>`);
    return;
  }
  const errors = state.errors ?? {};
  const values = state.values ?? {};
  const refused = refusedNotice.has(session);
  refusedNotice.delete(session);
  const field = (name: "cardNumber" | "expiryMonth" | "expiryYear" | "cvc", label: string, attrs: string, value = "") => {
    const error = errors[name];
    return `
    <div class="field">
      <label for="${name}">${esc(label)}</label>
      <input id="${name}" name="${name}" ${attrs} value="${esc(value)}"${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ""}>
      ${error ? `<p class="error" id="${name}-error">${esc(error)}</p>` : ""}
    </div>`;
  };
  const summary = Object.values(errors).filter(Boolean);
  const left = MAX_SESSION_ATTEMPTS - session.refusedAttempts;
  page(res, status, lang, `${t.payment} · ${session.merchantAccount}`, nonce, [session.returnUrl], `
<main>
  <h1>${esc(t.payment)}</h1>
  <p class="notice">${esc(t.testNotice)}</p>
  <dl>
    <dt>${esc(t.merchant)}</dt><dd>${esc(session.merchantAccount)}</dd>
    <dt>${esc(t.amount)}</dt><dd>${esc(amount)}</dd>
  </dl>
  ${refused ? `<div class="alert" role="alert"><p>${esc(t.refused)}</p><p>${esc(t.attemptsLeft(left))}</p></div>` : ""}
  ${summary.length > 0 ? `<div class="alert" role="alert"><h2>${esc(t.problem)}</h2><ul>${summary.map((e) => `<li>${esc(e!)}</li>`).join("")}</ul></div>` : ""}
  <form method="post" action="${esc(ctx.core.hostedUrl(session))}" novalidate>
    ${field("cardNumber", t.cardNumber, `type="text" inputmode="numeric" autocomplete="cc-number" required`)}
    ${field("expiryMonth", t.expiryMonth, `type="text" inputmode="numeric" autocomplete="cc-exp-month" maxlength="2" required`, values.expiryMonth)}
    ${field("expiryYear", t.expiryYear, `type="text" inputmode="numeric" autocomplete="cc-exp-year" maxlength="4" required`, values.expiryYear)}
    ${field("cvc", t.cvc, `type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required`)}
    <div class="field">
      <label for="holderName">${esc(t.holderName)}</label>
      <input id="holderName" name="holderName" type="text" autocomplete="cc-name" value="${esc(values.holderName ?? "")}">
    </div>
    <button type="submit">${esc(t.pay(amount))}</button>
  </form>
  <p><a href="${esc(`${ctx.core.hostedUrl(session)}/cancel`)}">${esc(t.cancel)}</a></p>
</main>`);
}

function hostedPay(ctx: ShopperPagesContext, session: StandInSession, form: URLSearchParams, res: ServerResponse): void {
  if (ctx.core.sessionStatus(session) !== "active") {
    hostedPage(ctx, session, res, {}, 409);
    return;
  }
  const t = TEXT[langOf(session.shopperLocale)];
  const number = (form.get("cardNumber") ?? "").replace(/[\s-]+/g, "");
  const expiryMonth = (form.get("expiryMonth") ?? "").trim();
  const expiryYear = (form.get("expiryYear") ?? "").trim();
  const cvc = (form.get("cvc") ?? "").trim();
  const holderName = (form.get("holderName") ?? "").trim();
  const errors: FormState["errors"] = {};
  if (!luhnValid(number)) errors.cardNumber = t.errCardNumber;
  if (!/^(0[1-9]|1[0-2])$/.test(expiryMonth)) errors.expiryMonth = t.errExpiryMonth;
  if (!/^\d{4}$/.test(expiryYear)) errors.expiryYear = t.errExpiryYear;
  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = t.errCvc;
  const values = { expiryMonth, expiryYear, holderName };
  if (Object.keys(errors).length > 0) {
    hostedPage(ctx, session, res, { errors, values }, 400);
    return;
  }
  const outcome = payInSession(ctx.core, session, { number, expiryMonth, expiryYear, cvc, holderName: holderName || undefined });
  if (outcome.kind === "invalid") {
    hostedPage(ctx, session, res, { errors: { cardNumber: t.errCardNumber }, values }, 400);
    return;
  }
  if (outcome.kind === "challenge") {
    redirect(res, ctx.core.challengeUrl(outcome.payment));
    return;
  }
  afterSessionPayment(ctx, session, res);
}

/** A payment attempt in a session, as the hosted page (and completeHostedSession) makes it. */
export function payInSession(
  core: StandInCore,
  session: StandInSession,
  card: { number: string; expiryMonth: string; expiryYear: string; cvc?: string; holderName?: string },
): { kind: "invalid" } | { kind: "challenge"; payment: StandInPayment } | { kind: "final"; payment: StandInPayment } {
  const result = core.authorise({
    merchantAccount: session.merchantAccount,
    amount: session.amount,
    reference: session.reference,
    returnUrl: session.returnUrl,
    shopperLocale: session.shopperLocale,
    card,
    additionalData: session.manualCapture ? { manualCapture: "true" } : {},
    sessionId: session.id,
  });
  if (result.kind === "invalid") return { kind: "invalid" };
  session.payments.push(result.payment.pspReference);
  if (result.payment.resultCode === "RedirectShopper") return { kind: "challenge", payment: result.payment };
  core.settleSessionPayment(session, result.payment);
  return { kind: "final", payment: result.payment };
}

/** After an attempt: back to the page to retry when refused and still active, else to the returnUrl. */
function afterSessionPayment(ctx: ShopperPagesContext, session: StandInSession, res: ServerResponse): void {
  if (ctx.core.sessionStatus(session) === "active") {
    refusedNotice.add(session);
    redirect(res, ctx.core.hostedUrl(session));
    return;
  }
  redirect(res, sessionReturnUrl(ctx, session));
}

function cancelSession(ctx: ShopperPagesContext, session: StandInSession, res: ServerResponse): void {
  if (ctx.core.sessionStatus(session) === "active") session.status = "canceled";
  redirect(res, sessionReturnUrl(ctx, session));
}

/** The session's returnUrl with Hosted Checkout's `sessionId` and a fresh `sessionResult`. */
export function sessionReturnUrl(ctx: { core: StandInCore }, session: StandInSession): string {
  return withParams(session.returnUrl, { sessionId: session.id, sessionResult: ctx.core.issueSessionResult(session) });
}

// ---- 3-D Secure challenge -------------------------------------------------------------------------------------

function challengePage(ctx: ShopperPagesContext, payment: StandInPayment, res: ServerResponse): void {
  if (payment.challenge?.redirectResult) {
    returnFromChallenge(ctx, payment, res);
    return;
  }
  const lang = langOf(payment.shopperLocale);
  const t = TEXT[lang];
  const amount = formatAmount(payment.amount.value, payment.amount.currency, payment.shopperLocale);
  const nonce = randomBytes(16).toString("base64");
  page(res, 200, lang, t.challengeTitle, nonce, [payment.returnUrl], `
<main>
  <h1>${esc(t.challengeTitle)}</h1>
  <p class="notice">${esc(t.testNotice)}</p>
  <dl>
    <dt>${esc(t.merchant)}</dt><dd>${esc(payment.merchantAccount)}</dd>
    <dt>${esc(t.amount)}</dt><dd>${esc(amount)}</dd>
  </dl>
  <p>${esc(t.challengeLead(amount, payment.merchantAccount))}</p>
  <form method="post" action="${esc(ctx.core.challengeUrl(payment))}">
    <div class="field">
      <label for="password">${esc(t.password)}</label>
      <input id="password" name="password" type="password" autocomplete="one-time-code" aria-describedby="password-hint">
      <p class="hint" id="password-hint">${esc(t.passwordHint)}</p>
    </div>
    <button type="submit" name="action" value="submit">${esc(t.submit)}</button>
    <button type="submit" name="action" value="cancel" formnovalidate>${esc(t.cancelChallenge)}</button>
  </form>
</main>`);
}

function challengeAnswer(ctx: ShopperPagesContext, payment: StandInPayment, form: URLSearchParams, res: ServerResponse): void {
  if (!payment.challenge?.redirectResult) {
    const choice: ChallengeChoice =
      form.get("action") === "cancel" ? "cancel" : form.get("password") === CHALLENGE_PASSWORD ? "authorise" : "refuse";
    ctx.core.completeChallenge(payment, choice);
    const session = payment.sessionId ? ctx.core.sessions.get(payment.sessionId) : undefined;
    if (session) ctx.core.settleSessionPayment(session, payment);
  }
  returnFromChallenge(ctx, payment, res);
}

/** Back to the merchant after the challenge: the session's flow, or the payment's returnUrl with redirectResult. */
function returnFromChallenge(ctx: ShopperPagesContext, payment: StandInPayment, res: ServerResponse): void {
  const session = payment.sessionId ? ctx.core.sessions.get(payment.sessionId) : undefined;
  if (session) {
    afterSessionPayment(ctx, session, res);
    return;
  }
  const redirectResult = payment.challenge!.redirectResult!;
  if (ctx.returnMethod() === "GET") {
    redirect(res, withParams(payment.returnUrl, { redirectResult }));
    return;
  }
  const lang = langOf(payment.shopperLocale);
  const t = TEXT[lang];
  const nonce = randomBytes(16).toString("base64");
  page(res, 200, lang, t.challengeTitle, nonce, [payment.returnUrl], `
<main>
  <p role="status">${esc(t.returning)}</p>
  <form id="return" method="post" action="${esc(payment.returnUrl)}">
    <input type="hidden" name="redirectResult" value="${esc(redirectResult)}">
    <button type="submit">${esc(t.continue)}</button>
  </form>
  <script nonce="${nonce}">document.getElementById("return").submit();</script>
</main>`);
}

// ---- plumbing -------------------------------------------------------------------------------------------------

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #f4f5f7; }
  main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 0.5rem; }
  .field { margin-block: 1rem; }
  label { display: block; font-weight: 600; }
  input { font: inherit; width: 100%; box-sizing: border-box; padding: 0.5rem; border: 1px solid #767676; border-radius: 0.25rem; }
  input[aria-invalid="true"] { border-color: #b00020; }
  .error, .alert { color: #b00020; }
  .hint, .notice { color: #4a4a4a; font-size: 0.875rem; }
  button { font: inherit; padding: 0.5rem 1rem; margin-inline-end: 0.5rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; }
  dd { margin: 0; }
`;

function page(res: ServerResponse, status: number, lang: Lang, title: string, nonce: string, returnUrls: string[], body: string): void {
  const formTargets = returnUrls.map(originOf).filter((o): o is string => o !== undefined);
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    `form-action 'self' ${formTargets.join(" ")}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>${body}
</body>
</html>`;
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": csp,
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
  });
  res.end(html);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, "cache-control": "no-store", "referrer-policy": "no-referrer" });
  res.end();
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
  res.end("Not found");
}

function withParams(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.append(key, value);
  return url.toString();
}

function originOf(target: string): string | undefined {
  try {
    const url = new URL(target);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The amount in the shopper's locale, the currency's minor units as Intl knows them (MXN 2, JPY 0). */
export function formatAmount(minor: number, currency: string, locale: string): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: "currency", currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    return `${currency} ${minor}`;
  }
}

function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > 64 * 1024) {
        reject(new Error("form too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(new URLSearchParams(Buffer.concat(chunks).toString("utf8"))));
    req.on("error", reject);
  });
}
