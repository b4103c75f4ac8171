import { createRequire } from "node:module";
import type { AgnosticRouteObject, CreateStaticHandlerOptions, StaticHandler } from "@remix-run/router";
import { LRUCache } from "lru-cache";

/**
 * Route matching remembered per process (issue 15).
 *
 * React Router's `matchRoutes` flattens and ranks every branch of the route tree (the optional segments expanded:
 * ~1 ms for this app's 87 routes) and compiles a RegExp per branch it tries, on every call; a document request
 * calls it about six times (the server's match, react-router's render, and `v3_lazyRouteDiscovery`'s partial
 * manifest once per parent path). The answer depends only on the tree's shape and the path, so it is kept here,
 * per tree shape, for the most recent `CAPACITY` paths (a path is the client's to choose: the table is bounded).
 *
 * Remix hands every render a new copy of the same tree (new route objects), so a tree is known by its shape (ids,
 * paths, index and case flags, nesting), and a remembered answer is rebuilt with the caller's own route objects, in
 * fresh match objects (a caller may change what it gets). A tree whose routes have no ids, or the same id twice, is
 * matched the ordinary way.
 *
 * `installRouteMatchCache` puts it in place of `matchRoutes` on the one `@remix-run/router` module the server-side
 * packages share (they call it through the module's exports: server-runtime's match, react-router's render, the
 * partial manifest). The static handler's own match calls the module's inner function, out of reach: the handler
 * server-runtime creates is wrapped instead, so that it answers each request with a handler over only the routes
 * the request matched (`branchStaticHandlers`, below). It also keeps the server route tree RemixServer builds per
 * render (`memoizeServerRoutes`, below), the data routes the static router copies from it (`memoizeDataRoutes`) and the
 * links' and forms' resolved targets (`memoizeResolveTo`).
 */
export const CAPACITY = 1_000;

export interface RouteLike {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteLike[];
}
export interface RouteMatchLike {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: RouteLike;
}
export type MatchRoutes = (routes: RouteLike[], location: string | { pathname?: string }, basename?: string) => RouteMatchLike[] | null;

type Remembered = { id: string; params: Record<string, string | undefined>; pathname: string; pathnameBase: string }[] | null;
type Tree = { shape: string; byId: Map<string, RouteLike> } | null;

const MEMOIZED = Symbol.for("storefront.memoizedMatchRoutes");

/** The tree's shape and its routes by id; null when it cannot be told by its ids. */
function describe(routes: RouteLike[]): Tree {
  const byId = new Map<string, RouteLike>();
  const parts: string[] = [];
  const walk = (level: RouteLike[]): boolean => {
    parts.push("[");
    for (const route of level) {
      if (typeof route.id !== "string" || byId.has(route.id)) return false;
      byId.set(route.id, route);
      parts.push(route.id, "\u0001", route.path ?? "", "\u0001", route.index ? "i" : "", route.caseSensitive ? "c" : "", "\u0002");
      if (route.children?.length && !walk(route.children)) return false;
    }
    parts.push("]");
    return true;
  };
  return walk(routes) ? { shape: parts.join(""), byId } : null;
}

