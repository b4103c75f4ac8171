import type { IncomingMessage, ServerResponse } from "node:http";
import type { CardInput } from "./cards";
import type { Amount, ApiFailure, StandInCore } from "./core";
import type { IdempotencyStore, StoredResponse } from "./idempotency";
import type { CardField, CardVault } from "./vault";

/**
 * The stand-in's Checkout API (the HTTPS listener), under any version prefix `/v{N}/` (the library sends /v72/):
 * POST /paymentMethods, /payments, /payments/details, /sessions, /payments/{psp}/captures|cancels|refunds|reversals,
 * /cancels, and GET /sessions/{id}. Requests are checked as Adyen checks them and refused with Adyen's error body
 * `{status, errorCode, message, errorType, pspReference?}` (the library raises HttpClientException with `apiError`
 * for any body with `status`):
 *
 * | case                                        | HTTP | errorCode | message                                          |
 * | ------------------------------------------- | ---- | --------- | ------------------------------------------------ |
 * | missing or wrong X-API-Key                  | 401  | 000       | HTTP Status Response - Unauthorized (security)   |
 * | body that is not JSON                       | 400  | 702       | Unexpected input: …                              |
 * | merchantAccount not the stand-in's          | 403  | 901       | Invalid Merchant Account (security)              |
 * | merchantAccount missing                     | 422  | 14_012    | Required field 'merchantAccount' is not provided. |
 * | amount missing / invalid                    | 422  | 100 / 137 | Required object 'amount' is not provided. / Invalid amount specified |
 * | reference missing                           | 422  | 130       | Required field 'reference' is not provided.      |
 * | paymentMethod missing                       | 422  | 14_006    | Required object 'paymentMethod' is not provided. |
 * | paymentMethod.type not scheme               | 422  | 905_1     | Could not find an acquirer account … (configuration) |
 * | returnUrl missing                           | 422  | 14_030    | Return URL is missing.                           |
 * | raw card fields (number, cvc…)              | 403  | 010       | Not allowed (the merchant is not PCI-enabled)    |
 * | encrypted field the vault cannot redeem     | 422  | 174       | Unable to decrypt data                           |
 * | card number failing the Luhn check          | 422  | 101       | Invalid card number                              |
 * | unknown pspReference for a modification     | 422  | 167       | Original pspReference required for this operation |
 * | Idempotency-Key in use by a running request | 409  | 704       | request already processed or in progress (+ header transient-error: true) |
 * | Idempotency-Key used with another request   | 422  | 704       | request already processed or in progress         |
 * | redirectResult already submitted            | 422  | 704       | request already processed or in progress         |
 */

export interface ApiCall {
  method: string;
  /** The path without its version prefix: "/payments/details". */
  path: string;
  idempotencyKey?: string;
  status: number;
}

export interface ApiHooks {
  /** Resolves when a request to `path` may be answered (tests hold responses open with it). */
  beforeAnswer(path: string): Promise<void>;
  /** True when this answer is to be lost: the connection is dropped after the request was carried out. */
  loseAnswer(path: string): boolean;
  onCall(call: ApiCall): void;
}

export interface ApiContext {
  apiKey: string;
  merchantAccount: string;
  core: StandInCore;
  vault: CardVault;
  idempotency: IdempotencyStore;
  hooks: ApiHooks;
  now: () => Date;
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Kept for an Idempotency-Key: the request was carried out. */
  keep: boolean;
}

const MAX_BODY = 1 << 20;

class Refusal extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.message);
  }
}

function refuse(status: number, errorCode: string, message: string, errorType = "validation"): never {
  throw new Refusal({ status, errorCode, message, errorType });
}

export function createApiHandler(ctx: ApiContext): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(ctx, req, res).catch((e: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ status: 500, errorCode: "000", message: `Stand-in failure: ${String(e)}`, errorType: "internal" }));
      }
    });
  };
}

async function handle(ctx: ApiContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "https://stand-in");
  const method = req.method ?? "GET";
  const raw = await readBody(req);
  const match = /^\/v\d+(\/.*)$/.exec(url.pathname);
  const path = match ? match[1]!.replace(/\/+$/, "") : url.pathname;
  const idempotencyKey = method === "POST" ? headerOf(req, "idempotency-key") : undefined;

  const answer = await respond(ctx, req, method, path, url, raw, idempotencyKey, Boolean(match));
  ctx.hooks.onCall({ method, path, idempotencyKey, status: answer.status });
  if (ctx.hooks.loseAnswer(path)) {
    req.socket.destroy();
    return;
  }
  const body = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    "content-type": "application/json;charset=UTF-8",
    "content-length": Buffer.byteLength(body),
    ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
    ...answer.headers,
  });
  res.end(body);
}

