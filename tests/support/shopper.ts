/**
 * A customer without a browser: plain HTTP requests that go through the storefront's own forms (the fields the
 * pages render, the CSRF token, the session cookie), as a browser with JavaScript off would. The resilience tests
 * (tests/server) and the first-start check of CI (scripts/smoke.ts) place their orders with it.
 */
export interface Placed {
  uuid: string;
  number: string;
}

export class Shopper {
  readonly #base: string;
  readonly #cookies = new Map<string, string>();
  #csrf = "";

  constructor(base: string) {
    this.#base = base.replace(/\/+$/, "");
  }

  get cookieHeader(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** One request with this shopper's cookies; keeps the cookies it sets and the page's CSRF token. */
  async request(method: "GET" | "POST", path: string, fields?: Record<string, string>, timeoutMs = 15_000): Promise<{ status: number; location: string | null; text: string }> {
    const headers: Record<string, string> = { Cookie: this.cookieHeader, Origin: this.#base };
    let body: string | undefined;
    if (fields) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams({ ...fields, csrf: this.#csrf }).toString();
    }
    const response = await fetch(`${this.#base}${path}`, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === "" || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(setCookie)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    const text = await response.text();
    const token = /name="csrf" value="([^"]+)"/.exec(text)?.[1];
    if (token) this.#csrf = token;
    return { status: response.status, location: response.headers.get("Location"), text };
  }

  /** GET a page, following the storefront's redirects (at most 5). */
  async page(path: string): Promise<{ status: number; text: string; path: string }> {
    let at = path;
    for (let hops = 0; hops < 5; hops++) {
      const answer = await this.request("GET", at);
      if (answer.status < 300 || answer.status >= 400 || !answer.location) return { status: answer.status, text: answer.text, path: at };
      at = new URL(answer.location, `${this.#base}/`).pathname + new URL(answer.location, `${this.#base}/`).search;
    }
    throw new Error(`too many redirects from ${path}`);
  }

  /** Adds the first product of a menu page (its first size and crust when it offers a choice); answers its uuid. */
  async addFirstProduct(path: string): Promise<string> {
    const menu = await this.page(path);
    const card = /<form[^>]*class="add-form"[^>]*>([\s\S]*?)<\/form>/.exec(menu.text)?.[1] ?? "";
    const productUuid = /name="productUuid" value="([0-9a-f-]{36})"/.exec(card)?.[1];
    const option = /name="option"[^>]*>[\s\S]*?<option value="(\d+:\d+)"/.exec(card)?.[1];
    if (!productUuid) throw new Error(`the menu page ${menu.path} has no product to add`);
    const added = await this.request("POST", "/cart", { intent: "add", productUuid, ...(option ? { option } : {}), back: menu.path });
    if (added.status !== 303) throw new Error(`adding to the cart answered ${added.status}`);
    return productUuid;
  }

  /**
   * Chooses carry-out at the first outlet the home page offers, adds the menu's first product in its first option,
   * and checks out paying cash. Answers the order (its uuid from the tracker's address, its number from that page).
   */
  async placeCarryoutOrder(name = "Prueba"): Promise<Placed> {
    const placed = await this.#checkoutCarryout(name, "cash");
    const uuid = /\/tracker-order\/([0-9a-f-]{36})/.exec(placed.location ?? "")?.[1];
    if (placed.status !== 303 || !uuid) throw new Error(`checking out answered ${placed.status} ${placed.text.slice(0, 200)}`);
    const tracker = await this.page(`/tracker-order/${uuid}`);
    const number = /\b(1\d{5,})\b/.exec(tracker.text)?.[1];
    if (!number) throw new Error("the tracker does not show the order's number");
    return { uuid, number };
  }

  /**
   * The same with the card online (issue 13; the server needs a payment provider): the checkout leads to the
   * payment page of the order's first attempt. Answers that attempt's transaction, the order's number and total.
   */
  async placeCardOrder(name = "Prueba"): Promise<{ transaction: string; number: string; totalCents: number }> {
    const placed = await this.#checkoutCarryout(name, "card");
    const transaction = /^\/adyen\/checkout\/([A-Za-z0-9_-]{16,64})$/.exec(placed.location ?? "")?.[1];
    if (placed.status !== 303 || !transaction) throw new Error(`checking out by card answered ${placed.status} ${placed.location ?? placed.text.slice(0, 200)}`);
    const page = await this.page(`/adyen/checkout/${transaction}`);
    const number = /"number":"(\d+)"/.exec(page.text)?.[1];
    const totalCents = Number(/"totalCents":(\d+)/.exec(page.text)?.[1]);
    if (page.status !== 200 || !number || !totalCents) throw new Error(`the payment page answered ${page.status} without its order`);
    return { transaction, number, totalCents };
  }

  /** Carry-out at the first outlet, the menu's first product, and the checkout's form posted with `paymentMethod`. */
  async #checkoutCarryout(name: string, paymentMethod: "cash" | "card") {
    const home = await this.page("/home");
    if (home.status !== 200) throw new Error(`GET /home answered ${home.status}`);
    const outletId = /name="outletId" value="(\d+)"/.exec(home.text)?.[1];
    if (!outletId) throw new Error("the home page offers no carry-out outlet");
    const chosen = await this.request("POST", "/home", { orderType: "C", outletId });
    if (chosen.status !== 303) throw new Error(`choosing carry-out answered ${chosen.status}`);
    await this.addFirstProduct(new URL(chosen.location!, `${this.#base}/`).pathname);
    let checkout = await this.page("/checkout");
    if (checkout.path.includes("dialog=order-time")) {
      // The outlet is closed now (the machine's clock): order for its first time slot instead, as a customer would.
      const slot = /<option value="(\d{4}-\d{2}-\d{2} \d{2}:\d{2})"/.exec(checkout.text)?.[1];
      if (!slot) throw new Error("the outlet is closed and offers no time slot");
      const saved = await this.request("POST", "/order-time", { value: slot, back: "/checkout" });
      if (saved.status !== 303) throw new Error(`choosing the time ${slot} answered ${saved.status}`);
      checkout = await this.page("/checkout");
    }
    const keyInput = /<input[^>]*name="idempotencyKey"[^>]*>/.exec(checkout.text)?.[0] ?? "";
    const idempotencyKey = /value="([0-9a-f-]{36})"/.exec(keyInput)?.[1];
    if (checkout.status !== 200 || !idempotencyKey) throw new Error(`the checkout page answered ${checkout.status} without its form`);
    return this.request("POST", "/checkout", {
      name,
      surname: "Resiliencia",
      email: "prueba@correo.mx",
      mobile: "5512345678",
      comment: "",
      paymentMethod,
      cashTendered: "",
      idempotencyKey,
    });
  }
}
