import {
  json,
  type ActionFunction,
  type ActionFunctionArgs,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type ServerBuild,
} from "@remix-run/node";
import { isDatabaseUnavailable } from "#server/db/availability";
import { validateCsrf } from "~/web/csrf.server";
import { requestLanguage } from "~/web/i18next.server";
import { translator } from "~/i18n/translator.server";
import { requestId } from "~/web/request.server";
import { loggedPath } from "~/web/log-path.server";
import { bindAction, bindLoader } from "~/web/request-scope.server";

/**
 * The edge: what every loader and action of the storefront goes through before its own code runs. It is applied
 * once to the server build (`guardBuild`, called by scripts/serve.mjs), so no route can forget it, and tests
 * apply it to a route module with `guardModule`.
 *
 * Every action (any method but GET and HEAD) is refused, before its body is read or parsed, when:
 * - it comes from another site: `Sec-Fetch-Site` other than same-origin/none, or an `Origin` whose host is not
 *   this request's host (403, "cross-site");
 * - its body is not a form (`application/x-www-form-urlencoded`, or `multipart/form-data` with a boundary): 415;
 * - its body is larger than the route's limit (`handle.form.maxBytes`, FORM_LIMIT_BYTES by default), declared
 *   by Content-Length or counted while it streams: 413, and nothing past the limit is kept (see readBody);
 * - the form cannot be parsed (a truncated multipart, a broken boundary), a field name's list index is over
 *   FIELD_INDEX_LIMIT (conform reads `extra[100000000].count` as a list of that length), or a field's name or text
 *   holds a NUL character (no Postgres text or jsonb can store one, and no keyboard types one; a file may): 400;
 * - its CSRF token is missing or is not this browser's (403, "csrf"; see csrf.server.ts).
 * The action then gets a fresh Request over the bytes read, so it parses the same form with `request.formData()`.
 *
 * Every loader and action: an error that says the database cannot be reached (server/db/availability.ts) becomes
 * a 503 with Retry-After (the friendly error page, or a 503 to a fetcher), never a 500.
 *
 * The refusals are thrown responses with `{ edge: reason }`: the root ErrorBoundary shows the translated message
 * of the reason, in the page's language, with the status; the visitor's session and cart are untouched.
 */
export const FORM_LIMIT_BYTES = 64 * 1024;

export type EdgeReason = "cross-site" | "csrf" | "content-type" | "too-large" | "malformed" | "database";

export interface FormHandle {
  /** The largest body this route's action takes, in bytes (FORM_LIMIT_BYTES by default). */
  maxBytes?: number;
  /**
   * Who posts to this route, when it is not our own pages' forms (issue 13):
   * - "provider-return": the payment provider sends the shopper's browser back with a form post from its own site
   *   (3-D Secure, the hosted page): a cross-site post without our CSRF token. Still a form within the size limit;
   *   what it carries is worth nothing until the provider confirms it server-side (server/payments/attempts.ts).
   * - "webhook": the provider's servers post JSON: no browser, no form, no CSRF token, refused from a browser of
   *   another site as any post is. The route authenticates it (basic auth and every item's HMAC).
   */
  from?: "provider-return" | "webhook";
}

export function refusal(status: number, edge: EdgeReason, headers: Record<string, string> = {}): Response {
  return json({ edge }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** The response for an error that says the database is unreachable, else undefined (the error is not ours). */
function unavailable(error: unknown, request: Request): Response | undefined {
  if (!isDatabaseUnavailable(error)) return undefined;
  const message = error instanceof Error ? error.message : String(error);
  console.warn(`[${requestId(request)}] ${request.method} ${loggedPath(new URL(request.url).pathname)}: database unavailable (${message})`);
  return refusal(503, "database", { "Retry-After": "30" });
}

/**
 * Same origin: Sec-Fetch-Site when the browser sends it, else the Origin's host against the request's host.
 * scripts/serve.mjs asks this of every request before Remix sees it (Remix's own Origin check answers a bare 500)
 * and hands the answer on as the load context's `crossSite`, so the edge can show the 403 page.
 */
export function isCrossSite(headers: { get(name: string): string | null }, host: string): boolean {
  const site = headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = headers.get("origin");
  if (origin === null) return false; // not a browser's cross-site request (browsers send Origin on POST)
  try {
    return new URL(origin).host !== host;
  } catch {
    return true; // "null" (a sandboxed or privacy-sensitive context) and anything unparsable
  }
}

/** What scripts/serve.mjs puts in every request's load context. */
/** The client address of a request's load context; "unknown" without one (a test calling a route directly). */
export function clientAddress(context: unknown): string {
  const address = (context as EdgeContext | undefined)?.clientAddress;
  return typeof address === "string" && address.length > 0 && address.length <= 64 ? address : "unknown";
}

/** Whether the request is a data request (a fetcher's post): answered with data, not a page. */
export function isDataRequest(context: unknown): boolean {
  return (context as EdgeContext | undefined)?.dataRequest === true;
}

export interface EdgeContext {
  /** The client's address (Express's req.ip: the socket's, or X-Forwarded-For's as TRUST_PROXY allows). */
  clientAddress?: string;
  /** isCrossSite, decided before Remix's own check. */
  crossSite?: boolean;
  /** A data request (`?_data=`: a fetcher's post, a client-side navigation's loads), which Remix strips from the URL. */
  dataRequest?: boolean;
}

const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;
const MULTIPART_TYPE = /^multipart\/form-data\s*;.*\bboundary=("?)[^";]{1,70}\1/i;

/** A body sent without a length is read, and thrown away, up to this much before the connection is cut. */
export const DRAIN_LIMIT_BYTES = 1024 * 1024;

/**
 * Reads at most `limit` bytes of the body; over it, a 413. A declared Content-Length over the limit is refused at
 * once (Connection: close, nothing is read). A body streamed without one is kept only up to the limit: the rest is
 * read and thrown away, so the client gets its 413 page on a clean connection, up to DRAIN_LIMIT_BYTES; past that
 * the connection is cut (an upload that large is not a browser's form).
 */
async function readBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get("content-length");
  if (declared !== null && !/^\d{1,15}$/.test(declared)) throw refusal(400, "malformed", { Connection: "close" });
  if (declared !== null && Number(declared) > limit) throw refusal(413, "too-large", { Connection: "close" });
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // A route that takes more than the drain limit (the careers form's CV) reads up to its own limit before the cut.
    if (size > Math.max(DRAIN_LIMIT_BYTES, limit)) {
      void reader.cancel().catch(() => {});
      throw refusal(413, "too-large", { Connection: "close" });
    }
    if (size <= limit) chunks.push(value);
  }
  if (size > limit) throw refusal(413, "too-large");
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** The largest list index a form field's name may carry (`combo[19].slotId`); no form of ours comes near it. */
export const FIELD_INDEX_LIMIT = 999;

/** Every `[n]` in every field name is at most FIELD_INDEX_LIMIT. */
function indexesFit(form: FormData): boolean {
  for (const name of form.keys()) {
    for (const [, index] of name.matchAll(/\[(\d+)\]/g)) if (index!.length > 3 || Number(index) > FIELD_INDEX_LIMIT) return false;
  }
  return true;
}

/** No field's name, and no field's text (files are bytes of their own), holds a NUL character. */
function withoutNul(form: FormData): boolean {
  for (const [name, value] of form.entries()) {
    if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) return false;
  }
  return true;
}

