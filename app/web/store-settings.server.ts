import { parseWithZod } from "~/web/forms.server";
import { json } from "@remix-run/node";
import { now } from "#server/clock";
import { emergencyBanner, setEmergencyBanner } from "#server/content/emergency";
import { emergencySchema } from "~/components/store/schemas";
import { translator } from "~/i18n/translator.server";
import { backToConsole, requireManager, staffSessionStorage } from "~/web/auth.server";

/**
 * The glue of /store/settings (managers only, beyond the spec): the emergency banner's switch and the number it
 * asks customers to phone. Saved, a 303 back with a notice; refused, the form again with its messages (400).
 */
export const SETTINGS_HOME = "/store/settings";

export async function settingsPage(request: Request) {
  const { db, session, lng } = await requireManager(request);
  const notice = session.get("notice") ?? null;
  // A manager reads what customers see now, never this process's few seconds' copy.
  const banner = await emergencyBanner(db, { fresh: true });
  return json(
    { title: translator(lng, "store")("settings.title"), lng, banner, notice },
    notice ? { headers: { "Set-Cookie": await staffSessionStorage.commitSession(session) } } : undefined,
  );
}

export async function settingsAction(request: Request) {
  const { db, session, staff } = await requireManager(request);
  const submission = parseWithZod(await request.formData(), { schema: emergencySchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const on = submission.value.on === "on";
  await setEmergencyBanner(db, { on, phone: submission.value.phone, staffId: staff.id, now: now() });
  return backToConsole(session, SETTINGS_HOME, { tone: "success", key: on ? "store:settings.notice.on" : "store:settings.notice.off" });
}
