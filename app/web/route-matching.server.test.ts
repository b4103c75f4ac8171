import { createRequire } from "node:module";
import { type AgnosticRouteObject, matchRoutes as routerMatchRoutes } from "@remix-run/router";
import { describe, expect, it, vi } from "vitest";
import { installRouteMatchCache, memoizeMatchRoutes, memoizeServerRoutes, type MatchRoutes, type RouteLike, type RouteMatchLike } from "./route-matching.server";

/** React Router's own match, typed as the memoizer sees it. */
const matchRoutes: MatchRoutes = (routes, location, basename) =>
  routerMatchRoutes(routes as AgnosticRouteObject[], location, basename) as RouteMatchLike[] | null;

/** A tree like the app's: a root, pathless layouts, index routes, optional and dynamic segments, a splat. */
function tree(): RouteLike[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "routes/_index", index: true },
        { id: "routes/home", path: "home" },
        { id: "routes/order.($slug).($sub).($uuid)", path: "order/:slug?/:sub?/:uuid?" },
        { id: "routes/order.coupons", path: "order/coupons" },
        { id: "routes/tracker-order.($uuid)", path: "tracker-order/:uuid?" },
        { id: "routes/topic.$name.($code)", path: "topic/:name/:code?" },
        { id: "routes/Case", path: "Case", caseSensitive: true },
        {
          id: "routes/store",
          path: "store",
          children: [
            { id: "routes/store._index", index: true },
            { id: "routes/store.coupons.$id", path: "coupons/:id" },
          ],
        },
        { id: "routes/$", path: "*" },
      ],
    },
  ];
}

const PATHS = [
  "/",
  "/home",
  "/order",
  "/order/pizzas",
  "/order/pizzas/clasicas",
  "/order/pizzas/clasicas/0b8f4c6a-3f7e-4f0e-9d5e-1c2b3a4d5e6f",
  "/order/coupons",
  "/tracker-order",
  "/tracker-order/abc?x=1#top",
  "/topic/faq",
  "/topic/faq/en",
  "/topic/caf%C3%A9",
  "/Case",
  "/case",
  "/store",
  "/store/coupons/12",
  "/store/coupons",
  "/no/such/page",
];

/** What matters of a match: the route's id, the params and the matched paths. */
const plain = (matches: RouteMatchLike[] | null) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null;

