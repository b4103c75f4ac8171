import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signOut, STORE_HOME } from "~/web/auth.server";

/** Signing out is a post (a link could be followed by a prefetch or a crawler); a visit goes to the console. */
export const loader = () => redirect(STORE_HOME);

export async function action({ request }: ActionFunctionArgs) {
  return signOut(request);
}
