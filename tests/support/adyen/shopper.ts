import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { standInLoadingContext } from "../../../app/components/payment/adyen-config";
import { deviceFingerprintFrame, securedFieldFrame } from "./securedfields-frame";
import type { CardField, CardVault } from "./vault";

/**
 * The Adyen stand-in's browser-facing side: what Adyen Web (the Card component of the payment page) loads and calls
 * in the browser, served on the stand-in's plain-http shopper listener. Adyen Web is pointed there with
 * `_environmentUrls` (api, analytics and cdn all at `standInLoadingContext(shopperUrl)`: see
 * app/components/payment/adyen-config.ts for why that is `<origin>/checkoutshopper/<shopperUrl's path>`).
 *
 * - securedfields/<clientKey>/<version>/securedFields.html?type=card&d=<base64 origin>: the secured field of each
 *   card iframe (card number, expiry date, security code; securedfields-frame.ts is its script), framed only by the
 *   origin `d` names (frame-ancestors), talking only to it. What the shopper types is POSTed to
 *   securedfields/<clientKey>/<version>/vault, same origin as the iframe, which keeps it in the CardVault and answers
 *   a token: the blob Adyen Web puts in `paymentMethod` (encryptedCardNumber…). Nothing typed reaches the page.
 * - v3/bin/binLookup: Adyen's BIN lookup, from the frame's encrypted BIN (a token of this side's own BIN store):
 *   the brand (visa, mc, amex by BIN), whether the merchant takes it, its PAN length. Adyen Web sets
 *   `paymentMethod.brand` from it and refuses an unsupported brand.
 * - v3/analytics: the checkout-attempt id Adyen Web asks for even with analytics off (`level: "initial"`), the
 *   integration flavour it reports and, were analytics on, its events (accepted and dropped).
 * - sdk/<version>/translations/es-ES.json and ar.json: the Spanish and Arabic texts Adyen Web fetches for es-* and
 *   ar (en-US is built into Adyen Web); other locales 404, and Adyen Web falls back to English.
 * - images/logos/*.svg, images/components/*.svg: brand logos and field hints, drawn here.
 * - assets/html/<clientKey>/dfp.1.0.0.html: the risk module's device-fingerprint frame.
 *
 * Nothing typed is logged; values go nowhere but the vault.
 */
export interface ShopperContext {
  vault: CardVault;
  clientKey: string;
  /** e.g. http://127.0.0.1:PORT */
  origin: string;
  /** e.g. http://127.0.0.1:PORT/checkoutshopper-test/ */
  shopperUrl: string;
}

/** Answers the request and returns true, or returns false (the server answers 404). */
export function handleShopperRequest(req: IncomingMessage, res: ServerResponse, url: URL, ctx: ShopperContext): boolean | Promise<boolean> {
  const base = new URL(standInLoadingContext(ctx.shopperUrl)).pathname;
  if (!url.pathname.startsWith(base)) return false;
  const path = url.pathname.slice(base.length);
  const method = req.method ?? "GET";

  let match = /^securedfields\/([^/]+)\/([\w.-]+)\/securedFields\.html$/.exec(path);
  if (match && (method === "GET" || method === "HEAD")) return securedFieldsPage(req, res, url, ctx, decodeURIComponent(match[1]));

  match = /^securedfields\/([^/]+)\/([\w.-]+)\/vault$/.exec(path);
  if (match && method === "POST") return vault(req, res, ctx, decodeURIComponent(match[1]));

  match = /^assets\/html\/([^/]+)\/dfp\.[\w.]+\.html$/.exec(path);
  if (match && (method === "GET" || method === "HEAD")) {
    if (decodeURIComponent(match[1]) !== ctx.clientKey) return text(res, 403, "Unknown client key");
    return page(res, FINGERPRINT_PAGE, [`script-src '${FINGERPRINT_SCRIPT_HASH}'`, "frame-ancestors http: https:"]);
  }

  if (path === "v3/bin/binLookup") {
    if (method === "OPTIONS") return preflight(req, res);
    if (method === "POST") return binLookup(req, res, url, ctx);
  }

  if (path === "v3/analytics" || /^v3\/analytics\/[\w-]+$/.test(path)) {
    if (method === "OPTIONS") return preflight(req, res);
    if (method === "POST") return analytics(req, res, url, ctx, path);
  }

  match = /^sdk\/[\w.-]+\/translations\/([\w-]+)\.json$/.exec(path);
  if (match) {
    if (method === "OPTIONS") return preflight(req, res);
    if (method === "GET" || method === "HEAD") {
      const translations = match[1] === "es-ES" ? SPANISH : match[1] === "ar" ? ARABIC : null;
      return json(req, res, translations ? 200 : 404, translations ?? { status: 404, errorCode: "404", message: "Not found", errorType: "validation" });
    }
  }

  match = /^images\/(logos|components)\/(?:small\/|medium\/|large\/)?([\w-]+)\.svg$/.exec(path);
  if (match && (method === "GET" || method === "HEAD")) {
    res.writeHead(200, {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400",
      "Content-Security-Policy": "default-src 'none'",
      "Cross-Origin-Resource-Policy": "cross-origin",
      "X-Content-Type-Options": "nosniff",
    });
    res.end(method === "HEAD" ? undefined : match[1] === "logos" ? logo(match[2]) : hint(match[2]));
    return true;
  }

  return false;
}

