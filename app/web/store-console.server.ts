import { json } from "@remix-run/node";
import { z } from "zod";
import { now } from "#server/clock";
import type { Language } from "#server/config";
import { COUPON_TIME_ZONE } from "#server/coupons/admin-form";
import { postedRevision, revisionOf } from "#server/content/revision";
import type { Database } from "#server/db/client";
import type { StaffMember } from "#server/staff/staff";
import { translator } from "~/i18n/translator.server";
import { backToConsole, requireManager, staffSessionStorage } from "~/web/auth.server";
import type { Notice } from "~/web/session.server";

/**
 * What the managers' list pages share (coupons, banners, campaigns, topics, openings; issue 14 point 8): the list's loader
 * (its title, the flashed notice, the chain's time zone for the dates) and the pause/resume post of its rows (a
 * switch: "pause" turns it off, "resume" on; 303 back to the list with a notice, a 400 or 404 with a translated one).
 * Managers only: others a 403. Notices are keys of the store namespace under the list's own `ns`.
 */
export type ConsoleArea = "coupons" | "banners" | "campaigns" | "topics" | "openings";

export async function consoleListPage<T>(request: Request, ns: ConsoleArea, read: (ctx: { db: Database; lng: Language; staff: StaffMember; at: Date }) => Promise<T[]>) {
  const { db, session, lng, staff } = await requireManager(request);
  const notice: Notice | null = session.get("notice") ?? null;
  const items = await read({ db, lng, staff, at: now() });
  return json(
    { title: translator(lng, "store")(`${ns}.list.title`), lng, timeZone: COUPON_TIME_ZONE, items, notice },
    notice ? { headers: { "Set-Cookie": await staffSessionStorage.commitSession(session) } } : undefined,
  );
}

export const rowId = z.coerce.number().int().min(1).max(2_147_483_647);

export async function switchAction<K>(
  request: Request,
  area: {
    ns: ConsoleArea;
    home: string;
    key: z.ZodType<K>;
    /** false: no such row; true, or the notice's values (a coupon's code): done */
    flip: (db: Database, change: { key: K; on: boolean; staff: StaffMember; now: Date }) => Promise<boolean | Record<string, string>>;
  },
) {
  const { db, session, staff } = await requireManager(request);
  const schema = z.object({ intent: z.enum(["pause", "resume"]), id: area.key });
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()));
  const refusal = (status: number, key: string) => json({ notice: { tone: "error", key: `store:${area.ns}.notice.${key}` } satisfies Notice as Notice }, { status });
  if (!parsed.success) return refusal(400, "invalid");
  const { intent, id } = parsed.data;
  const done = await area.flip(db, { key: id as K, on: intent === "resume", staff, now: now() });
  if (done === false) return refusal(404, "missing");
  const values = done === true ? undefined : done;
  return backToConsole(session, area.home, { tone: "success", key: `store:${area.ns}.notice.${intent === "pause" ? "paused" : "resumed"}`, values });
}

/**
 * An editor's save refused because the item changed since the editor loaded it (server/content/revision.ts): 409, the
 * typed values kept (`result`), over the item's current revision, so that saving again replaces that change knowingly.
 */
export function editConflict<R>(result: R, updatedAt: Date | string) {
  return json({ result, preview: null, conflict: true as const, revision: revisionOf(updatedAt) }, { status: 409 });
}

/** The revision an editor's form posted (hidden), or undefined: a post without one saves as before. */
export function formRevision(form: FormData): string | undefined {
  return postedRevision(form.get("revision"));
}
