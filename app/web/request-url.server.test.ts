import { createRequire } from "node:module";
import { installRequestUrlCache, memoizeUrl } from "./request-url.server";

const require = createRequire(import.meta.url);
const { Request: ServerRequest } = require("@remix-run/web-fetch") as { Request: typeof Request };

describe("a request's url, read once", () => {
  it("answers what the getter answered, formatting it once per request", () => {
    let formatted = 0;
    class Probe {
      constructor(readonly href: string) {}
      get url() {
        formatted += 1;
        return this.href;
      }
    }
    memoizeUrl(Probe.prototype);
    const a = new Probe("http://shop.test/order/pizzas?x=1");
    const b = new Probe("http://shop.test/checkout");
    expect([a.url, a.url, a.url]).toEqual(Array(3).fill("http://shop.test/order/pizzas?x=1"));
    expect(b.url).toBe("http://shop.test/checkout");
    expect(formatted).toBe(2);
    // Installed twice, still one wrapper (and one format per request).
    memoizeUrl(Probe.prototype);
    expect(new Probe("http://shop.test/a").url).toBe("http://shop.test/a");
    expect(formatted).toBe(3);
  });

  it("on the server's Request class: the same URLs as before, each request its own", () => {
    const urls = ["http://localhost:3000/order/pizzas/clasicas?_data=routes%2Forder&index", "http://[::1]:3000/a%20b#top", "https://shop.test/ñ?q=á"];
    const before = urls.map((u) => new ServerRequest(u).url);
    installRequestUrlCache();
    const getter = Object.getOwnPropertyDescriptor(ServerRequest.prototype, "url")!.get as unknown as Record<symbol, boolean>;
    expect(getter[Symbol.for("storefront.requestUrlMemoized")]).toBe(true);
    expect(urls.map((u) => new ServerRequest(u).url)).toEqual(before);
    const request = new ServerRequest(urls[0]!, { method: "POST", body: "a=1" });
    expect(new ServerRequest(request).url).toBe(request.url);
  });
});
