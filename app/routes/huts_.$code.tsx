import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { storeCodePath } from "~/web/stores.server";
import { storefront } from "~/web/storefront.server";

/**
 * /huts/:code, the address legacy shop links and the spec's redirects use (section 2: "shop detail paths with a
 * store code go to /huts/{code}"): a permanent redirect to the store's page (/hut/<name>); an unknown or inactive
 * code goes to the store finder.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const store = await storefront(request);
  const path = await storeCodePath(store, params.code ?? "");
  return redirect(path, { status: path === "/huts" ? 302 : 301 });
}
