import { createRequire } from "node:module";
import { type AgnosticRouteObject, createStaticHandler, matchRoutes as routerMatchRoutes, type StaticHandlerContext } from "@remix-run/router";
import { describe, expect, it, vi } from "vitest";
import { branchStaticHandlers, CAPACITY, type ConvertRoutesToDataRoutes, memoizeResolveTo, type ResolveTo, type CreateStaticHandler, installRouteMatchCache, memoizeDataRoutes, memoizeMatchRoutes, memoizeServerRoutes, type MatchRoutes, type RouteLike, type RouteMatchLike } from "./route-matching.server";

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
    const router = createRequire(import.meta.url)("@remix-run/router") as {
      matchRoutes: MatchRoutes;
      createStaticHandler: CreateStaticHandler;
      UNSAFE_convertRoutesToDataRoutes: ConvertRoutesToDataRoutes;
      resolveTo: ResolveTo;
    };
    const beforeResolve = router.resolveTo;
    const remix = createRequire(import.meta.url)("@remix-run/react/dist/routes.js") as { createServerRoutes: unknown };
    const before = router.matchRoutes;
    const beforeCreate = router.createStaticHandler;
    const beforeConvert = router.UNSAFE_convertRoutesToDataRoutes;
    const beforeRoutes = remix.createServerRoutes;
    try {
      installRouteMatchCache();
      const installed = router.matchRoutes;
      const installedCreate = router.createStaticHandler;
      expect(installed).not.toBe(before);
      // server-runtime creates its static handler through the module's export, at its first request.
      expect(installedCreate).not.toBe(beforeCreate);
      installRouteMatchCache();
      expect(router.matchRoutes).toBe(installed);
      expect(router.createStaticHandler).toBe(installedCreate);
      // Remix's server runtime matches through it.
      const { matchServerRoutes } = createRequire(import.meta.url)("@remix-run/server-runtime/dist/routeMatching.js") as {
        matchServerRoutes: (routes: RouteLike[], pathname: string) => { route: RouteLike }[] | null;
      };
      const spy = vi.fn(installed);
      router.matchRoutes = spy;
      expect(matchServerRoutes(tree(), "/home")?.at(-1)?.route.id).toBe("routes/home");
      expect(spy).toHaveBeenCalledTimes(1);
      expect(remix.createServerRoutes).not.toBe(beforeRoutes);
      // react-router-dom's createStaticRouter converts through the module's export: the same tree, the same data routes.
      const installedConvert = router.UNSAFE_convertRoutesToDataRoutes;
      expect(installedConvert).not.toBe(beforeConvert);
      installRouteMatchCache();
      expect(router.UNSAFE_convertRoutesToDataRoutes).toBe(installedConvert);
      const { createStaticRouter } = createRequire(import.meta.url)("react-router-dom/server") as {
        createStaticRouter: (routes: RouteLike[], context: { matches: { route: { id: string } }[] }) => { routes: unknown[] };
      };
      const routes = tree();
      const context = { matches: [{ route: { id: "root" } }] };
      expect(createStaticRouter(routes, context).routes).toBe(createStaticRouter(routes, context).routes);
    } finally {
      router.resolveTo = beforeResolve;
      router.UNSAFE_convertRoutesToDataRoutes = beforeConvert;
      router.matchRoutes = before;
      router.createStaticHandler = beforeCreate;
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

describe("the static router's data routes kept per tree", () => {
  const { UNSAFE_convertRoutesToDataRoutes: convert } = createRequire(import.meta.url)("@remix-run/router") as { UNSAFE_convertRoutesToDataRoutes: ConvertRoutesToDataRoutes };
  const mapProperties = (route: { id?: string }) => ({ hasErrorBoundary: route.id === "root" });

  it("converts a tree once and fills each caller's new manifest with the same routes", () => {
    const original = vi.fn(convert);
    const memoized = memoizeDataRoutes(original);
    const routes = tree();
    const firstManifest: Record<string, unknown> = {};
    const first = memoized(routes, mapProperties, undefined, firstManifest) as { id: string; hasErrorBoundary: boolean }[];
    const secondManifest: Record<string, unknown> = {};
    expect(memoized(routes, mapProperties, undefined, secondManifest)).toBe(first);
    expect(original).toHaveBeenCalledTimes(1);
    expect(Object.keys(secondManifest).sort()).toEqual(Object.keys(firstManifest).sort());
    expect(secondManifest.root).toBe(first[0]);
    expect(first[0]).toMatchObject({ id: "root", hasErrorBoundary: true });
    // The answer is the original's own: the same ids and properties.
    expect(JSON.stringify(first)).toBe(JSON.stringify(convert(tree(), mapProperties, undefined, {})));
  });

  it("converts again for another tree, another mapper, a subtree (parent path) or a manifest already filled", () => {
    const original = vi.fn(convert);
    const memoized = memoizeDataRoutes(original);
    const routes = tree();
    memoized(routes, mapProperties, undefined, {});
    memoized(tree(), mapProperties, undefined, {});
    memoized(routes, (route: { id?: string }) => ({ hasErrorBoundary: false, ...route }), undefined, {});
    memoized(routes, mapProperties, ["0"], {});
    memoized(routes, mapProperties, undefined, { other: {} });
    expect(original).toHaveBeenCalledTimes(5);
  });
});

describe("links' targets resolved once", () => {
  const { resolveTo } = createRequire(import.meta.url)("@remix-run/router") as { resolveTo: ResolveTo };
  const cases: Parameters<ResolveTo>[] = [
    ["/faq", ["/", "/order"], "/order/pizzas", false],
    ["/order/", ["/", "/order"], "/order/pizzas", false],
    [".", ["/", "/order/pizzas"], "/order/pizzas/", false],
    [".", ["/", "/order/pizzas"], "/order/pizzas", false],
    ["..", ["/", "/order", "/order/pizzas"], "/order/pizzas", false],
    ["..", ["/", "/order", "/order/pizzas"], "/order/pizzas", true],
    ["clasicas?x=1#top", ["/", "/order/pizzas"], "/order/pizzas", false],
    ["?lng=en", ["/", "/order/pizzas"], "/order/pizzas/clasicas", false],
    ["", ["/", "/order"], "/order/", false],
  ];

  it("answers as resolveTo does, a fresh object each time, for every kind of target", () => {
    const original = vi.fn(resolveTo);
    const memoized = memoizeResolveTo(original);
    for (const args of cases) {
      const first = memoized(...args);
      expect(first).toEqual(resolveTo(...args));
      first.pathname = "/changed";
      expect(memoized(...args)).toEqual(resolveTo(...args));
    }
    expect(original).toHaveBeenCalledTimes(cases.length);
    // An object target is resolved every time.
    memoized({ pathname: "/faq" }, ["/"], "/", false);
    memoized({ pathname: "/faq" }, ["/"], "/", false);
    expect(original).toHaveBeenCalledTimes(cases.length + 2);
  });

  it("keeps its capacity of the targets resolved last, the least recently asked going first", () => {
    const original = vi.fn(resolveTo);
    const memoized = memoizeResolveTo(original);
    const ask = (i: number) => memoized(`/producto/${i}`, ["/"], "/", false);
    for (let i = 0; i < CAPACITY; i++) ask(i);
    ask(0); // asked again: now the most recent
    ask(CAPACITY); // one more: /producto/1 goes
    original.mockClear();
    ask(0);
    ask(CAPACITY);
    expect(original).not.toHaveBeenCalled();
    ask(1);
    expect(original).toHaveBeenCalledTimes(1);
  });

  it("is what React Router's links resolve through once installed", async () => {
    const router = createRequire(import.meta.url)("@remix-run/router") as { resolveTo: ResolveTo };
    const before = router.resolveTo;
    try {
      installRouteMatchCache();
      expect(router.resolveTo).not.toBe(before);
      const spy = vi.fn(router.resolveTo);
      router.resolveTo = spy;
      const { createElement } = await import("react");
      const { renderToString } = await import("react-dom/server");
      const { MemoryRouter, Link } = createRequire(import.meta.url)("react-router-dom") as typeof import("react-router-dom");
      const html = renderToString(createElement(MemoryRouter, { initialEntries: ["/order/pizzas"] }, createElement(Link, { to: "../faq" }, "FAQ")));
      expect(html).toContain('href="/faq"');
      expect(spy).toHaveBeenCalled();
    } finally {
      router.resolveTo = before;
    }
  });
});

describe("the static handler answered per branch", () => {
  /** The tree with a loader and an action on every route that answer which route ran (and with what params). */
  function dataTree(routes: RouteLike[], splat = true): AgnosticRouteObject[] {
    const withData = (route: RouteLike): AgnosticRouteObject =>
      ({
        ...route,
        loader: ({ params }: { params: Record<string, string | undefined> }) => ({ ran: route.id, params }),
        action: ({ params }: { params: Record<string, string | undefined> }) => ({ acted: route.id, params }),
        ...(route.children ? { children: route.children.filter((c) => splat || c.path !== "*").map(withData) } : {}),
      }) as AgnosticRouteObject;
    return routes.map(withData);
  }
  /** What a query answers that the page depends on. */
  const answer = (result: StaticHandlerContext | Response) =>
    result instanceof Response
      ? { response: result.status }
      : {
          status: result.statusCode,
          matches: result.matches.map((m) => [m.route.id, m.params]),
          loaderData: result.loaderData,
          actionData: result.actionData,
          errors: result.errors && Object.fromEntries(Object.entries(result.errors).map(([id, e]) => [id, (e as { status?: number }).status ?? String(e)])),
        };

  const requests = (): Request[] => [
    ...PATHS.map((path) => new Request(`http://shop.test${path}`)),
    new Request("http://shop.test/store?index", { method: "POST", body: new URLSearchParams({ a: "1" }) }),
    new Request("http://shop.test/store", { method: "POST", body: new URLSearchParams({ a: "1" }) }),
    new Request("http://shop.test/order/pizzas/clasicas", { method: "POST", body: new URLSearchParams({ a: "1" }) }),
    new Request("http://shop.test/?index", { method: "POST", body: new URLSearchParams({ a: "1" }) }),
  ];

  for (const splat of [true, false]) {
    it(`answers query and queryRoute exactly as the whole tree's handler does (${splat ? "with" : "without"} a splat route)`, async () => {
      const routes = dataTree(tree(), splat);
      const plainHandler = createStaticHandler(routes);
      const branched = branchStaticHandlers(createStaticHandler, memoizeMatchRoutes(matchRoutes))(routes);
      for (const round of [1, 2]) {
        for (const [a, b] of requests().map((r) => [r, r.clone()] as const)) {
          const label = `${a.method} ${a.url} (round ${round})`;
          expect(answer(await branched.query(a)), label).toEqual(answer(await plainHandler.query(b)));
        }
        for (const [path, routeId] of [["/store/coupons/12", "routes/store.coupons.$id"], ["/store/coupons/12", "root"], ["/home", "routes/store"], ["/order/pizzas", undefined]] as const) {
          const run = (handler: typeof plainHandler) =>
            handler.queryRoute(new Request(`http://shop.test${path}`), routeId ? { routeId } : {}).then(
              (data) => ({ data }),
              (thrown: unknown) => ({ thrown: thrown instanceof Response ? thrown.status : (thrown as { status?: number }).status ?? String(thrown) }),
            );
          expect(await run(branched), `${path} ${routeId}`).toEqual(await run(plainHandler));
        }
      }
      expect(branched.dataRoutes.map((r) => r.id)).toEqual(plainHandler.dataRoutes.map((r) => r.id));
    });
  }

  it("creates one handler per branch, over that branch's routes only, and the whole tree's for a path nothing matches", async () => {
    const routes = dataTree(tree(), false);
    const original = vi.fn<CreateStaticHandler>(createStaticHandler);
    const branched = branchStaticHandlers(original, memoizeMatchRoutes(matchRoutes))(routes);
    expect(original).toHaveBeenCalledTimes(1);
    const count = (level: AgnosticRouteObject[]): number => level.reduce((n, r) => n + 1 + count(r.children ?? []), 0);
    await branched.query(new Request("http://shop.test/store/coupons/12"));
    expect(original).toHaveBeenCalledTimes(2);
    const branchTree = original.mock.calls[1]![0];
    expect(count(branchTree)).toBe(3);
    expect(branchTree[0]!.children![0]!.children!.map((r) => r.id)).toEqual(["routes/store.coupons.$id"]);
    // Again, and another path of the same branch: the same handler.
    await branched.query(new Request("http://shop.test/store/coupons/13"));
    await branched.queryRoute(new Request("http://shop.test/store/coupons/12"), { routeId: "routes/store.coupons.$id" });
    expect(original).toHaveBeenCalledTimes(2);
    // Nothing matches: the whole tree's handler answers its 404 (no new handler).
    const missing = await branched.query(new Request("http://shop.test/no/such/page"));
    expect(missing instanceof Response ? missing.status : missing.statusCode).toBe(404);
    expect(original).toHaveBeenCalledTimes(2);
  });
});
