import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { isDialable } from "#server/content/phone";
import { type ReadOptions, contentCache } from "#server/content/cache";
import { tenant } from "#server/tenant";

/**
 * The emergency banner (spec sections 1 and 9): when online ordering cannot be trusted (a store system down, a
 * storm), a banner on every customer page tells customers to phone the ordering line. Off by default; a manager
 * switches it on and off in the store console (/store/settings) without a deploy, and sets the number to call.
 * Its row in `site_settings` is its whole state; `version` (a new id at every change) is what a customer's dismissal
 * remembers, so switching it on again, or changing the number, shows it again to everyone.
 */
/** `changedAt`: when a manager last switched it (ISO), for the console. */
export type EmergencyBanner = { on: boolean; phone: string; version: string | null; changedAt: string | null };

/** The chain's customer-care line (tenant.config.ts), until a manager sets another number for the banner. */
export const DEFAULT_ORDERING_PHONE = tenant.customerCarePhone;

export const OFF: EmergencyBanner = { on: false, phone: DEFAULT_ORDERING_PHONE, version: null, changedAt: null };

const stored = z.object({ on: z.boolean(), phone: z.string().trim().refine(isDialable), version: z.string().min(1).max(64) });

const KEY = "emergency_banner";

/** Every customer page reads the banner: each process keeps a copy while the content's version holds (server/content/cache.ts). */
const cache = contentCache<EmergencyBanner>();

export function emergencyBanner(db: Database, options: ReadOptions = {}): Promise<EmergencyBanner> {
  return cache.read(
    db,
    KEY,
    async () => {
      const row = await db.selectFrom("site_settings").select(["value", "updated_at"]).where("key", "=", KEY).executeTakeFirst();
      const parsed = row ? stored.safeParse(row.value) : null;
      return parsed?.success ? { ...parsed.data, changedAt: new Date(row!.updated_at).toISOString() } : OFF;
    },
    options,
  );
}

/** A manager's switch: stores the banner's state (a new version; the write raises the content's version, so every process reads it again). */
export async function setEmergencyBanner(
  db: Database,
  change: { on: boolean; phone: string; staffId: number; now: Date },
): Promise<EmergencyBanner> {
  // Each change is a new version (a random id: two changes in one millisecond, or under a pinned clock, differ).
  const value = stored.parse({ on: change.on, phone: change.phone, version: randomUUID() });
  await db
    .insertInto("site_settings")
    .values({ key: KEY, value: JSON.stringify(value), updated_at: change.now, updated_by: change.staffId })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(value), updated_at: change.now, updated_by: change.staffId }))
    .execute();
  return { ...value, changedAt: change.now.toISOString() };
}

/** Whether a customer who dismissed `dismissed` (a version, or nothing) still sees the banner. */
export function bannerShows(banner: EmergencyBanner, dismissed: unknown): boolean {
  return banner.on && dismissed !== banner.version;
}
