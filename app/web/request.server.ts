import { randomUUID } from "node:crypto";
import { perRequest } from "~/web/request-scope.server";

const ID = Symbol("request id");

/** The id a request is logged under (the same for all its loaders): the proxy's X-Request-Id when it sends one, else a new uuid. */
export function requestId(request: Request): string {
  return perRequest(request, ID, () => {
    const given = request.headers.get("x-request-id");
    return given && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
  });
}
