import type { Language } from "#server/constants";
import { writeEdited } from "../content/revision";
import { type Database, isUniqueViolation } from "#server/db/client";
import type { I18nText } from "#server/db/types";
import { setSwitch } from "#server/content/switch";
import { renderMarkdown } from "#server/content/markdown";
import { fallbackLanguage, localize } from "#server/i18n/text";

/**
 * Job openings by outlet (issue 14 point 4; spec route /careers/:id?): `job_openings` rows with a title and a
 * Markdown description per language ({es, en, ar?}: Arabic falls back to English, then Spanish, as the catalogue's
 * names), open or closed. Customers see the open ones of active outlets only; a closed opening, an inactive
 * outlet's, an unknown id and an id that is no positive int4 are all "not found".
 */
/** `lang`: the title's language when nobody translated it into the visitor's (it shows its fallback's). */
export type OpeningSummary = { id: number; title: string; lang?: Language };
export type OutletOpenings = { outlet: { code: string; name: string; city: string }; openings: OpeningSummary[] };
export type Opening = OpeningSummary & { html: string; htmlLang?: Language; outlet: { code: string; name: string; city: string; street: string } };

/** A path's id as a row id: 1 to 2^31-1 in plain digits, else null (never a database error). */
export function openingId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** The open openings, grouped by outlet in the outlets' order. */
export async function listOpenings(db: Database, lng: Language): Promise<OutletOpenings[]> {
  const rows = await db
    .selectFrom("job_openings as j")
    .innerJoin("outlets as o", "o.id", "j.outlet_id")
    .select(["j.id", "j.title", "o.code", "o.name", "o.city"])
    .where("j.open", "=", true)
    .where("o.active", "=", true)
    .orderBy("o.position")
    .orderBy("o.id")
    .orderBy("j.position")
    .orderBy("j.id")
    .execute();
  const groups: OutletOpenings[] = [];
  for (const row of rows) {
    let group = groups.at(-1);
    if (group?.outlet.code !== row.code) {
      group = { outlet: { code: row.code, name: row.name, city: row.city }, openings: [] };
      groups.push(group);
    }
    group.openings.push({ id: row.id, title: localize(row.title, lng), lang: fallbackLanguage(row.title, lng) });
  }
  return groups;
}

/** One open opening, its description rendered; null when it is unknown or closed. */
export async function findOpening(db: Database, id: number, lng: Language): Promise<Opening | null> {
  const row = await db
    .selectFrom("job_openings as j")
    .innerJoin("outlets as o", "o.id", "j.outlet_id")
    .select(["j.id", "j.title", "j.description", "o.code", "o.name", "o.city", "o.street"])
    .where("j.id", "=", id)
    .where("j.open", "=", true)
    .where("o.active", "=", true)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    title: localize(row.title, lng),
    lang: fallbackLanguage(row.title, lng),
    html: renderMarkdown(localize(row.description, lng)),
    htmlLang: fallbackLanguage(row.description, lng),
    outlet: { code: row.code, name: row.name, city: row.city, street: row.street },
  };
}

/**
 * The title of an opening that exists but no longer takes applications (closed, or its outlet no longer active), in
 * `lng`; null for an open one or none: an application posted after it closed is told so, not given a bare 404.
 */
export async function closedOpeningTitle(db: Database, id: number, lng: Language): Promise<string | null> {
  const row = await db
    .selectFrom("job_openings as j")
    .innerJoin("outlets as o", "o.id", "j.outlet_id")
    .select(["j.title", "j.open", "o.active"])
    .where("j.id", "=", id)
    .executeTakeFirst();
  return row && !(row.open && row.active) ? localize(row.title, lng) : null;
}

// ---------------------------------------------------------------------------------------------------------------
// The managers' side (/store/openings): every opening, open or closed, of every outlet.

/** An opening's code: capitals, digits and dashes, as the table allows (the seed's natural key). */
export const OPENING_CODE = /^[A-Z0-9][A-Z0-9-]{0,39}$/;

export interface OpeningValues {
  code: string;
  outletId: number;
  title: I18nText;
  description: I18nText;
  position: number;
}
export interface AdminOpening extends OpeningValues {
  id: number;
  open: boolean;
  updatedAt: Date;
  outlet: { code: string; name: string; city: string; street: string };
}

function adminOpenings(db: Database) {
  return db
    .selectFrom("job_openings as j")
    .innerJoin("outlets as o", "o.id", "j.outlet_id")
    .select(["j.id", "j.code", "j.outlet_id", "j.title", "j.description", "j.open", "j.position", "j.updated_at", "o.code as outletCode", "o.name", "o.city", "o.street"])
    .orderBy("o.position")
    .orderBy("o.id")
    .orderBy("j.position")
    .orderBy("j.id");
}
type AdminRow = Awaited<ReturnType<ReturnType<typeof adminOpenings>["execute"]>>[number];
const toAdmin = (row: AdminRow): AdminOpening => ({
  id: row.id,
  code: row.code,
  outletId: row.outlet_id,
  title: row.title,
  description: row.description,
  position: row.position,
  open: row.open,
  updatedAt: new Date(row.updated_at),
  outlet: { code: row.outletCode, name: row.name, city: row.city, street: row.street },
});

/** Every opening by outlet (the outlets' order), open or closed. */
export async function listOpeningsAdmin(db: Database): Promise<AdminOpening[]> {
  return (await adminOpenings(db).execute()).map(toAdmin);
}

export async function openingById(db: Database, id: number): Promise<AdminOpening | null> {
  const row = await adminOpenings(db).where("j.id", "=", id).executeTakeFirst();
  return row ? toAdmin(row) : null;
}

/** The outlets an opening may belong to (all of them, in their order). */
export function openingOutlets(db: Database): Promise<{ id: number; name: string; city: string; street: string; code: string }[]> {
  return db.selectFrom("outlets").select(["id", "name", "city", "street", "code"]).orderBy("position").orderBy("id").execute();
}

/**
 * A manager's save: the opening's id, null when the one to rewrite is gone, "taken" when another has its code,
 * "changed" when it is no longer at the editor's `revision` (server/content/revision.ts).
 */
export async function saveOpening(db: Database, save: { id?: number; values: OpeningValues; now: Date; revision?: string }): Promise<number | null | "taken" | "changed"> {
  const v = save.values;
  const columns = {
    code: v.code,
    outlet_id: v.outletId,
    title: JSON.stringify(v.title),
    description: JSON.stringify(v.description),
    position: v.position,
    updated_at: save.now,
  };
  try {
    return await writeEdited(db, "job_openings", columns, save);
  } catch (error) {
    if (isUniqueViolation(error)) return "taken";
    throw error;
  }
}

/** Close or reopen an opening: false when there is none. */
export function setOpeningOpen(db: Database, change: { id: number; open: boolean; now: Date }): Promise<boolean> {
  return setSwitch(db, "job_openings", { key: change.id, on: change.open, staffId: null, now: change.now });
}
