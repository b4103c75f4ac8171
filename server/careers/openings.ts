import type { Language } from "#server/constants";
import type { Database } from "#server/db/client";
import { renderMarkdown } from "#server/content/markdown";
import { localize } from "#server/i18n/text";

/**
 * Job openings by outlet (issue 14 point 4; spec route /careers/:id?): `job_openings` rows with a title and a
 * Markdown description per language ({es, en, ar?}: Arabic falls back to English, then Spanish, as the catalogue's
 * names), open or closed. Customers see the open ones of active outlets only; a closed opening, an inactive
 * outlet's, an unknown id and an id that is no positive int4 are all "not found".
 */
export type OpeningSummary = { id: number; title: string };
export type OutletOpenings = { outlet: { code: string; name: string; city: string }; openings: OpeningSummary[] };
export type Opening = OpeningSummary & { html: string; outlet: { code: string; name: string; city: string; street: string } };

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
    group.openings.push({ id: row.id, title: localize(row.title, lng) });
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
    html: renderMarkdown(localize(row.description, lng)),
    outlet: { code: row.code, name: row.name, city: row.city, street: row.street },
  };
}