describe("route matching remembered per process", () => {
  it("answers exactly as matchRoutes does, with the caller's own route objects, asked once or again", () => {
    const memoized = memoizeMatchRoutes(matchRoutes);
    for (const round of [1, 2]) {
      // Remix builds a new copy of the same tree per render: the answers carry that copy's objects.
      const routes = tree();
      for (const path of PATHS) {
        const expected = matchRoutes(routes, path);
        const actual = memoized(routes, path);
        expect(plain(actual), `${path}, round ${round}`).toEqual(plain(expected));
        for (const [i, match] of (actual ?? []).entries()) expect(match.route).toBe(expected![i]!.route);
      }
      expect(plain(memoized(routes, { pathname: "/store/coupons/7" }))).toEqual(plain(matchRoutes(routes, { pathname: "/store/coupons/7" })));
      expect(plain(memoized(routes, "/shop/home", "/shop"))).toEqual(plain(matchRoutes(routes, "/shop/home", "/shop")));
      expect(memoized(routes, "/home", "/shop")).toBeNull();
    }
  });

  it("flattens the tree once per path, however many copies of it ask", () => {
    const original = vi.fn(matchRoutes);
    const memoized = memoizeMatchRoutes(original);
    for (let i = 0; i < 5; i++) {
      const routes = tree();
      memoized(routes, "/order/pizzas/clasicas");
      memoized(routes, "/order");
    }
    expect(original).toHaveBeenCalledTimes(2);
  });

  it("hands out fresh match objects: what one caller changes, the next does not see", () => {
    const memoized = memoizeMatchRoutes(matchRoutes);
    const routes = tree();
    memoized(routes, "/store/coupons/12");
    const first = memoized(routes, "/store/coupons/12")!;
    first[2]!.params.id = "99";
    first.pop();
    expect(plain(memoized(routes, "/store/coupons/12"))).toEqual(plain(matchRoutes(routes, "/store/coupons/12")));
  });

  it("keeps at most its capacity of paths, the least recently asked going first", () => {
    const original = vi.fn(matchRoutes);
    const memoized = memoizeMatchRoutes(original, 3);
    const routes = tree();
    for (const path of ["/home", "/order", "/store"]) memoized(routes, path);
    memoized(routes, "/home"); // asked again: now the most recent
    memoized(routes, "/topic/faq"); // a fourth path: "/order" goes
    original.mockClear();
    memoized(routes, "/home");
    memoized(routes, "/store");
    memoized(routes, "/topic/faq");
    expect(original).not.toHaveBeenCalled();
    memoized(routes, "/order");
    expect(original).toHaveBeenCalledTimes(1);
  });

  it("a different tree, or one without ids, is matched for itself", () => {
    const original = vi.fn(matchRoutes);
    const memoized = memoizeMatchRoutes(original);
    const routes = tree();
    const other = tree();
    other[0]!.children![1]!.path = "inicio";
    expect(plain(memoized(routes, "/home"))?.at(-1)?.id).toBe("routes/home");
    expect(plain(memoized(other, "/home"))?.at(-1)?.id).toBe("routes/$");
    const anonymous = [{ path: "/", children: [{ path: "home" }] }];
    memoized(anonymous, "/home");
    memoized(anonymous, "/home");
    expect(original).toHaveBeenCalledTimes(4);
  });

  it("is installed once on the @remix-run/router module the server-side packages share", () => {
    const router = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes };
    const remix = createRequire(import.meta.url)("@remix-run/react/dist/routes.js") as { createServerRoutes: unknown };
    const before = router.matchRoutes;
    const beforeRoutes = remix.createServerRoutes;
    try {
      installRouteMatchCache();
      const installed = router.matchRoutes;
      expect(installed).not.toBe(before);
      installRouteMatchCache();
      expect(router.matchRoutes).toBe(installed);
      // Remix's server runtime matches through it.
      const { matchServerRoutes } = createRequire(import.meta.url)("@remix-run/server-runtime/dist/routeMatching.js") as {
        matchServerRoutes: (routes: RouteLike[], pathname: string) => { route: RouteLike }[] | null;
      };
      const spy = vi.fn(installed);
      router.matchRoutes = spy;
      expect(matchServerRoutes(tree(), "/home")?.at(-1)?.route.id).toBe("routes/home");
      expect(spy).toHaveBeenCalledTimes(1);
      expect(remix.createServerRoutes).not.toBe(beforeRoutes);
    } finally {
      router.matchRoutes = before;
      remix.createServerRoutes = beforeRoutes;
    }
  });
});

describe("the server route tree remembered per build", () => {
  /** A manifest and route modules as Remix's build has them. */
  const manifest = {
    root: { id: "root", path: "", hasLoader: true },
    "routes/home": { id: "routes/home", parentId: "root", path: "home", hasLoader: true },
    "routes/order": { id: "routes/order", parentId: "root", path: "order/:slug?", hasLoader: true },
  };
  const Page = () => null;
  const build = { root: { default: Page }, "routes/home": { default: Page }, "routes/order": { default: Page } };
  const future = { v3_lazyRouteDiscovery: true };
  type Create = (manifest: object, routeModules: Record<string, unknown>, future: unknown, isSpaMode: boolean) => { id: string; path?: string; children?: unknown[] }[];
  const { createServerRoutes } = createRequire(import.meta.url)("@remix-run/react/dist/routes.js") as { createServerRoutes: Create };

  it("builds the tree once while the build's modules are the same, in a new map per request as Remix hands them", () => {
    const original = vi.fn(createServerRoutes);
    const memoized = memoizeServerRoutes(original);
    const first = memoized(manifest, { ...build }, future, false) as ReturnType<Create>;
    const ids = (routes: ReturnType<Create>): unknown => routes.map((r) => [r.id, r.path, r.children && ids(r.children as ReturnType<Create>)]);
    expect(ids(first)).toEqual([["root", "", [["routes/home", "home", undefined], ["routes/order", "order/:slug?", undefined]]]]);
    expect(memoized(manifest, { ...build }, future, false)).toBe(first);
    expect(original).toHaveBeenCalledTimes(1);
  });

  it("builds it again for other modules (a new build in development), other flags or another manifest", () => {
    const original = vi.fn(createServerRoutes);
    const memoized = memoizeServerRoutes(original);
    memoized(manifest, { ...build }, future, false);
    memoized(manifest, { ...build, "routes/home": { default: () => null } }, future, false);
    memoized(manifest, { ...build }, { ...future }, false);
    memoized({ ...manifest }, { ...build }, future, false);
    expect(original).toHaveBeenCalledTimes(4);
  });
});
