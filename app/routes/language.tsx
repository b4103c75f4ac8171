import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isLng } from "~/i18n/config";
import { redirectWith, safeBackPath, storefront } from "~/storefront.server";

export const loader = () => redirect("/home");

/** The language form: stores the choice in the session and returns to the page it came from. */
export async function action({ request }: ActionFunctionArgs) {
  const store = await storefront(request);
  const form = await request.formData();
  const lng = form.get("lng");
  if (isLng(lng)) store.session.set("lng", lng);
  return redirectWith(store.session, safeBackPath(form.get("back"), "/home"));
}