/** The request an action gets once its body has passed the edge: the same URL, headers and signal, that body. */
function withBody(request: Request, body: Uint8Array<ArrayBuffer>): Request {
  return new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal });
}

const JSON_TYPE = /^application\/json\s*(?:;|$)/i;

async function admit(request: Request, context: EdgeContext, handle: { form?: FormHandle } | undefined): Promise<Request> {
  const from = handle?.form?.from;
  if (from !== "provider-return" && (context.crossSite ?? isCrossSite(request.headers, new URL(request.url).host))) throw refusal(403, "cross-site");
  const type = request.headers.get("content-type") ?? "";
  if (from === "webhook") {
    if (!JSON_TYPE.test(type)) throw refusal(415, "content-type");
    return withBody(request, await readBody(request, handle?.form?.maxBytes ?? FORM_LIMIT_BYTES));
  }
  if (!FORM_TYPE.test(type) && !MULTIPART_TYPE.test(type)) throw refusal(415, "content-type");
  const body = await readBody(request, handle?.form?.maxBytes ?? FORM_LIMIT_BYTES);
  let form: FormData;
  try {
    form = await withBody(request, body).formData();
  } catch {
    throw refusal(400, "malformed");
  }
  if (!indexesFit(form) || !withoutNul(form)) throw refusal(400, "malformed");
  if (from !== "provider-return" && !(await validateCsrf(form, request.headers))) throw refusal(403, "csrf");
  return withBody(request, body);
}

/**
 * A refusal with its page title in the visitor's language (`title`), for the route's meta: the error page shows
 * inside the route's layout, and the document's title says what happened. Anything else is left as it is.
 */
async function titled(thrown: unknown, request: Request): Promise<unknown> {
  // Only a refusal of the edge qualifies: a 4xx/5xx with a JSON body (redirects and others are left untouched).
  if (!(thrown instanceof Response) || thrown.status < 400 || !thrown.headers.get("Content-Type")?.includes("json")) return thrown;
  const data = (await thrown.clone().json().catch(() => null)) as { edge?: EdgeReason } | null;
  if (!data?.edge) return thrown;
  const t = translator(await requestLanguage(request), "common");
  return json({ ...data, title: t(`errorPage.edge.${data.edge}.title`) }, { status: thrown.status, headers: thrown.headers });
}

export function guardLoader(loader: LoaderFunction): LoaderFunction {
  return async (args: LoaderFunctionArgs) => {
    bindLoader(args.request, args.context);
    try {
      return await loader(args);
    } catch (error) {
      throw await titled(unavailable(error, args.request) ?? error, args.request);
    }
  };
}

export function guardAction(action: ActionFunction, handle?: { form?: FormHandle }): ActionFunction {
  return async (args: ActionFunctionArgs) => {
    let request: Request;
    try {
      request = await admit(args.request, (args.context ?? {}) as EdgeContext, handle);
    } catch (refused) {
      throw await titled(refused, args.request);
    }
    bindAction(request, args.context);
    try {
      return await action({ ...args, request });
    } catch (error) {
      throw await titled(unavailable(error, request) ?? error, request);
    }
  };
}

interface RouteModule {
  loader?: LoaderFunction;
  action?: ActionFunction;
  handle?: unknown;
  [name: string]: unknown;
}

/** The route module with its loader and action behind the edge (a new object: module namespaces are frozen). */
export function guardModule<M extends RouteModule>(module: M): M {
  const handle = module.handle as { form?: FormHandle } | undefined;
  return {
    ...module,
    ...(module.loader ? { loader: guardLoader(module.loader) } : {}),
    ...(module.action ? { action: guardAction(module.action, handle) } : {}),
  };
}

const guarded = new WeakSet<object>();

/** Puts every route of the server build behind the edge, once. */
export function guardBuild(build: ServerBuild): ServerBuild {
  if (guarded.has(build.routes)) return build;
  for (const route of Object.values(build.routes)) {
    if (route) route.module = guardModule(route.module as unknown as RouteModule) as unknown as typeof route.module;
  }
  guarded.add(build.routes);
  return build;
}
