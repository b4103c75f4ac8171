import type { Kysely } from "kysely";
import { now } from "../../clock";
import type { DB } from "../types";
import { saveStaff } from "../../staff/staff";
import { CLOSED_MONDAY_OUTLET_CODE, MIDNIGHT_OUTLET_CODE } from "./outlets";
import { env, type Env } from "../../config";

/**
 * Demo staff for the store console (/store), with documented passwords (README, "Store console"). They exist
 * only where a demo may: written when SEED_DEMO_STAFF=true, never when SEED_DEMO_STAFF=false, and otherwise only
 * outside production (NODE_ENV not "production") on the embedded database (no DATABASE_URL). Real staff are added with `npm run staff:add`. Gerencia is the
 * demo manager (the coupons at /store/coupons); the others are plain staff (written as such on every seed).
 */
export const demoStaff = [
  { email: "roma@tienda.example", name: "Ana Roma", password: "demo-roma-2026", outletCodes: ["MX-ROM-01"] },
  { email: "coyoacan@tienda.example", name: "Luis Coyoacán", password: "demo-coyoacan-2026", outletCodes: [CLOSED_MONDAY_OUTLET_CODE] },
  {
    email: "gerencia@tienda.example",
    name: "Marta Gerencia",
    password: "demo-gerencia-2026",
    outletCodes: ["MX-ROM-01", MIDNIGHT_OUTLET_CODE],
    // the demo manager: also manages the chain's coupons (/store/coupons)
    role: "manager",
  },
] as const;

export function demoStaffWanted(settings: Pick<Env, "SEED_DEMO_STAFF" | "NODE_ENV" | "DATABASE_URL"> = env()): boolean {
  if (settings.SEED_DEMO_STAFF) return settings.SEED_DEMO_STAFF === "true";
  // Unasked, only on a developer's embedded database: a Postgres server (DATABASE_URL) is a deployment's, even when a
  // command line tool (`npm run db:seed`, whose NODE_ENV defaults to development) writes to it.
  return settings.NODE_ENV !== "production" && !settings.DATABASE_URL;
}

/** Writes (or resets) the demo staff: idempotent, by email. Needs the demo outlets (run after the chain's seed). */
export async function seedDemoStaff(db: Kysely<DB>): Promise<void> {
  const at = now();
  for (const member of demoStaff) await saveStaff(db, { role: "staff", ...member, now: at });
}
