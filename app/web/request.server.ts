import { randomUUID } from "node:crypto";

const ids = new WeakMap<Request, string>();

/** The id a request is logged under: the proxy's X-Request-Id when it sends one, else a new uuid. */
export function requestId(request: Request): string {
  let id = ids.get(request);
  if (!id) {
    const given = request.headers.get("x-request-id");
    id = given && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    ids.set(request, id);
  }
  return id;
}