// --- The secured field's page -----------------------------------------------------------------------------------

/**
 * A toolchain that keeps function names (tsx, esbuild's keepNames) wraps nested functions in `__name(fn, "name")`:
 * the browser gets a `__name` that returns its argument, so the emitted text runs as it is.
 */
const NAME_SHIM = "var __name = function (target) { return target; };\n";
const FRAME_SCRIPT = `${NAME_SHIM}(${String(securedFieldFrame)})();`;
const FINGERPRINT_SCRIPT = `${NAME_SHIM}(${String(deviceFingerprintFrame)})();`;

const FRAME_STYLE = [
  "html, body { margin: 0; padding: 0; height: 100%; background: transparent; overflow: hidden; }",
  "body { font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; }",
  "#field { box-sizing: border-box; display: block; width: 100%; height: 100%; margin: 0; padding: 0; border: 0; outline: none; background: transparent; color: #00112c; font: inherit; font-size: 16px; }",
  "#field::placeholder { color: #687282; opacity: 1; }",
  ".visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }",
].join("\n");

const sha256 = (source: string): string => `sha256-${createHash("sha256").update(source).digest("base64")}`;
const FRAME_SCRIPT_HASH = sha256(FRAME_SCRIPT);
const FRAME_STYLE_HASH = sha256(FRAME_STYLE);
const FINGERPRINT_SCRIPT_HASH = sha256(FINGERPRINT_SCRIPT);

// The field's text, label and error are filled in by the script from the page's config (its ariaConfig).
const FRAME_PAGE = [
  "<!doctype html>",
  '<html lang="en">',
  '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
  `<title></title><style id="styles">${FRAME_STYLE}</style></head>`,
  "<body>",
  '<label id="label" class="visually-hidden" for="field"></label>',
  '<input id="field" type="text" inputmode="numeric" autocomplete="off" autocorrect="off" autocapitalize="off" spellcheck="false" disabled>',
  '<span id="context" class="visually-hidden"></span><span id="error" class="visually-hidden"></span>',
  `<script>${FRAME_SCRIPT}</script>`,
  "</body></html>",
].join("\n");

