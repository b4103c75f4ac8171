import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

/** The legacy shop detail path (/shop/:code): to /huts/:code (spec section 2), which leads to the store's page. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/huts/${encodeURIComponent(params.code ?? "")}`, { status: 301 });
}
