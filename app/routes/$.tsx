import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { legacyRedirect } from "~/web/legacy-redirects";

/**
 * Every path no other route matches: a legacy path of spec section 2 goes where its row of the one table says
 * (app/web/legacy-redirects.ts), anything else goes home.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const { location, status } = legacyRedirect(new URL(request.url));
  return redirect(location, status);
}

/** A form posted to a path we do not know goes home, as a page (303: the browser follows it with a GET). */
export const action = () => redirect("/home", { status: 303 });