async function respond(
  ctx: ApiContext,
  req: IncomingMessage,
  method: string,
  path: string,
  url: URL,
  raw: string,
  idempotencyKey: string | undefined,
  versioned: boolean,
): Promise<Answer> {
  if (headerOf(req, "x-api-key") !== ctx.apiKey) {
    return failure({ status: 401, errorCode: "000", message: "HTTP Status Response - Unauthorized", errorType: "security" }, false);
  }
  if (!versioned) return failure({ status: 404, errorCode: "000", message: "Not Found", errorType: "validation" }, false);

  if (method === "POST" && idempotencyKey !== undefined) {
    const claim = ctx.idempotency.claim(ctx.apiKey, idempotencyKey, method, path, raw);
    if (claim.kind === "replay") return { status: claim.response.status, body: JSON.parse(claim.response.body), keep: true };
    if (claim.kind === "in-progress") {
      return {
        ...failure({ status: 409, errorCode: "704", message: "request already processed or in progress", errorType: "validation" }, false),
        headers: { "transient-error": "true" },
      };
    }
    if (claim.kind === "mismatch") {
      return failure({ status: 422, errorCode: "704", message: "request already processed or in progress", errorType: "validation" }, false);
    }
    let answer: Answer;
    try {
      answer = dispatch(ctx, method, path, url, raw);
    } catch (e) {
      claim.finish({ status: 500, body: "{}" }, false);
      throw e;
    }
    await ctx.hooks.beforeAnswer(path);
    const stored: StoredResponse = { status: answer.status, body: JSON.stringify(answer.body) };
    claim.finish(stored, answer.keep);
    return answer;
  }
  const answer = dispatch(ctx, method, path, url, raw);
  await ctx.hooks.beforeAnswer(path);
  return answer;
}

function failure(f: ApiFailure, keep: boolean, psp?: string): Answer {
  const body: Record<string, unknown> = { status: f.status, errorCode: f.errorCode, message: f.message, errorType: f.errorType };
  if (psp) body.pspReference = psp;
  return { status: f.status, body, keep, ...(f.transient ? { headers: { "transient-error": "true" } } : {}) };
}

function dispatch(ctx: ApiContext, method: string, path: string, url: URL, raw: string): Answer {
  try {
    const sessionMatch = /^\/sessions\/([^/]+)$/.exec(path);
    if (method === "GET" && sessionMatch) {
      const result = ctx.core.sessionResult(decodeURIComponent(sessionMatch[1]!), url.searchParams.get("sessionResult"));
      return "ok" in result ? { status: 200, body: result.ok, keep: true } : failure(result.failure, false);
    }
    if (method !== "POST") {
      return failure({ status: 405, errorCode: "000", message: `Method ${method} not allowed`, errorType: "validation" }, false);
    }
    const body = parseJson(raw);
    if (path === "/paymentMethods") return paymentMethods(ctx, body);
    if (path === "/payments") return payments(ctx, body);
    if (path === "/payments/details") return paymentsDetails(ctx, body);
    if (path === "/sessions") return sessions(ctx, body);
    if (path === "/cancels") return cancels(ctx, body);
    const modification = /^\/payments\/([^/]+)\/(captures|cancels|refunds|reversals)$/.exec(path);
    if (modification) return modify(ctx, decodeURIComponent(modification[1]!), modification[2]!, body);
    return failure({ status: 404, errorCode: "000", message: "Not Found", errorType: "validation" }, false);
  } catch (e) {
    if (e instanceof Refusal) return failure(e.failure, false, e.failure.status === 422 || e.failure.status === 403 ? ctx.core.pspReference() : undefined);
    throw e;
  }
}

// ---- request checks -------------------------------------------------------------------------------------------

