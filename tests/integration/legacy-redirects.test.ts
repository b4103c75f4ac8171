import type { LoaderFunctionArgs } from "@remix-run/node";
import { action, loader } from "~/routes/$";
import { FALLBACK, LEGACY_REDIRECTS } from "~/web/legacy-redirects";

/** The splat route's answer for a path (as Remix calls it for any path no other route matches). */
function visit(path: string): Response {
  const request = new Request(`http://localhost${path}`);
  return loader({ request, params: {}, context: {} } as LoaderFunctionArgs) as Response;
}

/**
 * Every row of the legacy table (spec section 2) walked through the route: each of its old paths, as written, in
 * capitals, with a trailing slash and with a query string, lands on the row's target with the row's status.
 */
describe("legacy redirects (spec section 2)", () => {
  // Sample values for a row's "/*" (store codes for the shop row, an article's slug elsewhere).
  const sampleRest = (row: (typeof LEGACY_REDIRECTS)[number]) => (typeof row.to === "function" ? "MX-TIJ-01" : "pizza-day");

  describe.each(LEGACY_REDIRECTS)("$spec", (row) => {
    const expected = (rest: string) => (typeof row.to === "function" ? row.to(rest) : row.to);

    it.each(row.paths)("%s", (pattern) => {
      const base = pattern.replace(/\/\*$/, "");
      const cases: [string, string][] = [
        [base, expected("")],
        [`${base}/`, expected("")],
        [base.toUpperCase(), expected("")],
        [`${base}?utm_source=flyer&utm_campaign=hut`, `${expected("")}?utm_source=flyer&utm_campaign=hut`],
      ];
      if (pattern.endsWith("/*")) cases.push([`${base}/${sampleRest(row)}`, expected(sampleRest(row))]);
      for (const [path, location] of cases) {
        const response = visit(path);
        expect([path, response.status, response.headers.get("Location")]).toEqual([path, row.status, location]);
      }
    });
  });

  it("keeps a store code's case and encodes what it must: /shop/MX-TIJ-01 → /huts/MX-TIJ-01", () => {
    expect(visit("/shop/MX-TIJ-01").headers.get("Location")).toBe("/huts/MX-TIJ-01");
    expect(visit("/SHOP/mx-tij-01/").headers.get("Location")).toBe("/huts/mx-tij-01");
    expect(visit("/shop/a%3Fb").headers.get("Location")).toBe("/huts/a%3Fb");
  });

  it("a prefix matches whole segments only: /accounts-payable and /topicsx are unknown, so they go home", () => {
    for (const path of ["/accounts-payable", "/topicsx", "/shopping", "/allergens-list"]) {
      const response = visit(path);
      expect([path, response.status, response.headers.get("Location")]).toEqual([path, 302, "/home"]);
    }
  });

  it("any other path goes to /home with a 302 (not permanent), its query string kept", () => {
    expect(FALLBACK).toEqual({ to: "/home", status: 302 });
    const response = visit("/this/does/not/exist?ref=mail");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/home?ref=mail");
  });

  it("every target is a path of this site (no row can send a visitor elsewhere)", () => {
    for (const row of LEGACY_REDIRECTS) {
      const targets = typeof row.to === "function" ? [row.to(""), row.to("//evil.example"), row.to("https://evil.example")] : [row.to];
      for (const to of targets) expect(to, row.spec).toMatch(/^\/(?!\/)[^\\]*$/);
    }
    expect(visit("/shop///evil.example").headers.get("Location")).toMatch(/^\/huts\//);
  });

  it("a form posted to an unknown path goes home as a page (303)", () => {
    const response = action() as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/home");
  });
});
