import { sql, type Kysely } from "kysely";
import type { DB, StaffRole } from "../db/types";
import { revokeAllSessions } from "../security/sessions";
import { hashPassword, passwordProblem } from "./password";

export interface StaffOutlet {
  id: number;
  code: string;
  name: string;
  timeZone: string;
}

export type { StaffRole };
export const STAFF_ROLES: readonly StaffRole[] = ["staff", "manager"];

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  /** 'manager': also manages the chain's coupons (/store/coupons). */
  role: StaffRole;
  outlets: StaffOutlet[];
}

/** Whether this member manages the chain's coupons. */
export const isManager = (staff: Pick<StaffMember, "role">) => staff.role === "manager";

/** Emails are compared and stored lower-cased and trimmed. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export interface StaffInput {
  email: string;
  name: string;
  password: string;
  /** Outlet codes ("MX-ROM-01"); at least one, every one must exist. */
  outletCodes: readonly string[];
  /** A new member is 'staff' unless told; an existing one keeps their role unless told. */
  role?: StaffRole;
  now: Date;
}

/**
 * Adds a member of staff, or updates the one with that email (name, password, active again, the role when given,
 * and exactly these outlets; an update ends the member's sessions, since the password changed). Used by `npm run staff:add` and the demo seed. Throws a plain Error with a readable message for bad
 * input: these callers are operators, not customers.
 */
export async function saveStaff(db: Kysely<DB>, input: StaffInput): Promise<{ id: number; created: boolean }> {
  const email = normalizeEmail(input.email);
  const name = input.name.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`not an email address: ${input.email}`);
  if (!name) throw new Error("a name is required");
  const problem = passwordProblem(input.password);
  if (problem) throw new Error(problem);
  const codes = [...new Set(input.outletCodes.map((code) => code.trim()).filter(Boolean))];
  if (codes.length === 0) throw new Error("at least one outlet code is required");
  if (input.role !== undefined && !STAFF_ROLES.includes(input.role)) throw new Error(`not a role: ${input.role} (staff or manager)`);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const outlets = await trx.selectFrom("outlets").select(["id", "code"]).where("code", "in", codes).execute();
    const missing = codes.filter((code) => !outlets.some((o) => o.code === code));
    if (missing.length > 0) throw new Error(`unknown outlet code(s): ${missing.join(", ")}`);
    const row = await trx
      .insertInto("staff")
      .values({ email, name, password_hash: passwordHash, active: true, created_at: input.now, ...(input.role ? { role: input.role } : {}) })
      .onConflict((oc) =>
        oc.column("email").doUpdateSet({
          name: (eb) => eb.ref("excluded.name"),
          password_hash: (eb) => eb.ref("excluded.password_hash"),
          active: true,
          ...(input.role ? { role: input.role } : {}),
        }),
      )
      // xmax = 0 only for a freshly inserted row: tells an insert from an update in one statement.
      .returning(["id", sql<boolean>`(xmax = 0)`.as("created")])
      .executeTakeFirstOrThrow();
    // A new password ends every session the member had (a cookie copied before the change no longer works).
    if (!row.created) await revokeAllSessions(trx, "staff", row.id, input.now);
    await trx.deleteFrom("staff_outlets").where("staff_id", "=", row.id).execute();
    await trx
      .insertInto("staff_outlets")
      .values(outlets.map((o) => ({ staff_id: row.id, outlet_id: o.id })))
      .execute();
    return { id: row.id, created: Boolean(row.created) };
  });
}

/** Deactivates a member of staff and ends their sessions. Answers whether such a member exists. */
export async function deactivateStaff(db: Kysely<DB>, email: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.updateTable("staff").set({ active: false }).where("email", "=", normalizeEmail(email)).returning("id").executeTakeFirst();
    if (row) await revokeAllSessions(trx, "staff", row.id, now);
    return row !== undefined;
  });
}

/**
 * Changes a member's role (nothing else; the password and sessions stay: every request reads the role again, so it
 * takes effect at once). Answers whether such a member exists.
 */
export async function setStaffRole(db: Kysely<DB>, email: string, role: StaffRole): Promise<boolean> {
  if (!STAFF_ROLES.includes(role)) throw new Error(`not a role: ${role} (staff or manager)`);
  const row = await db.updateTable("staff").set({ role }).where("email", "=", normalizeEmail(email)).returning("id").executeTakeFirst();
  return row !== undefined;
}

/** An active member of staff with their outlets (in the chain's order); undefined when gone or inactive. */
export async function findStaff(db: Kysely<DB>, id: number): Promise<StaffMember | undefined> {
  const staff = await db
    .selectFrom("staff")
    .select(["id", "email", "name", "role"])
    .where("id", "=", id)
    .where("active", "=", true)
    .executeTakeFirst();
  if (!staff) return undefined;
  const outlets = await db
    .selectFrom("staff_outlets as so")
    .innerJoin("outlets as o", "o.id", "so.outlet_id")
    .select(["o.id", "o.code", "o.name", "o.time_zone as timeZone"])
    .where("so.staff_id", "=", id)
    .orderBy("o.position")
    .orderBy("o.id")
    .execute();
  return { ...staff, outlets };
}
