import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type FrameLocator, type Page } from "@playwright/test";
import { build } from "esbuild";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { AdyenCard, type AdyenCardConfig, adyenLocale } from "~/components/payment/AdyenCard";
import { handleShopperRequest, type ShopperContext } from "../support/adyen/shopper";
import { CardVault } from "../support/adyen/vault";

/**
 * The payment page's card form in Chromium: the real AdyenCard component and Adyen Web (bundled here with esbuild,
 * its own chunk as in the app) against the stand-in's browser side (tests/support/adyen/shopper.ts) and its card
 * vault. The page is served from one origin, the stand-in from another, as Adyen's would be; the page carries the
 * storefront's Content-Security-Policy plus what the card form needs, and any violation fails the test.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const CLIENT_KEY = "test_STANDIN4CARDFORMTESTS0000000";
const paymentMethods = (brands = ["visa", "mc", "amex"]) => ({ paymentMethods: [{ type: "scheme", name: "Tarjeta de crédito o débito", brands }] });

// The page: AdyenCard with the page's callbacks routed to the test (exposed functions), as the route would.
const ENTRY = `
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { AdyenCard, adyenCardLinks } from "./app/components/payment/AdyenCard";
// What the route's links() would render in the document's head.
for (const { rel, href } of adyenCardLinks()) document.head.append(Object.assign(document.createElement("link"), { rel, href }));
const config = JSON.parse(document.getElementById("card-config").textContent);
const page = window;
createRoot(document.getElementById("root")).render(createElement(AdyenCard, {
  config,
  onPay: (data) => page.harnessPay(data),
  onAdditionalDetails: (data) => page.harnessDetails(data),
  onFailure: (reason) => page.harnessFailure(reason),
  payLabel: "Pagar $349.00",
}));
`;

interface Served {
  server: Server;
  origin: string;
}

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Served> {
  const server = createServer(handler);
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });
}

let vault: CardVault;
let shopper: Served;
let shopperUrl: string;
let site: Served;
let browser: Browser;
const assets = new Map<string, { type: string; body: Uint8Array }>();

beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: ENTRY, resolveDir: ROOT, loader: "tsx", sourcefile: "entry.tsx" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2020",
    jsx: "automatic",
    minify: true,
    write: false,
    outdir: "/assets",
    publicPath: "/assets",
    entryNames: "entry-[hash]",
    chunkNames: "chunk-[hash]",
    assetNames: "[name]-[hash]",
    loader: { ".css": "file" },
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  });
  for (const file of bundle.outputFiles) {
    const type = file.path.endsWith(".js") ? "text/javascript" : file.path.endsWith(".css") ? "text/css" : "application/octet-stream";
    assets.set(file.path, { type, body: file.contents });
  }

  vault = new CardVault();
  shopper = await listen((req, res) => {
    const url = new URL(req.url ?? "/", shopper.origin);
    const ctx: ShopperContext = { vault, clientKey: CLIENT_KEY, origin: shopper.origin, shopperUrl };
    Promise.resolve(handleShopperRequest(req, res, url, ctx)).then(
      (handled) => {
        if (!handled) res.writeHead(404).end();
      },
      () => res.writeHead(500).end(),
    );
  });
  shopperUrl = `${shopper.origin}/checkoutshopper-test/`;

  site = await listen((req, res) => {
    const url = new URL(req.url ?? "/", site.origin);
    const asset = assets.get(url.pathname);
    if (asset) {
      res.writeHead(200, { "Content-Type": asset.type }).end(asset.body);
    } else if (url.pathname === "/pay") {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": pageCsp() }).end(paymentPage(url.searchParams.get("lng") ?? "es", url.searchParams.get("key") ?? CLIENT_KEY, url.searchParams.get("brands")?.split(",")));
    } else if (url.pathname === "/3ds") {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end("<!doctype html><title>3-D Secure</title><link rel=\"icon\" href=\"data:,\"><p>Issuer</p>");
    } else {
      res.writeHead(404).end();
    }
  });

  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([shopper, site].map((s) => (s ? new Promise((resolve) => s.server.close(resolve)) : undefined)));
});

/**
 * The storefront's own policy (app/entry.server.tsx) with the sources the card form adds: the stand-in's origin
 * for the secured-field frames, the BIN lookup, analytics set-up and translations, and its logos.
 */