function parseJson(raw: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    refuse(400, "702", `Unexpected input: ${raw.trim() === "" ? "Empty input which would have resulted in a null result." : (e as Error).message}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) refuse(400, "702", "Unexpected input: expected a JSON object");
  return value as Record<string, unknown>;
}

function checkMerchant(ctx: ApiContext, body: Record<string, unknown>): void {
  const account = body.merchantAccount;
  if (account === undefined || account === null || account === "") refuse(422, "14_012", "Required field 'merchantAccount' is not provided.");
  if (account !== ctx.merchantAccount) refuse(403, "901", "Invalid Merchant Account", "security");
}

function amountOf(value: unknown): Amount {
  if (typeof value !== "object" || value === null) refuse(422, "100", "Required object 'amount' is not provided.");
  const { value: minor, currency } = value as { value?: unknown; currency?: unknown };
  if (typeof minor !== "number" || !Number.isInteger(minor) || minor < 0) refuse(422, "137", "Invalid amount specified");
  if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)) refuse(422, "138", "Unsupported currency specified");
  return { value: minor as number, currency: currency as string };
}

function requiredString(body: Record<string, unknown>, field: string, errorCode: string, message: string): string {
  const value = body[field];
  if (typeof value !== "string" || value.trim() === "") refuse(422, errorCode, message);
  return value as string;
}

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

// ---- endpoints ------------------------------------------------------------------------------------------------

/** The card's name as Adyen shows it in the shopper's language. */
export function schemeName(locale: string | undefined): string {
  return locale?.toLowerCase().startsWith("es") ? "Tarjeta de crédito o débito" : "Credit or debit card";
}

function paymentMethods(ctx: ApiContext, body: Record<string, unknown>): Answer {
  checkMerchant(ctx, body);
  const allowed = Array.isArray(body.allowedPaymentMethods) ? (body.allowedPaymentMethods as unknown[]) : undefined;
  const blocked = Array.isArray(body.blockedPaymentMethods) ? (body.blockedPaymentMethods as unknown[]) : [];
  const offered = (!allowed || allowed.includes("scheme")) && !blocked.includes("scheme");
  const locale = typeof body.shopperLocale === "string" ? body.shopperLocale : undefined;
  return {
    status: 200,
    body: { paymentMethods: offered ? [{ brands: ["visa", "mc", "amex"], name: schemeName(locale), type: "scheme" }] : [] },
    keep: true,
  };
}

const RAW_CARD_FIELDS = ["number", "expiryMonth", "expiryYear", "cvc"];

/** The card behind the encrypted fields, redeemed from the vault (or Adyen's test_ values). */
export function redeemCard(vault: CardVault, method: Record<string, unknown>): CardInput {
  const redeem = (field: CardField, required: boolean): string | undefined => {
    const blob = method[field];
    if (blob === undefined && !required) return undefined;
    const value = vault.redeem(field, blob);
    if (value === undefined) refuse(422, "174", "Unable to decrypt data");
    return value;
  };
  return {
    number: redeem("encryptedCardNumber", true)!,
    expiryMonth: redeem("encryptedExpiryMonth", true)!,
    expiryYear: redeem("encryptedExpiryYear", true)!,
    cvc: redeem("encryptedSecurityCode", false),
    holderName: typeof method.holderName === "string" ? method.holderName : undefined,
  };
}

function payments(ctx: ApiContext, body: Record<string, unknown>): Answer {
  checkMerchant(ctx, body);
  const amount = amountOf(body.amount);
  const reference = requiredString(body, "reference", "130", "Required field 'reference' is not provided.");
  if (typeof body.paymentMethod !== "object" || body.paymentMethod === null) refuse(422, "14_006", "Required object 'paymentMethod' is not provided.");
  const method = body.paymentMethod as Record<string, unknown>;
  if (method.type !== "scheme") {
    refuse(
      422,
      "905_1",
      `Could not find an acquirer account for the provided txvariant (${String(method.type)}), currency (${amount.currency}), and action (AUTH).`,
      "configuration",
    );
  }
  const returnUrl = requiredString(body, "returnUrl", "14_030", "Return URL is missing.");
  if (RAW_CARD_FIELDS.some((field) => method[field] !== undefined)) refuse(403, "010", "Not allowed", "security");
  const card = redeemCard(ctx.vault, method);
  const result = ctx.core.authorise({
    merchantAccount: ctx.merchantAccount,
    amount,
    reference,
    returnUrl,
    shopperLocale: typeof body.shopperLocale === "string" ? body.shopperLocale : undefined,
    card,
    additionalData: objectOf(body.additionalData),
  });
  if (result.kind === "invalid") refuse(422, result.errorCode, result.message);
  const payment = (result as Extract<typeof result, { kind: "payment" }>).payment;
  return { status: 200, body: ctx.core.paymentResponse(payment), keep: true };
}

function paymentsDetails(ctx: ApiContext, body: Record<string, unknown>): Answer {
  if (typeof body.details !== "object" || body.details === null) refuse(422, "000", "Required object 'details' is not provided.");
  const redirectResult = (body.details as Record<string, unknown>).redirectResult;
  if (typeof redirectResult !== "string" || redirectResult === "") refuse(422, "000", "Required field 'details.redirectResult' is not provided.");
  const result = ctx.core.details(redirectResult as string);
  if ("failure" in result) return failure(result.failure, false, ctx.core.pspReference());
  return { status: 200, body: result.ok, keep: true };
}

function sessions(ctx: ApiContext, body: Record<string, unknown>): Answer {
  checkMerchant(ctx, body);
  const amount = amountOf(body.amount);
  const reference = requiredString(body, "reference", "130", "Required field 'reference' is not provided.");
  const returnUrl = requiredString(body, "returnUrl", "14_030", "Return URL is missing.");
  const mode = body.mode === undefined ? "embedded" : body.mode;
  if (mode !== "embedded" && mode !== "hosted") refuse(422, "000", `Invalid mode: ${String(mode)}`);
  const now = ctx.now();
  let expiresAt = new Date(now.getTime() + 60 * 60 * 1000);
  if (body.expiresAt !== undefined) {
    const asked = new Date(String(body.expiresAt));
    if (Number.isNaN(asked.getTime())) refuse(422, "000", "Invalid expiresAt");
    if (asked.getTime() > now.getTime() + 24 * 60 * 60 * 1000) refuse(422, "000", "The session expiry cannot be more than 24 hours after creation.");
    expiresAt = asked;
  }
  const shopperLocale = typeof body.shopperLocale === "string" ? body.shopperLocale : "en-US";
  const session = ctx.core.createSession(body, {
    merchantAccount: ctx.merchantAccount,
    amount,
    reference,
    returnUrl,
    shopperLocale,
    countryCode: typeof body.countryCode === "string" ? body.countryCode : undefined,
    expiresAt,
    mode: mode as "embedded" | "hosted",
    manualCapture: objectOf(body.additionalData).manualCapture === "true",
    request: body,
  });
  return {
    status: 201,
    body: {
      ...body,
      amount,
      expiresAt: isoWithOffset(expiresAt),
      id: session.id,
      merchantAccount: ctx.merchantAccount,
      mode,
      reference,
      returnUrl,
      shopperLocale,
      sessionData: session.sessionData,
      ...(mode === "hosted" ? { url: ctx.core.hostedUrl(session) } : {}),
    },
    keep: true,
  };
}

function modify(ctx: ApiContext, psp: string, operation: string, body: Record<string, unknown>): Answer {
  checkMerchant(ctx, body);
  const kind = ({ captures: "capture", cancels: "cancel", refunds: "refund", reversals: "reversal" } as const)[operation as "captures"]!;
  const amount = kind === "capture" || kind === "refund" ? amountOf(body.amount) : undefined;
  const reference = typeof body.reference === "string" ? body.reference : undefined;
  const result = ctx.core.modify(kind, psp, ctx.merchantAccount, { amount, reference });
  if ("failure" in result) return failure(result.failure, false, ctx.core.pspReference());
  return { status: 201, body: result.ok, keep: true };
}

function cancels(ctx: ApiContext, body: Record<string, unknown>): Answer {
  checkMerchant(ctx, body);
  const paymentReference = requiredString(body, "paymentReference", "000", "Required field 'paymentReference' is not provided.");
  const reference = typeof body.reference === "string" ? body.reference : undefined;
  return { status: 201, body: ctx.core.technicalCancel(ctx.merchantAccount, paymentReference, reference), keep: true };
}

// ---- plumbing -------------------------------------------------------------------------------------------------

/** ISO 8601 with an offset, as Adyen writes dates (2022-01-11T13:53:18+00:00). */
export function isoWithOffset(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error("request body too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
