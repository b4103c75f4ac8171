import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signOutCustomer } from "~/web/customer.server";
import { storefront } from "~/web/storefront.server";

/**
 * Sign-out (spec: logout calls the server and returns home): a POST from the header's form (CSRF-checked like
 * every post), which ends the session on the server. A GET signs nobody out (a link or a prefetch must not).
 */
export async function action({ request }: ActionFunctionArgs) {
  return signOutCustomer(await storefront(request));
}

export const loader = () => redirect("/home");
