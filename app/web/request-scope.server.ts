/**
 * What one HTTP request shares between its loaders (and its action), whatever Request object each gets.
 *
 * Remix hands every loader of a document request its own copy of the Request (it strips `?index` and `?_routes`
 * by making a new one), so a WeakMap keyed on the Request gave each loader its own session, customer and cart
 * read. The load context is the one object per request (scripts/serve.mjs's getLoadContext): the edge binds every
 * Request a loader or an action gets to it (app/web/edge.server.ts), and what is shared per request is kept on
 * the scope found here. A loader called without a load context (a test calling a route directly) is its own scope.
 *
 * The action of a request has a scope apart from its loaders' (Remix runs the loaders after a document post's
 * action, on the request as the browser sent it): the loaders read the session as the cookie says, as a separate
 * data request would, not as the action left it in memory.
 */
export interface RequestScope {
  /** SQL statements run through the storefront's database for this request (Server-Timing, tests/server). */
  statements: { count: number };
  /** Per-request values, each under its own key (the storefront, the staff context, the request id). */
  values: Map<symbol, unknown>;
}

const scopes = new WeakMap<object, RequestScope>();
const bound = new WeakMap<Request, object>();
const actionKeys = new WeakMap<object, object>();

function scopeFor(key: object, statements: { count: number }): RequestScope {
  let scope = scopes.get(key);
  if (!scope) {
    scope = { statements, values: new Map() };
    scopes.set(key, scope);
  }
  return scope;
}

/** Binds a Request a loader gets to its request's load context (the edge, before the loader runs). */
export function bindLoader(request: Request, context: unknown): void {
  if (context && typeof context === "object") bound.set(request, context);
}

/** Binds the Request an action gets to the action's own scope of the request (see above); statements add up. */
export function bindAction(request: Request, context: unknown): void {
  if (!context || typeof context !== "object") return;
  let key = actionKeys.get(context);
  if (!key) {
    key = {};
    actionKeys.set(context, key);
    scopeFor(key, scopeFor(context, { count: 0 }).statements);
  }
  bound.set(request, key);
}

/** The scope of the request this Request belongs to (the Request itself when it was never bound). */
export function requestScope(request: Request): RequestScope {
  const key = bound.get(request) ?? request;
  return scopes.get(key) ?? scopeFor(key, { count: 0 });
}

/** The scope of a load context (entry.server, after the loaders: the statements they ran). */
export function contextScope(context: unknown): RequestScope | undefined {
  return context && typeof context === "object" ? scopes.get(context) : undefined;
}

/** A value made once per request scope: the first call makes it, later ones get the same. */
export function perRequest<T>(request: Request, key: symbol, make: (scope: RequestScope) => T): T {
  const scope = requestScope(request);
  if (scope.values.has(key)) return scope.values.get(key) as T;
  const value = make(scope);
  scope.values.set(key, value);
  return value;
}