const FINGERPRINT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Device fingerprint</title></head><body><script>${FINGERPRINT_SCRIPT}</script></body></html>`;

/** The origin `d` names (Adyen Web's btoa(window.location.origin)), or null when it names none. */
function framingOrigin(d: string | null): string | null {
  if (!d) return null;
  try {
    const named = Buffer.from(d, "base64").toString("utf8");
    const origin = new URL(named).origin;
    return (origin.startsWith("http://") || origin.startsWith("https://")) && origin === named.replace(/\/$/, "") ? origin : null;
  } catch {
    return null;
  }
}

function securedFieldsPage(req: IncomingMessage, res: ServerResponse, url: URL, ctx: ShopperContext, clientKey: string): boolean {
  if (clientKey !== ctx.clientKey) return text(res, 403, "Unknown client key");
  const type = url.searchParams.get("type");
  if (type !== "card" && type !== "cardCompat") return text(res, 404, "Only card secured fields are served here");
  const parentOrigin = framingOrigin(url.searchParams.get("d"));
  if (!parentOrigin) return text(res, 400, "The d parameter must name the framing page's origin");
  // Adyen Web frames the field with referrerpolicy="origin": the page that frames it must be the one `d` names.
  const referer = req.headers.referer;
  if (referer && safeOrigin(referer) !== parentOrigin) return text(res, 403, "Framed by another origin than d names");
  return page(res, FRAME_PAGE, [
    `script-src '${FRAME_SCRIPT_HASH}'`,
    `style-src '${FRAME_STYLE_HASH}'`,
    "connect-src 'self'",
    `frame-ancestors ${parentOrigin}`,
  ]);
}

function page(res: ServerResponse, html: string, directives: string[]): true {
  res.writeHead(200, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": ["default-src 'none'", ...directives, "base-uri 'none'", "form-action 'none'"].join("; "),
    "Cache-Control": "no-cache",
    // Same-origin requests (the field's POST to the vault) keep their Origin; other origins get no referrer.
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(html);
  return true;
}

// --- The vault (what the secured fields POST) --------------------------------------------------------------------

/** What each field may keep: the vault takes only values a secured field sends once complete and valid. */
const STORABLE: Record<CardField | "bin", RegExp> = {
  encryptedCardNumber: /^\d{12,19}$/,
  encryptedExpiryMonth: /^(0[1-9]|1[0-2])$/,
  encryptedExpiryYear: /^20\d{2}$/,
  encryptedSecurityCode: /^\d{3,4}$/,
  bin: /^\d{6,8}$/,
};

/** The BINs the frames looked up, by token (per vault, so per stand-in): at most this many, the oldest dropped. */
const BIN_LIMIT = 10_000;
const bins = new WeakMap<CardVault, Map<string, string>>();

async function vault(req: IncomingMessage, res: ServerResponse, ctx: ShopperContext, clientKey: string): Promise<boolean> {
  // Only the stand-in's own frames (same origin) may store: a page elsewhere cannot fill the vault or read a token.
  if (req.headers.origin !== ctx.origin || clientKey !== ctx.clientKey) return text(res, 403, "Forbidden");
  if (!String(req.headers["content-type"]).startsWith("application/json")) return text(res, 415, "JSON only");
  const body = await readJson(req);
  const field = body?.field;
  const value = body?.value;
  if (typeof field !== "string" || typeof value !== "string" || !Object.hasOwn(STORABLE, field) || !STORABLE[field as keyof typeof STORABLE].test(value)) {
    return text(res, 422, "Not a value a secured field keeps");
  }
  let token: string;
  if (field === "bin") {
    const store = bins.get(ctx.vault) ?? new Map<string, string>();
    bins.set(ctx.vault, store);
    token = `adyenjs_standin_bin_${randomBytes(18).toString("base64url")}`;
    store.set(token, value);
    if (store.size > BIN_LIMIT) store.delete(store.keys().next().value as string);
  } else {
    token = ctx.vault.store(field as CardField, value);
  }
  res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
  res.end(JSON.stringify({ token }));
  return true;
}

// --- Adyen's checkoutshopper API: BIN lookup, analytics ----------------------------------------------------------

const BIN_BRANDS: { brand: string; pattern: RegExp; panLength: number; localeBrand: string }[] = [
  { brand: "visa", pattern: /^4/, panLength: 16, localeBrand: "VISA" },
  { brand: "mc", pattern: /^(5[1-5]|2[2-7])/, panLength: 16, localeBrand: "MasterCard" },
  { brand: "amex", pattern: /^3[47]/, panLength: 15, localeBrand: "American Express" },
];

async function binLookup(req: IncomingMessage, res: ServerResponse, url: URL, ctx: ShopperContext): Promise<boolean> {
  if (url.searchParams.get("token") !== ctx.clientKey) return json(req, res, 401, unauthorized());
  const body = await readJson(req);
  const requestId = typeof body?.requestId === "string" ? body.requestId : undefined;
  const bin = typeof body?.encryptedBin === "string" ? bins.get(ctx.vault)?.get(body.encryptedBin) : undefined;
  const known = bin ? BIN_BRANDS.find((b) => b.pattern.test(bin)) : undefined;
  // A BIN the stand-in does not know answers only the request id, as Adyen's does for a BIN not in its tables.
  if (!known) return json(req, res, 200, { requestId });
  const supportedBrands = Array.isArray(body?.supportedBrands) ? body.supportedBrands : ["amex", "mc", "visa"];
  return json(req, res, 200, {
    requestId,
    issuingCountryCode: "MX",
    brands: [
      {
        brand: known.brand,
        localeBrand: known.localeBrand,
        paymentMethodVariant: known.brand,
        supported: supportedBrands.includes(known.brand),
        enableLuhnCheck: true,
        cvcPolicy: "required",
        expiryDatePolicy: "required",
        panLength: known.panLength,
        showSocialSecurityNumber: false,
      },
    ],
  });
}

async function analytics(req: IncomingMessage, res: ServerResponse, url: URL, ctx: ShopperContext, path: string): Promise<boolean> {
  if (url.searchParams.get("clientKey") !== ctx.clientKey) return json(req, res, 401, unauthorized());
  const body = await readJson(req);
  // The attempt id (asked for at start, even with analytics off); the flavour report and any events are dropped.
  if (path === "v3/analytics" && body && !("flavor" in body)) {
    return json(req, res, 200, { checkoutAttemptId: `${randomUUID()}${randomBytes(24).toString("hex")}` });
  }
  res.writeHead(204, corsHeaders(req));
  res.end();
  return true;
}

const unauthorized = () => ({ status: 401, errorCode: "000", message: "HTTP Status Response - Unauthorized", errorType: "security" });

// --- Translations: the Card's texts in Spanish (what Adyen Web asks for es-*, merged over its built-in English) ---

const SPANISH: Record<string, string> = {
  payButton: "Pagar",
  "payButton.redirecting": "Redirigiendo…",
  payAmountFormat: "Pagar %@",
  continue: "Continuar",
  loading: "Cargando…",
  loaded: "Cargado",
  "form.instruction": "Todos los campos son obligatorios salvo que se indique lo contrario.",
  "field.title.optional": "(opcional)",
  "field.valid": "Campo válido",
  "field.invalid": "Campo no válido",
  "field.error.required": "Introduce: %{label}",
  "field.error.invalid": "Ingresa un valor válido: %{label}",
  "creditCard.cardNumber.label": "Número de tarjeta",
  "creditCard.expiryDate.label": "Fecha de vencimiento",
  "creditCard.expiryDate.contextualText": "Frente de la tarjeta, en formato MM/AA",
  "creditCard.securityCode.label": "Código de seguridad",
  "creditCard.securityCode.label.optional": "Código de seguridad (opcional)",
  "creditCard.securityCode.contextualText.3digits": "3 dígitos al reverso de la tarjeta",
  "creditCard.securityCode.contextualText.4digits": "4 dígitos al frente de la tarjeta",
  "creditCard.encryptedCardNumber.aria.iframeTitle": "Número de tarjeta",
  "creditCard.encryptedExpiryDate.aria.iframeTitle": "Fecha de vencimiento",
  "creditCard.encryptedSecurityCode.aria.iframeTitle": "Código de seguridad",
  "creditCard.holderName": "Nombre en la tarjeta",
  "creditCard.holderName.invalid": "Ingresa el nombre como aparece en la tarjeta",
  "creditCard.dualBrand.title": "Marca de la tarjeta",
  "creditCard.dualBrand.description": "Puedes elegir la marca con la que prefieres pagar. Es opcional.",
  "creditCard.storedCard.description.ariaLabel": "La tarjeta guardada termina en %@",
  "creditCard.success": "Pago realizado",
  "error.title": "Error",
  "error.subtitle.redirect": "Falló la redirección",
  "error.subtitle.payment": "Falló el pago",
  "error.subtitle.refused": "Pago rechazado",
  "error.message.unknown": "Ocurrió un error desconocido",
  "err.gen.9100": "Campo incompleto",
  "err.gen.9101": "Campo no válido",
  "err.gen.9102": "Error al leer los datos",
  "cc.num.900": "Ingresa el número de tarjeta",
  "cc.num.901": "Ingresa el número de tarjeta completo",
  "cc.num.902": "Ingresa un número de tarjeta válido",
  "cc.num.903": "Ingresa una tarjeta de una marca aceptada",
  "cc.num.904": "Este tipo de tarjeta no se acepta",
  "cc.dat.910": "Ingresa la fecha de vencimiento. Frente de la tarjeta, en formato MM/AA.",
  "cc.dat.911": "Ingresa la fecha de vencimiento completa. Frente de la tarjeta, en formato MM/AA.",
  "cc.dat.912": "Ingresa una fecha de vencimiento válida. Frente de la tarjeta, en formato MM/AA.",
  "cc.dat.913": "Ingresa una fecha de vencimiento válida. Frente de la tarjeta, en formato MM/AA.",
  "cc.dat.914": "La tarjeta está por vencer",
  "cc.mth.915": "Ingresa el mes de vencimiento",
  "cc.yr.917": "Ingresa el año de vencimiento",
  "cc.yr.918": "Ingresa el año de vencimiento completo",
  "cc.cvc.920": "Ingresa el código de seguridad. 3 dígitos al reverso de la tarjeta.",
  "cc.cvc.921": "Ingresa el código de seguridad completo. 3 dígitos al reverso de la tarjeta.",
  "cc.cvc.920.amex": "Ingresa el código de seguridad. 4 dígitos al frente de la tarjeta.",
  "cc.cvc.921.amex": "Ingresa el código de seguridad completo. 4 dígitos al frente de la tarjeta.",
  installments: "Número de mensualidades",
};

// The same texts in Arabic (what Adyen Web asks for the ar locale).
const ARABIC: Record<string, string> = {
  payButton: "ادفع",
  "payButton.redirecting": "جارٍ التحويل…",
  payAmountFormat: "ادفع %@",
  continue: "متابعة",
  loading: "جارٍ التحميل…",
  loaded: "تم التحميل",
  "form.instruction": "جميع الحقول مطلوبة ما لم يُذكر خلاف ذلك.",
  "field.title.optional": "(اختياري)",
  "field.valid": "حقل صالح",
  "field.invalid": "حقل غير صالح",
  "field.error.required": "أدخل %{label}",
  "field.error.invalid": "أدخل قيمة صالحة: %{label}",
  "creditCard.cardNumber.label": "رقم البطاقة",
  "creditCard.expiryDate.label": "تاريخ الانتهاء",
  "creditCard.expiryDate.contextualText": "على وجه البطاقة، بصيغة MM/YY",
  "creditCard.securityCode.label": "رمز الأمان",
  "creditCard.securityCode.label.optional": "رمز الأمان (اختياري)",
  "creditCard.securityCode.contextualText.3digits": "3 أرقام على ظهر البطاقة",
  "creditCard.securityCode.contextualText.4digits": "4 أرقام على وجه البطاقة",
  "creditCard.encryptedCardNumber.aria.iframeTitle": "رقم البطاقة",
  "creditCard.encryptedExpiryDate.aria.iframeTitle": "تاريخ الانتهاء",
  "creditCard.encryptedSecurityCode.aria.iframeTitle": "رمز الأمان",
  "creditCard.holderName": "الاسم على البطاقة",
  "creditCard.holderName.invalid": "أدخل الاسم كما يظهر على البطاقة",
  "creditCard.dualBrand.title": "علامة البطاقة",
  "creditCard.dualBrand.description": "يمكنك اختيار العلامة التي تفضّل الدفع بها. هذا اختياري.",
  "creditCard.storedCard.description.ariaLabel": "البطاقة المحفوظة تنتهي بـ %@",
  "creditCard.success": "تم الدفع",
  "error.title": "خطأ",
  "error.subtitle.redirect": "فشل التحويل",
  "error.subtitle.payment": "فشل الدفع",
  "error.subtitle.refused": "رُفض الدفع",
  "error.message.unknown": "حدث خطأ غير معروف",
  "err.gen.9100": "حقل غير مكتمل",
  "err.gen.9101": "حقل غير صالح",
  "err.gen.9102": "خطأ في قراءة البيانات",
  "cc.num.900": "أدخل رقم البطاقة",
  "cc.num.901": "أدخل رقم البطاقة كاملًا",
  "cc.num.902": "أدخل رقم بطاقة صالحًا",
  "cc.num.903": "أدخل بطاقة من علامة مقبولة",
  "cc.num.904": "هذا النوع من البطاقات غير مقبول",
  "cc.dat.910": "أدخل تاريخ الانتهاء. على وجه البطاقة، بصيغة MM/YY.",
  "cc.dat.911": "أدخل تاريخ الانتهاء كاملًا. على وجه البطاقة، بصيغة MM/YY.",
  "cc.dat.912": "أدخل تاريخ انتهاء صالحًا. على وجه البطاقة، بصيغة MM/YY.",
  "cc.dat.913": "أدخل تاريخ انتهاء صالحًا. على وجه البطاقة، بصيغة MM/YY.",
  "cc.dat.914": "البطاقة على وشك الانتهاء",
  "cc.mth.915": "أدخل شهر الانتهاء",
  "cc.yr.917": "أدخل سنة الانتهاء",
  "cc.yr.918": "أدخل سنة الانتهاء كاملة",
  "cc.cvc.920": "أدخل رمز الأمان. 3 أرقام على ظهر البطاقة.",
  "cc.cvc.921": "أدخل رمز الأمان كاملًا. 3 أرقام على ظهر البطاقة.",
  "cc.cvc.920.amex": "أدخل رمز الأمان. 4 أرقام على وجه البطاقة.",
  "cc.cvc.921.amex": "أدخل رمز الأمان كاملًا. 4 أرقام على وجه البطاقة.",
  installments: "عدد الأقساط",
};

// --- Images ------------------------------------------------------------------------------------------------------

const LOGO_COLOURS: Record<string, [string, string, string]> = {
  visa: ["#1a1f71", "#ffffff", "VISA"],
  mc: ["#231f20", "#ffffff", "MC"],
  amex: ["#2e77bc", "#ffffff", "AMEX"],
};

function logo(name: string): string {
  if (name === "nocard" || name === "card") {
    return '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="26" viewBox="0 0 40 26"><rect x="0.5" y="0.5" width="39" height="25" rx="3" fill="#fff" stroke="#b9c4c9"/><rect x="0.5" y="6" width="39" height="4" fill="#b9c4c9"/></svg>';
  }
  const [fill, ink, label] = LOGO_COLOURS[name] ?? ["#f3f6f9", "#00112c", name.slice(0, 6).toUpperCase()];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="26" viewBox="0 0 40 26" role="img"><rect width="40" height="26" rx="3" fill="${fill}"/><text x="20" y="17" fill="${ink}" font-family="Arial, sans-serif" font-size="${label.length > 4 ? 7 : 9}" font-weight="700" text-anchor="middle">${label}</text></svg>`;
}

