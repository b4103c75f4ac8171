import { emergencyBanner } from "#server/content/emergency";
import { redirectWith, safeBackPath, storefront } from "~/web/storefront.server";

/**
 * A customer dismisses the emergency banner (routes/emergency-banner.tsx): the session remembers the version
 * dismissed, so the banner stays away on every page until a manager switches it again or changes the number to
 * call; then a 303 back to the page it was on (a path of this site only).
 */
export async function dismissEmergencyBanner(request: Request): Promise<Response> {
  const store = await storefront(request);
  const form = await request.formData();
  const banner = await emergencyBanner(store.db);
  if (banner.version) store.session.set("emergencyDismissed", banner.version);
  return redirectWith(store.session, safeBackPath(form.get("back"), "/home"));
}