export function memoizeMatchRoutes(original: MatchRoutes, capacity = CAPACITY): MatchRoutes {
  const trees = new WeakMap<object, Tree>();
  // Per tree shape (one per build: shapes come from the code, not the client), the most recently asked paths.
  const answers = new Map<string, LRUCache<string, { matches: Remembered }>>();
  const memoized: MatchRoutes = (routes, location, basename = "/") => {
    let tree = trees.get(routes);
    if (tree === undefined) {
      tree = describe(routes);
      trees.set(routes, tree);
    }
    if (tree === null) return original(routes, location, basename);
    const key = `${basename}\u0000${typeof location === "string" ? location : (location.pathname ?? "/")}`;
    let byPath = answers.get(tree.shape);
    if (!byPath) {
      byPath = new LRUCache({ max: capacity });
      answers.set(tree.shape, byPath);
    }
    const remembered = byPath.get(key);
    if (remembered === undefined) {
      const matches = original(routes, location, basename);
      byPath.set(key, { matches: matches?.map((m) => ({ id: m.route.id!, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null });
      return matches;
    }
    const { byId } = tree;
    return remembered.matches?.map((m) => ({ params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase, route: byId.get(m.id)! })) ?? null;
  };
  return Object.assign(memoized, { [MEMOIZED]: true });
}

type CreateServerRoutes = (manifest: object, routeModules: Record<string, unknown>, future: unknown, isSpaMode: boolean, ...rest: unknown[]) => unknown[];

/** The same route modules (Remix builds the map anew per request; its modules are the build's). */
function sameModules(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

/**
 * `createServerRoutes` (of `@remix-run/react`) built per render (RemixServer): ~1.3 ms for 87 routes, the same tree
 * every time for one build. Kept per manifest and answered again while the route modules, the future flags and SPA
 * mode are the same (a new build in development brings new ones). The router copies the tree into its own data
 * routes (react-router-dom's createStaticRouter) and never changes it.
 */
export function memoizeServerRoutes(original: CreateServerRoutes): CreateServerRoutes {
  const built = new WeakMap<object, { routeModules: Record<string, unknown>; future: unknown; isSpaMode: boolean; routes: unknown[] }>();
  return (manifest, routeModules, future, isSpaMode, ...rest) => {
    if (rest.length > 0) return original(manifest, routeModules, future, isSpaMode, ...rest);
    const hit = built.get(manifest);
    if (hit && hit.future === future && hit.isSpaMode === isSpaMode && sameModules(hit.routeModules, routeModules)) return hit.routes;
    const routes = original(manifest, routeModules, future, isSpaMode);
    built.set(manifest, { routeModules: { ...routeModules }, future, isSpaMode, routes });
    return routes;
  };
}

export type ConvertRoutesToDataRoutes = (
  routes: unknown[],
  mapRouteProperties: unknown,
  parentPath?: string[],
  manifest?: Record<string, unknown>,
) => unknown[];

/**
 * `UNSAFE_convertRoutesToDataRoutes` (of `@remix-run/router`), which react-router-dom's createStaticRouter calls on
 * every render to copy RemixServer's route tree (the same array each time: `memoizeServerRoutes`) into data routes
 * with a fresh manifest by id: the copy is kept per tree and property mapper, and the caller's empty manifest filled
 * from the kept one. With the same data routes every render, the render's route match is answered from
 * `memoizeMatchRoutes`' table without describing the tree again. The static router only reads them.
 */
export function memoizeDataRoutes(original: ConvertRoutesToDataRoutes): ConvertRoutesToDataRoutes {
  const converted = new WeakMap<object, { mapRouteProperties: unknown; dataRoutes: unknown[]; manifest: Record<string, unknown> }>();
  return (routes, mapRouteProperties, parentPath, manifest, ...rest) => {
    const fresh = (parentPath === undefined || parentPath.length === 0) && manifest !== undefined && Object.keys(manifest).length === 0;
    if (!fresh || rest.length > 0) return original(routes, mapRouteProperties, parentPath, manifest, ...rest);
    const hit = converted.get(routes);
    if (hit && hit.mapRouteProperties === mapRouteProperties) {
      Object.assign(manifest, hit.manifest);
      return hit.dataRoutes;
    }
    const dataRoutes = original(routes, mapRouteProperties, parentPath, manifest);
    converted.set(routes, { mapRouteProperties, dataRoutes, manifest: { ...manifest } });
    return dataRoutes;
  };
}

export type ResolveTo = (to: unknown, routePathnames: string[], locationPathname: string, isPathRelative?: boolean) => { pathname: string; search: string; hash: string };

/**
 * `resolveTo` (of `@remix-run/router`), which every link and form resolves its target through, three times for a
 * link as server rendering runs it (Remix's Link, React Router's Link and its click handler): ~3 % of a menu page.
 * An answer depends only on its arguments, so one for a string target is kept (by the target, the route pathnames,
 * the location and the relative flag; the most recent `CAPACITY` of them: a location is the client's to choose) and
 * handed out as a fresh object each time (a caller may change it). Anything else (an object target) resolves as
 * before.
 */
export function memoizeResolveTo(original: ResolveTo): ResolveTo {
  const answers = new LRUCache<string, { pathname: string; search: string; hash: string }>({ max: CAPACITY });
  return (to, routePathnames, locationPathname, isPathRelative, ...rest) => {
    if (typeof to !== "string" || !Array.isArray(routePathnames) || typeof locationPathname !== "string" || rest.length > 0) {
      return original(to, routePathnames, locationPathname, isPathRelative);
    }
    const key = `${isPathRelative === true ? 1 : 0}\u0000${locationPathname}\u0000${to}\u0000${routePathnames.join("\u0000")}`;
    let answer = answers.get(key);
    if (!answer) {
      answer = original(to, routePathnames, locationPathname, isPathRelative);
      answers.set(key, { ...answer });
    }
    return { ...answer };
  };
}

export type CreateStaticHandler = (routes: AgnosticRouteObject[], opts?: CreateStaticHandlerOptions) => StaticHandler;

/** The tree cut down to one branch: each route of `ids` with only its child on the branch (the same route objects otherwise). */
function branchOnly(routes: RouteLike[], ids: string[], depth = 0): RouteLike[] {
  const route = routes.find((r) => r.id === ids[depth]);
  if (!route) return [];
  const rest = depth + 1 < ids.length ? branchOnly(route.children ?? [], ids, depth + 1) : [];
  const { children: _all, ...own } = route;
  return [rest.length > 0 ? { ...own, children: rest } : own];
}

/**
 * The static handler that server-runtime creates once per build (`createStaticHandler(dataRoutes)`) matches every
 * request against the whole tree with React Router's inner `matchRoutes`: it flattens and ranks all the branches and
 * compiles a RegExp per branch it tries (~1 ms a request here, 5-9 % of a menu page's or an order's CPU; issue 15).
 * This wraps it: the routes a request matches are found with `matchRoutes` (the remembered one above), and the
 * request is answered by a handler created, once per branch, over a tree of only that branch's routes, whose own
 * match then has one branch (and its parents) to rank. The branch the whole tree would pick is in that tree and
 * nothing in it ranks above it, so the answer is the same; a path nothing matches goes to the whole-tree handler,
 * which answers its 404 as before. Handlers are kept per branch: at most one per route of the build.
 */
export function branchStaticHandlers(original: CreateStaticHandler, matchRoutes: MatchRoutes): CreateStaticHandler {
  return (routes, opts) => {
    const whole = original(routes, opts);
    const byBranch = new Map<string, StaticHandler>();
    const handlerFor = (request: Request): StaticHandler => {
      const matches = matchRoutes(routes as RouteLike[], new URL(request.url).pathname, opts?.basename);
      const ids = matches?.map((m) => m.route.id);
      if (!ids?.length || ids.some((id) => typeof id !== "string")) return whole;
      const key = ids.join("\u0000");
      let handler = byBranch.get(key);
      if (!handler) {
        handler = original(branchOnly(routes as RouteLike[], ids as string[]) as AgnosticRouteObject[], opts);
        byBranch.set(key, handler);
      }
      return handler;
    };
    return {
      dataRoutes: whole.dataRoutes,
      query: (request, queryOpts) => handlerFor(request).query(request, queryOpts),
      queryRoute: (request, queryOpts) => handlerFor(request).queryRoute(request, queryOpts),
    };
  };
}

/**
 * Puts them in place, once per process: `matchRoutes` and `createStaticHandler` on the one `@remix-run/router` module the
 * server-side packages share, `createServerRoutes` on `@remix-run/react`'s routes module, which its RemixServer calls through.
 */
export function installRouteMatchCache(): void {
  const require = createRequire(import.meta.url);
  const router = require("@remix-run/router") as {
    matchRoutes: MatchRoutes & { [MEMOIZED]?: boolean };
    createStaticHandler: CreateStaticHandler & { [MEMOIZED]?: boolean };
    UNSAFE_convertRoutesToDataRoutes: ConvertRoutesToDataRoutes & { [MEMOIZED]?: boolean };
    resolveTo: ResolveTo & { [MEMOIZED]?: boolean };
  };
  if (!router.resolveTo[MEMOIZED]) router.resolveTo = Object.assign(memoizeResolveTo(router.resolveTo), { [MEMOIZED]: true });
  if (!router.matchRoutes[MEMOIZED]) router.matchRoutes = memoizeMatchRoutes(router.matchRoutes);
  if (!router.UNSAFE_convertRoutesToDataRoutes[MEMOIZED]) {
    router.UNSAFE_convertRoutesToDataRoutes = Object.assign(memoizeDataRoutes(router.UNSAFE_convertRoutesToDataRoutes), { [MEMOIZED]: true });
  }
  if (!router.createStaticHandler[MEMOIZED]) {
    router.createStaticHandler = Object.assign(branchStaticHandlers(router.createStaticHandler, router.matchRoutes), { [MEMOIZED]: true });
  }
  const remix = require("@remix-run/react/dist/routes.js") as { createServerRoutes: CreateServerRoutes & { [MEMOIZED]?: boolean } };
  if (!remix.createServerRoutes[MEMOIZED]) remix.createServerRoutes = Object.assign(memoizeServerRoutes(remix.createServerRoutes), { [MEMOIZED]: true });
}