function pageCsp(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${shopper.origin}`,
    `connect-src 'self' ${shopper.origin}`,
    `frame-src ${shopper.origin}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

function cardConfig(lng: "es" | "en" | "ar", clientKey = CLIENT_KEY, brands?: string[]): AdyenCardConfig {
  return {
    clientKey,
    environment: "test",
    shopperUrl,
    locale: adyenLocale(lng),
    countryCode: "MX",
    amount: { value: 34900, currency: "MXN" },
    paymentMethodsResponse: paymentMethods(brands),
  };
}

function paymentPage(lng: string, clientKey: string, brands?: string[]): string {
  const language = lng === "en" || lng === "ar" ? lng : "es";
  const config = JSON.stringify(cardConfig(language, clientKey, brands)).replace(/</g, "\\u003c");
  const entry = [...assets.keys()].find((path) => /\/entry-[^/]+\.js$/.test(path));
  return `<!doctype html><html lang="${language}" dir="${language === "ar" ? "rtl" : "ltr"}"><head><meta charset="utf-8"><title>Pago</title><link rel="icon" href="data:,">
</head><body><main><h1>Pago</h1><div id="root"></div></main>
<script type="application/json" id="card-config">${config}</script><script type="module" src="${entry}"></script></body></html>`;
}

interface Harness {
  context: BrowserContext;
  page: Page;
  pays: Record<string, unknown>[];
  failures: string[];
  problems: string[];
  /** What the page itself (not the stand-in's frames) sent: bodies and URLs. */
  pageTraffic: string[];
  number: FrameLocator;
  expiry: FrameLocator;
  cvc: FrameLocator;
}

async function load(answer: (data: Record<string, unknown>) => unknown, query: string): Promise<Harness> {
  const context = await browser.newContext({ locale: "es-MX" });
  const page = await context.newPage();
  const harness: Harness = {
    context,
    page,
    pays: [],
    failures: [],
    problems: [],
    pageTraffic: [],
    number: page.frameLocator('[data-cse="encryptedCardNumber"] iframe'),
    expiry: page.frameLocator('[data-cse="encryptedExpiryDate"] iframe'),
    cvc: page.frameLocator('[data-cse="encryptedSecurityCode"] iframe'),
  };
  await page.exposeFunction("harnessPay", async (data: Record<string, unknown>) => {
    harness.pays.push(data);
    return answer(data);
  });
  await page.exposeFunction("harnessDetails", async () => null);
  await page.exposeFunction("harnessFailure", async (reason: string) => {
    harness.failures.push(reason);
  });
  page.on("console", (message) => {
    if (message.type() === "error" || /Content Security Policy|Refused to/i.test(message.text())) harness.problems.push(message.text());
  });
  page.on("pageerror", (error) => harness.problems.push(String(error)));
  page.on("response", (response) => {
    if (response.status() >= 400) harness.problems.push(`${response.status()} ${response.url()}`);
  });
  page.on("request", (request) => {
    if (request.frame() === page.mainFrame()) harness.pageTraffic.push(`${request.url()} ${request.postData() ?? ""}`);
  });
  await page.goto(`${site.origin}/pay?${query}`);
  return harness;
}

/** The payment page with its card form ready: Adyen Web configured its secured fields. */
async function open(answer: (data: Record<string, unknown>) => unknown = () => null, query = "lng=es"): Promise<Harness> {
  const harness = await load(answer, query);
  const { page } = harness;
  // Ready: Adyen Web configured its secured fields (the pay button stops being aria-disabled).
  try {
    await page.locator('.adyen-card__pay[aria-disabled="false"]').waitFor({ timeout: 30_000 });
  } catch (error) {
    throw new Error(`The card form did not get ready: ${harness.problems.join(" | ")} ${harness.failures.join(" ")}`, { cause: error });
  }
  return harness;
}

async function typeCard(h: Harness, number: string, expiry: string, cvc: string) {
  await h.number.locator("input").pressSequentially(number);
  await h.expiry.locator("input").pressSequentially(expiry);
  await h.cvc.locator("input").pressSequentially(cvc);
}

/** Whether the field in that frame has the keyboard focus. */
const focused = (frame: FrameLocator) => frame.locator("input").evaluate((input) => document.hasFocus() && document.activeElement === input);

const valid = (h: Harness, field: string) => h.page.locator(`[data-cse="${field}"].adyen-checkout__input--valid`).waitFor({ timeout: 15_000 });
/**
 * Adyen Web's own state complete (its onChange marks the form, app/components/payment/AdyenCard.tsx): it follows the
 * fields' marks, and a pay before it only validates.
 */
const complete = (h: Harness) => h.page.locator('.adyen-card__form[data-valid="true"]').waitFor({ timeout: 15_000 });

describe("Adyen Web's Card against the stand-in's secured fields", () => {
  test("renders only its container and pay button on the server", () => {
    const html = renderToString(
      createElement(AdyenCard, {
        config: cardConfig("es"),
        onPay: async () => null,
        onAdditionalDetails: async () => null,
        onFailure: () => undefined,
        payLabel: "Pagar $349.00",
      }),
    );
    expect(html).toContain("adyen-card__form");
    expect(html).toContain(">Pagar $349.00</button>");
    expect(html).toContain('aria-disabled="true"');
    expect(adyenLocale("es")).toBe("es-MX");
    expect(adyenLocale("en")).toBe("en-US");
    expect(adyenLocale("ar")).toBe("ar");
  });

  test("a Visa card typed into the iframes reaches onPay as vault tokens, with the brand", { timeout: 90_000 }, async () => {
    const h = await open();
    try {
      // The fields are labelled in Spanish inside their frames (Adyen Web's ariaConfig, from the stand-in's es-ES texts).
      await expect(h.number.getByRole("textbox", { name: "Número de tarjeta" }).count()).resolves.toBe(1);
      await expect(h.expiry.getByRole("textbox", { name: "Fecha de vencimiento" }).count()).resolves.toBe(1);
      await expect(h.cvc.getByRole("textbox", { name: "Código de seguridad" }).count()).resolves.toBe(1);
      expect(await h.page.locator('[data-cse="encryptedCardNumber"] iframe').getAttribute("title")).toBe("Número de tarjeta");

      await typeCard(h, "4111 1111 4555 1142", "0330", "737");
      expect(await h.number.locator("input").inputValue()).toBe("4111 1111 4555 1142");
      expect(await h.expiry.locator("input").inputValue()).toBe("03/30");
      for (const field of ["encryptedCardNumber", "encryptedExpiryDate", "encryptedSecurityCode"]) await valid(h, field);
      // The brand from the stand-in's BIN lookup: the Visa logo.
      await h.page.locator('.adyen-checkout__card__cardNumber__brandIcon[alt="VISA"]').waitFor({ timeout: 15_000 });
      await complete(h);

      await h.page.getByRole("button", { name: "Pagar $349.00" }).click();
      await vi.waitFor(() => expect(h.pays).toHaveLength(1), { timeout: 15_000, interval: 50 });

      const data = h.pays[0];
      const method = data.paymentMethod as Record<string, string>;
      expect(method.type).toBe("scheme");
      expect(method.brand).toBe("visa");
      expect(vault.redeem("encryptedCardNumber", method.encryptedCardNumber)).toBe("4111111145551142");
      expect(vault.redeem("encryptedExpiryMonth", method.encryptedExpiryMonth)).toBe("03");
      expect(vault.redeem("encryptedExpiryYear", method.encryptedExpiryYear)).toBe("2030");
      expect(vault.redeem("encryptedSecurityCode", method.encryptedSecurityCode)).toBe("737");
      expect(data.browserInfo).toMatchObject({ language: expect.any(String), userAgent: expect.any(String) });
      // Card data never reaches the page: not in what onPay got, not in anything the page sent.
      const seen = JSON.stringify(data) + h.pageTraffic.join("\n");
      for (const secret of ["4111111145551142", "4111 1111 4555 1142", '"737"']) expect(seen).not.toContain(secret);
      expect(h.failures).toEqual([]);
      expect(h.problems).toEqual([]);
    } finally {
      await h.context.close();
    }
  });

  test("a card number left while the vault's answer is on its way stays valid (a slow network)", { timeout: 90_000 }, async () => {
    const h = await open();
    try {
      // The number's vault answer is held until the shopper has moved on and typed the rest of the card.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding = 0;
      await h.context.route(/\/vault$/, async (route) => {
        if (JSON.parse(route.request().postData() ?? "{}").field === "encryptedCardNumber") {
          holding += 1;
          await held;
        }
        await route.continue();
      });
      await typeCard(h, "4111 1111 4555 1142", "0330", "737");
      await valid(h, "encryptedSecurityCode");
      expect(holding).toBeGreaterThan(0);
      expect(await h.page.locator('[data-cse="encryptedCardNumber"].adyen-checkout__input--valid').count()).toBe(0);
      release();
      await valid(h, "encryptedCardNumber");
      await complete(h);
      await h.page.getByRole("button", { name: "Pagar $349.00" }).click();
      await vi.waitFor(() => expect(h.pays).toHaveLength(1), { timeout: 15_000, interval: 50 });
      const method = h.pays[0].paymentMethod as Record<string, string>;
      expect(vault.redeem("encryptedCardNumber", method.encryptedCardNumber)).toBe("4111111145551142");
      expect(h.problems).toEqual([]);
    } finally {
      await h.context.close();
    }
  });

  test("an invalid card number shows Adyen Web's error and pay does not call onPay", { timeout: 90_000 }, async () => {
    const h = await open();
    try {
      await typeCard(h, "4111 1111 1111 1112", "0330", "737");
      const error = h.page.locator(".adyen-checkout__field--cardNumber .adyen-checkout-contextual-text--error:not(.adyen-checkout-contextual-text--hidden)");
      await error.waitFor({ timeout: 15_000 });
      expect(await error.textContent()).toContain("Ingresa un número de tarjeta válido");
      expect(await h.number.locator("input").getAttribute("aria-invalid")).toBe("true");

      await h.page.getByRole("button", { name: "Pagar $349.00" }).click();
      // Adyen Web validates and puts focus back on the wrong field; nothing is paid.
      await vi.waitFor(async () => expect(await h.number.locator("input").evaluate((input) => document.activeElement === input)).toBe(true), { timeout: 10_000, interval: 50 });
      expect(h.pays).toEqual([]);

      // Corrected, the number is accepted and pay goes through.
      await h.number.locator("input").fill("");
      await h.number.locator("input").pressSequentially("4111111145551142");
      await valid(h, "encryptedCardNumber");
      expect(await h.number.locator("input").getAttribute("aria-invalid")).toBe("false");
      // Clearing a complete field makes the form invalid again: pay shows the error instead of paying.
      await h.cvc.locator("input").fill("");
      await h.page.locator('[data-cse="encryptedSecurityCode"]:not(.adyen-checkout__input--valid)').waitFor({ timeout: 10_000 });
      await h.page.getByRole("button", { name: "Pagar $349.00" }).click();
      await h.page.locator(".adyen-checkout__field--securityCode .adyen-checkout-contextual-text--error:not(.adyen-checkout-contextual-text--hidden)").waitFor({ timeout: 10_000 });
      expect(h.pays).toEqual([]);
      await h.cvc.locator("input").pressSequentially("737");
      await valid(h, "encryptedSecurityCode");
      await complete(h);
      await h.page.getByRole("button", { name: "Pagar $349.00" }).click();
      await vi.waitFor(() => expect(h.pays).toHaveLength(1), { timeout: 15_000, interval: 50 });
      expect(h.problems).toEqual([]);
    } finally {
      await h.context.close();
    }
  });

  test("an Amex card takes a 4-digit security code; a past expiry date is refused", { timeout: 90_000 }, async () => {
    const h = await open();
    try {
      await h.number.locator("input").pressSequentially("371449635398431");
      expect(await h.number.locator("input").inputValue()).toBe("3714 496353 98431");
      await h.page.locator('.adyen-checkout__card__cardNumber__brandIcon[alt="American Express"]').waitFor({ timeout: 15_000 });
      await h.expiry.locator("input").pressSequentially("0120");
      const dateError = h.page.locator(".adyen-checkout__field--expiryDate .adyen-checkout-contextual-text--error:not(.adyen-checkout-contextual-text--hidden)");
      await dateError.waitFor({ timeout: 10_000 });
      expect(await dateError.textContent()).toContain("Ingresa una fecha de vencimiento válida");
      await h.expiry.locator("input").fill("");
      await h.expiry.locator("input").pressSequentially("0330");
      await h.cvc.locator("input").pressSequentially("7373");
      expect(await h.cvc.locator("input").inputValue()).toBe("7373");
      for (const field of ["encryptedCardNumber", "encryptedExpiryDate", "encryptedSecurityCode"]) await valid(h, field);
      await complete(h);
      await h.page.getByRole("button", { name: "Pagar $349.00" }).click();
      await vi.waitFor(() => expect(h.pays).toHaveLength(1), { timeout: 15_000, interval: 50 });
      const method = h.pays[0].paymentMethod as Record<string, string>;
      expect(method.brand).toBe("amex");
      expect(vault.redeem("encryptedCardNumber", method.encryptedCardNumber)).toBe("371449635398431");
      expect(vault.redeem("encryptedSecurityCode", method.encryptedSecurityCode)).toBe("7373");
      expect(h.problems).toEqual([]);
    } finally {
      await h.context.close();
    }
  });

  test("a brand the merchant does not take is refused", { timeout: 90_000 }, async () => {
    const h = await open(() => null, "lng=es&brands=visa,mc");
    try {
      // The brand is refused from the BIN lookup's answer: the first digits, their lookup answered (as a person typing
      // gives it time to be), then the rest. Typed all at once on a loaded machine, the lookup could answer late.
      const lookedUp = h.page.waitForResponse((response) => response.url().includes("binLookup"), { timeout: 15_000 });
      await h.number.locator("input").pressSequentially("37144963");
      await lookedUp;
      await typeCard(h, "5398431", "0330", "7373");
      const error = h.page.locator(".adyen-checkout__field--cardNumber .adyen-checkout-contextual-text--error:not(.adyen-checkout-contextual-text--hidden)");
      await error.waitFor({ timeout: 15_000 });
      expect(await error.textContent()).toContain("Ingresa una tarjeta de una marca aceptada");
      await h.page.getByRole("button", { name: "Pagar $349.00" }).click();
      await vi.waitFor(async () => expect(await focused(h.number)).toBe(true), { timeout: 10_000, interval: 50 });
      expect(h.pays).toEqual([]);
    } finally {
      await h.context.close();
    }
  });

  test("a redirect action from onPay navigates the page to the action's URL", { timeout: 90_000 }, async () => {
    const target = () => `${site.origin}/3ds?MD=standin&PaReq=opaque`;
    const h = await open(() => ({ action: { type: "redirect", method: "GET", url: target(), paymentMethodType: "scheme" } }));
    try {
      // Keyboard only: focus moves only with Tab (autoFocus off: a complete field does not send the customer on to the
      // next by itself), Tab and Shift-Tab cross the frames, and Enter in a field pays.
      await h.number.locator("input").focus();
      // Adyen Web moves on from a number of the length the BIN lookup gave (16 here): the first digits, their lookup
      // answered (as a person typing gives it time to be), then the rest. Typed all at once, the number can be
      // complete before the lookup answers, and then the field waits for the brand's longest length (19).
      const lookedUp = h.page.waitForResponse((response) => response.url().includes("binLookup"), { timeout: 15_000 });
      await h.page.keyboard.type("41111111");
      await lookedUp;
      await h.page.keyboard.type("45551142");
      await valid(h, "encryptedCardNumber");
      expect(await focused(h.number)).toBe(true); // still where the customer typed
      await h.page.keyboard.press("Tab");
      await vi.waitFor(async () => expect(await focused(h.expiry)).toBe(true), { timeout: 10_000, interval: 50 });
      await h.page.keyboard.type("0330");
      await valid(h, "encryptedExpiryDate");
      expect(await focused(h.expiry)).toBe(true);
      await h.page.keyboard.press("Tab");
      await vi.waitFor(async () => expect(await focused(h.cvc)).toBe(true), { timeout: 10_000, interval: 50 });
      // Shift-tab goes back to the expiry date, tab forward again to the security code.
      await h.page.keyboard.press("Shift+Tab");
      await vi.waitFor(async () => expect(await focused(h.expiry)).toBe(true), { timeout: 10_000, interval: 50 });
      await h.page.keyboard.press("Tab");
      await vi.waitFor(async () => expect(await focused(h.cvc)).toBe(true), { timeout: 10_000, interval: 50 });
      await h.page.keyboard.type("737");
      for (const field of ["encryptedCardNumber", "encryptedExpiryDate", "encryptedSecurityCode"]) await valid(h, field);
      await complete(h);
      // The navigation may be under way before a wait registered after the key press: wait from before it, for its commit.
      await Promise.all([h.page.waitForURL(target(), { timeout: 15_000, waitUntil: "commit" }), h.page.keyboard.press("Enter")]);
      expect(h.pays).toHaveLength(1);
    } finally {
      await h.context.close();
    }
  });

  test("a failed onPay is reported as a network failure and the form can pay again", { timeout: 90_000 }, async () => {
    let calls = 0;
    const h = await open(() => {
      calls += 1;
      if (calls === 1) throw new Error("offline");
      return null;
    });
    try {
      await typeCard(h, "4111111145551142", "0330", "737");
      for (const field of ["encryptedCardNumber", "encryptedExpiryDate", "encryptedSecurityCode"]) await valid(h, field);
      const pay = h.page.getByRole("button", { name: "Pagar $349.00" });
      await pay.click();
      await vi.waitFor(() => expect(h.failures).toEqual(["network"]), { timeout: 15_000, interval: 50 });
      await h.page.locator('.adyen-card__pay[aria-disabled="false"]').waitFor();
      await pay.click();
      await vi.waitFor(() => expect(h.pays).toHaveLength(2), { timeout: 15_000, interval: 50 });
    } finally {
      await h.context.close();
    }
  });

  test("secured fields that do not load are reported as a load failure", { timeout: 90_000 }, async () => {
    // A client key the stand-in does not know: its frames never configure, and Adyen Web gives up.
    const h = await load(() => null, "lng=es&key=test_UNKNOWNKEY000000000000000000");
    try {
      await vi.waitFor(() => expect(h.failures).toEqual(["load"]), { timeout: 60_000, interval: 100 });
      expect(await h.page.locator(".adyen-card__pay").getAttribute("aria-disabled")).toBe("true");
    } finally {
      await h.context.close();
    }
  });

  test("Arabic for ar pages, in the page's right-to-left layout", { timeout: 90_000 }, async () => {
    const h = await open(() => null, "lng=ar");
    try {
      await expect(h.number.getByRole("textbox", { name: "رقم البطاقة" }).count()).resolves.toBe(1);
      expect(await h.page.locator(".adyen-card").evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
      expect(await h.number.locator("html").getAttribute("lang")).toBe("ar");
      expect(h.problems).toEqual([]);
    } finally {
      await h.context.close();
    }
  });
});

describe("the stand-in's secured-fields endpoints", () => {
  const sf = (d: string, key = CLIENT_KEY) => `${shopper.origin}/checkoutshopper/checkoutshopper-test/securedfields/${key}/6.3.0/securedFields.html?type=card&d=${d}`;

  test("the iframe page may be framed only by the origin d names, and runs only its own script", async () => {
    const response = await fetch(sf(Buffer.from(site.origin).toString("base64")));
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`frame-ancestors ${site.origin}`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'sha256-[^']+'/);
    expect(csp).toContain("connect-src 'self'");
    expect((await fetch(sf(Buffer.from("javascript:alert(1)").toString("base64")))).status).toBe(400);
    expect((await fetch(sf(Buffer.from(site.origin).toString("base64"), "test_SOMEONEELSE"))).status).toBe(403);
    const framedElsewhere = await fetch(sf(Buffer.from(site.origin).toString("base64")), { headers: { Referer: "http://127.0.0.1:1/" } });
    expect(framedElsewhere.status).toBe(403);
  });

  test("only the stand-in's own frames may store in the vault", async () => {
    const vaultUrl = `${shopper.origin}/checkoutshopper/checkoutshopper-test/securedfields/${CLIENT_KEY}/6.3.0/vault`;
    const post = (origin: string, body: unknown) =>
      fetch(vaultUrl, { method: "POST", headers: { Origin: origin, "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect((await post(site.origin, { field: "encryptedCardNumber", value: "4111111145551142" })).status).toBe(403);
    expect((await post(shopper.origin, { field: "encryptedCardNumber", value: "4111-1111" })).status).toBe(422);
    expect((await post(shopper.origin, { field: "password", value: "1234" })).status).toBe(422);
    const stored = await post(shopper.origin, { field: "encryptedSecurityCode", value: "1234" });
    const { token } = (await stored.json()) as { token: string };
    expect(vault.redeem("encryptedSecurityCode", token)).toBe("1234");
    expect(stored.headers.get("access-control-allow-origin")).toBeNull();
  });
});
