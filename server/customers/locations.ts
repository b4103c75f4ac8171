import type { Selectable, Transaction } from "kysely";
import type { Database } from "../db/client";
import type { CustomerLocationsTable, DB } from "../db/types";
import { DomainError } from "../errors";
import { PLACES_MAX, type Place, type PlaceForm } from "./location-rules";

/**
 * A customer's saved places (spec: POST and PUT locations, GET and DELETE locations/{id}). Every call is scoped to
 * the customer: another customer's place and an unknown id are the same CUS-100011. Exactly one default while the
 * customer has places: the first saved becomes it, choosing another moves it, deleting it promotes the oldest
 * remaining. The writes that touch the default (and the cap) lock the customer's row first, so two at once take
 * turns; the partial unique index `customer_locations_one_default` is the database's own guarantee behind that.
 */

type Row = Selectable<CustomerLocationsTable>;

function placeOf(row: Row): Place {
  return {
    id: row.id,
    name: row.name,
    street: row.street,
    exteriorNumber: row.exterior_number,
    interiorNumber: row.interior_number,
    houseNumber: row.house_number,
    reference: row.reference,
    landmark: row.landmark,
    instructions: row.instructions,
    postalCode: row.postal_code,
    city: row.city,
    state: row.state,
    isDefault: row.is_default,
  };
}

function columnsOf(form: PlaceForm) {
  return {
    name: form.name,
    street: form.street,
    exterior_number: form.exteriorNumber,
    interior_number: form.interiorNumber,
    house_number: form.houseNumber,
    reference: form.reference,
    landmark: form.landmark,
    instructions: form.instructions,
    postal_code: form.postalCode,
    city: form.city,
    state: form.state,
  };
}

/** The customer's places, the default first, then the oldest first. */
export async function listPlaces(db: Database, customerId: number): Promise<Place[]> {
  const rows = await db
    .selectFrom("customer_locations")
    .selectAll()
    .where("customer_id", "=", customerId)
    .orderBy("is_default", "desc")
    .orderBy("id")
    .execute();
  return rows.map(placeOf);
}

/** One of the customer's places; CUS-100011 for an unknown id or another customer's. */
export async function getPlace(db: Database, customerId: number, id: number): Promise<Place> {
  const row = await db.selectFrom("customer_locations").selectAll().where("id", "=", id).where("customer_id", "=", customerId).executeTakeFirst();
  if (!row) throw new DomainError("CUS-100011");
  return placeOf(row);
}

/** Runs `work` in a transaction that holds the customer's row: the customer's place writes take turns. */
function forCustomer<T>(db: Database, customerId: number, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const customer = await trx.selectFrom("customers").select("id").where("id", "=", customerId).forUpdate().executeTakeFirst();
    if (!customer) throw new DomainError("CUS-100002");
    return work(trx);
  });
}

/** Moves the default to `id` (one of the customer's places): the old one first, so the unique index always holds. */
async function moveDefault(trx: Transaction<DB>, customerId: number, id: number, now: Date): Promise<void> {
  await trx
    .updateTable("customer_locations")
    .set({ is_default: false, updated_at: now })
    .where("customer_id", "=", customerId)
    .where("is_default", "=", true)
    .where("id", "!=", id)
    .execute();
  await trx.updateTable("customer_locations").set({ is_default: true, updated_at: now }).where("id", "=", id).where("is_default", "=", false).execute();
}

/**
 * Saves a new place (spec: POST locations). The first place becomes the default, and so does one saved with
 * `makeDefault`. PLACES-LIMIT (with `max`) once the customer has PLACES_MAX places.
 */
export function createPlace(db: Database, customerId: number, form: PlaceForm, options: { now: Date; makeDefault?: boolean }): Promise<Place> {
  return forCustomer(db, customerId, async (trx) => {
    const { count } = await trx
      .selectFrom("customer_locations")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("customer_id", "=", customerId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= PLACES_MAX) throw new DomainError("PLACES-LIMIT", { max: PLACES_MAX });
    const row = await trx
      .insertInto("customer_locations")
      .values({ customer_id: customerId, ...columnsOf(form), is_default: false, created_at: options.now, updated_at: options.now })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (Number(count) === 0 || options.makeDefault) await moveDefault(trx, customerId, row.id, options.now);
    return placeOf(await trx.selectFrom("customer_locations").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow());
  });
}

/** Changes a place (spec: PUT locations); `makeDefault` moves the default to it. CUS-100011 when it is not theirs. */
export function updatePlace(db: Database, customerId: number, id: number, form: PlaceForm, options: { now: Date; makeDefault?: boolean }): Promise<Place> {
  return forCustomer(db, customerId, async (trx) => {
    const updated = await trx
      .updateTable("customer_locations")
      .set({ ...columnsOf(form), updated_at: options.now })
      .where("id", "=", id)
      .where("customer_id", "=", customerId)
      .returning("id")
      .executeTakeFirst();
    if (!updated) throw new DomainError("CUS-100011");
    if (options.makeDefault) await moveDefault(trx, customerId, id, options.now);
    return placeOf(await trx.selectFrom("customer_locations").selectAll().where("id", "=", id).executeTakeFirstOrThrow());
  });
}

/** Makes a place the customer's default (the previous default stops being it). CUS-100011 when it is not theirs. */
export function makeDefaultPlace(db: Database, customerId: number, id: number, now: Date): Promise<void> {
  return forCustomer(db, customerId, async (trx) => {
    const place = await trx.selectFrom("customer_locations").select("id").where("id", "=", id).where("customer_id", "=", customerId).executeTakeFirst();
    if (!place) throw new DomainError("CUS-100011");
    await moveDefault(trx, customerId, id, now);
  });
}

/**
 * Deletes a place (spec: DELETE locations/{id}); when it was the default, the oldest remaining place becomes the
 * default. CUS-100011 when it is not theirs (or was deleted already).
 */
export function deletePlace(db: Database, customerId: number, id: number, now: Date): Promise<void> {
  return forCustomer(db, customerId, async (trx) => {
    const deleted = await trx
      .deleteFrom("customer_locations")
      .where("id", "=", id)
      .where("customer_id", "=", customerId)
      .returning("is_default")
      .executeTakeFirst();
    if (!deleted) throw new DomainError("CUS-100011");
    if (!deleted.is_default) return;
    const oldest = await trx.selectFrom("customer_locations").select("id").where("customer_id", "=", customerId).orderBy("created_at").orderBy("id").limit(1).executeTakeFirst();
    if (oldest) await moveDefault(trx, customerId, oldest.id, now);
  });
}