function hint(name: string): string {
  if (name.includes("lock")) {
    return '<svg xmlns="http://www.w3.org/2000/svg" width="14" height="14" viewBox="0 0 14 14"><rect x="2" y="6" width="10" height="7" rx="1" fill="#fff"/><path d="M4 6V4a3 3 0 0 1 6 0v2" fill="none" stroke="#fff" stroke-width="1.5"/></svg>';
  }
  return '<svg xmlns="http://www.w3.org/2000/svg" width="27" height="18" viewBox="0 0 27 18"><rect x="0.5" y="0.5" width="26" height="17" rx="2" fill="#fff" stroke="#b9c4c9"/><rect x="4" y="10" width="12" height="3" rx="1" fill="#b9c4c9"/></svg>';
}

// --- HTTP helpers ------------------------------------------------------------------------------------------------

function safeOrigin(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** Adyen's checkoutshopper endpoints answer the pages of the origins a client key allows: here, any web origin. */
function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  return {
    "Access-Control-Allow-Origin": origin && /^https?:\/\//.test(origin) ? origin : "*",
    Vary: "Origin",
  };
}

function preflight(req: IncomingMessage, res: ServerResponse): true {
  res.writeHead(204, {
    ...corsHeaders(req),
    "Access-Control-Allow-Methods": "GET, POST",
    "Access-Control-Allow-Headers": "Content-Type, Accept",
    "Access-Control-Max-Age": "600",
  });
  res.end();
  return true;
}

function json(req: IncomingMessage, res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { ...corsHeaders(req), "Content-Type": "application/json", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
  res.end(req.method === "HEAD" ? undefined : JSON.stringify(body));
  return true;
}

function text(res: ServerResponse, status: number, message: string): true {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
  res.end(message);
  return true;
}

/** A small JSON body (16 KiB at most), or null when it is not one. */
async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16 * 1024) return null;
    chunks.push(chunk as Buffer);
  }
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
