import { redirect } from "@remix-run/node";

/** Any path the storefront does not know goes home (spec section 2). */
export const loader = () => redirect("/home");
export const action = () => redirect("/home", { status: 303 });
