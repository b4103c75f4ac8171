import { expect, test } from "@playwright/test";
import { Shopper } from "../support/shopper";

/**
 * React 18.3.1's streaming renderer pads its 2 KB chunks with NUL bytes when a multi-byte character does not fit
 * (facebook/react#31134); entry.server.tsx drops them. Big pages in Arabic (two bytes a letter) and Spanish, read
 * as raw bytes from the built server, carry no 0x00 byte and still decode as the text they were.
 */
// The menu's lists are documents without scripts (root.tsx), smaller: the nutrition table stands for a second big page.
const PAGES = ["/order/pizzas/clasicas", "/nutritional-content", "/home", "/huts"];

for (const lng of ["ar", "es", "en"] as const) {
  test(`no NUL byte in the HTML of big pages (${lng})`, async ({ baseURL }) => {
    const shopper = new Shopper(baseURL!);
    await shopper.page("/home");
    const chosen = await shopper.request("POST", "/language", { lng, back: "/home" });
    expect(chosen.status).toBe(303);
    for (const path of PAGES) {
      const response = await fetch(`${baseURL}${path}`, { headers: { Cookie: shopper.cookieHeader } });
      expect(response.status, path).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(bytes.length, path).toBeGreaterThan(8_192);
      expect(bytes.indexOf(0), `${path} has a NUL byte`).toBe(-1);
      const html = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      expect(html).toContain(`lang="${lng}"`);
    }
  });
}
