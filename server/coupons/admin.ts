import type { Language } from "../config";
import { isUniqueViolation, type Database } from "../db/client";
import type { I18nText } from "../db/types";
import { DomainError } from "../errors";
import { localize } from "../i18n/text";
import { isManager, type StaffMember } from "../staff/staff";
import { couponFormValues, type CouponDraft, type FieldErrors } from "./admin-form";
import type { CouponConditions, CouponGroup } from "./types";
import { PRODUCT_TYPE } from "../constants";

/**
 * The managers' coupons (issue 12 point 8, beyond the spec): reading and writing the `coupons` rows for the store
 * console's /store/coupons pages. Every function takes the signed-in member of staff and refuses anyone but a
 * manager (STAFF-FORBIDDEN), whatever the page checked before. Coupons are the chain's: a manager of any outlet
 * manages all of them. The form's own rules are ./admin-form.ts; here what needs the database: a code already
 * taken, a product, combo, outlet or customer that does not exist, a generation limit below the uses so far.
 * Saving never touches `uses` (counted by the orders, ./uses.ts); pausing is `active = false`, which the rules
 * refuse as CP-12.
 */
function assertManager(staff: StaffMember): void {
  if (!isManager(staff)) throw new DomainError("STAFF-FORBIDDEN");
}

/** A coupons.id (a serial: an int4). */
const isRowId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

/** The image a coupon of a type gets (the seed's: one per type). */
export const defaultCouponImage = (type: number) => ({ desktop: { es: `/images/coupons/type-${type}.svg` } });

export interface AdminCouponRow {
  id: number;
  code: string;
  name: string;
  type: number;
  group: CouponGroup;
  active: boolean;
  uses: number;
  generationLimit: number | null;
  validFrom: string | null;
  validUntil: string | null;
}

/** Every coupon, by code, with its uses so far: the list a manager sees. */
export async function listCoupons(db: Database, staff: StaffMember, lng: Language): Promise<AdminCouponRow[]> {
  assertManager(staff);
  const rows = await db.selectFrom("coupons").select(["id", "code", "name", "type", "group", "active", "uses", "conditions"]).orderBy("code").execute();
  return rows.map((row) => {
    const c = row.conditions as CouponConditions;
    return {
      id: row.id,
      code: row.code,
      name: localize(row.name as I18nText, lng),
      type: row.type,
      group: row.group,
      active: row.active,
      uses: row.uses,
      generationLimit: typeof c.generationLimit === "number" ? c.generationLimit : null,
      validFrom: typeof c.validFrom === "string" ? c.validFrom : null,
      validUntil: typeof c.validUntil === "string" ? c.validUntil : null,
    };
  });
}

/** One coupon as its edit form shows it (undefined: no such coupon). */
export async function couponForEdit(db: Database, staff: StaffMember, id: number) {
  assertManager(staff);
  const row = isRowId(id) ? await db.selectFrom("coupons").selectAll().where("id", "=", id).executeTakeFirst() : undefined;
  if (!row) return undefined;
  const conditions = row.conditions as Record<string, unknown>;
  const customer =
    typeof conditions.customerId === "number"
      ? await db.selectFrom("customers").select("email").where("id", "=", conditions.customerId).executeTakeFirst()
      : undefined;
  return {
    id: row.id,
    code: row.code,
    active: row.active,
    uses: row.uses,
    values: couponFormValues({ ...row, name: row.name as I18nText, benefit: row.benefit, conditions }, customer?.email ?? null),
  };
}

/** What the form offers to choose from, named in the console's language. */
export async function couponChoices(db: Database, staff: StaffMember, lng: Language) {
  assertManager(staff);
  const [products, layers, outlets, slotted] = await Promise.all([
    db.selectFrom("products").select(["id", "uuid", "name", "product_type", "active"]).orderBy("position").orderBy("id").execute(),
    db.selectFrom("product_layers").select(["id", "product_id", "parent_id", "name"]).orderBy("position").orderBy("id").execute(),
    db.selectFrom("outlets").select(["code", "name"]).orderBy("position").orderBy("id").execute(),
    db.selectFrom("combo_slots").select("product_id").distinct().execute(),
  ]);
  const withChoices = new Set(slotted.map((s) => s.product_id));
  const layerName = new Map(layers.map((l) => [l.id, localize(l.name as I18nText, lng)]));
  const named = (p: (typeof products)[number]) => ({ uuid: p.uuid, name: localize(p.name as I18nText, lng), active: p.active });
  return {
    /** single items (free items), each with its options (a size's crust: "Grande, Original (Pan)"), if any */
    items: products
      .filter((p) => p.product_type === 0)
      .map((p) => ({
        ...named(p),
        options: layers
          .filter((l) => l.product_id === p.id && l.parent_id !== null)
          .map((l) => ({ id: l.id, name: `${layerName.get(l.parent_id!) ?? ""}, ${layerName.get(l.id)}` })),
      })),
    /** the combos a deal can open: those whose items the customer chooses (a fixed package has nothing to open) */
    combos: products.filter((p) => p.product_type === PRODUCT_TYPE.combo && withChoices.has(p.id)).map(named),
    products: products.map(named),
    outlets,
  };
}

export type SaveOutcome = { ok: true; id: number; code: string } | { ok: false; errors: FieldErrors } | { ok: false; missing: true };

const fieldError = (key: string) => [`store:coupons.v.${key}`];

/**
 * Creates a coupon (`id` undefined) or rewrites one from the form's draft: its code, name, type and group,
 * benefit and conditions, and its image when the type changes and the image was the type's own. Never `uses`,
 * `active` (pausing is apart) or `created_at`. Refusals come back per field.
 */
export async function saveCoupon(db: Database, staff: StaffMember, input: { id?: number; draft: CouponDraft; now: Date }): Promise<SaveOutcome> {
  assertManager(staff);
  const { draft, id } = input;
  if (id !== undefined && !isRowId(id)) return { ok: false, missing: true };
  try {
    return await db.transaction().execute(async (trx): Promise<SaveOutcome> => {
      const current =
        id === undefined ? undefined : await trx.selectFrom("coupons").select(["id", "type", "uses", "image"]).where("id", "=", id).forUpdate().executeTakeFirst();
      if (id !== undefined && !current) return { ok: false, missing: true };
      const errors: FieldErrors = {};
      const taken = await trx
        .selectFrom("coupons")
        .select("id")
        .where("code", "=", draft.code)
        .$if(id !== undefined, (qb) => qb.where("id", "<>", id!))
        .executeTakeFirst();
      if (taken) errors.code = fieldError("codeTaken");

      const b = draft.benefit;
      if (b.type === 1) {
        const product = await trx.selectFrom("products").select("id").where("uuid", "=", b.productUuid).where("product_type", "=", 0).executeTakeFirst();
        if (!product) errors.freeItem = fieldError("freeItemUnknown");
        else {
          const options = await trx.selectFrom("product_layers").select("id").where("product_id", "=", product.id).where("parent_id", "is not", null).execute();
          const fits = b.secondLayerId === null ? options.length === 0 : options.some((o) => o.id === b.secondLayerId);
          if (!fits) errors.freeItem = fieldError("freeItemOption");
        }
      }
      if (b.type === 6) {
        const combo = await trx
          .selectFrom("products")
          .select(["id", "price_cents"])
          .select((eb) => eb.exists(eb.selectFrom("combo_slots").select("id").whereRef("combo_slots.product_id", "=", "products.id")).as("slotted"))
          .where("uuid", "=", b.comboUuid)
          .where("product_type", "=", 1)
          .executeTakeFirst();
        if (!combo) errors.combo = fieldError("comboUnknown");
        // A deal opens the combo's choices at the coupon's price: a product without choices cannot be opened as one,
        // and a price that is not below the menu's is no deal (the tracker said "Ahorraste $0.00" for $400 against $279).
        else if (!combo.slotted) errors.combo = fieldError("comboNoChoices");
        else if (Number.isFinite(b.priceCents) && b.priceCents >= combo.price_cents) errors.dealPrice = fieldError("dealNotCheaper");
      }
      const c: CouponConditions = { ...draft.conditions };
      if (c.outletCodes) {
        const found = await trx.selectFrom("outlets").select("code").where("code", "in", c.outletCodes).execute();
        if (found.length !== c.outletCodes.length) errors.outlets = fieldError("outletUnknown");
      }
      if (c.menuItems) {
        const found = await trx.selectFrom("products").select("uuid").where("uuid", "in", c.menuItems).execute();
        if (found.length !== c.menuItems.length) errors.menuItems = fieldError("menuItemUnknown");
      }
      if (draft.customerEmail) {
        const customer = await trx.selectFrom("customers").select("id").where("email", "=", draft.customerEmail).executeTakeFirst();
        if (customer) c.customerId = customer.id;
        else errors.customerEmail = fieldError("customerUnknown");
      }
      if (current && c.generationLimit !== undefined && c.generationLimit < current.uses) errors.generationLimit = fieldError("limitBelowUses");
      if (Object.keys(errors).length > 0) return { ok: false, errors };

      const values = {
        code: draft.code,
        name: JSON.stringify(draft.name),
        type: draft.type,
        group: draft.group,
        benefit: JSON.stringify(draft.benefit),
        conditions: JSON.stringify(c),
        updated_at: input.now,
      };
      if (!current) {
        const row = await trx
          .insertInto("coupons")
          .values({ ...values, image: JSON.stringify(defaultCouponImage(draft.type)), created_at: input.now })
          .returning("id")
          .executeTakeFirstOrThrow();
        return { ok: true, id: row.id, code: draft.code };
      }
      const ownImage = JSON.stringify(current.image) === JSON.stringify(defaultCouponImage(current.type));
      await trx
        .updateTable("coupons")
        .set({ ...values, ...(ownImage && current.type !== draft.type ? { image: JSON.stringify(defaultCouponImage(draft.type)) } : {}) })
        .where("id", "=", current.id)
        .execute();
      return { ok: true, id: current.id, code: draft.code };
    });
  } catch (error) {
    // Two managers saving the same new code at once: the table's unique key settles it.
    if (isUniqueViolation(error)) return { ok: false, errors: { code: fieldError("codeTaken") } };
    throw error;
  }
}

/** Pauses (`active` false: the rules refuse it as CP-12) or resumes a coupon; its code, or undefined when none. */
export async function setCouponActive(db: Database, staff: StaffMember, input: { id: number; active: boolean; now: Date }): Promise<string | undefined> {
  assertManager(staff);
  if (!isRowId(input.id)) return undefined;
  const row = await db
    .updateTable("coupons")
    .set({ active: input.active, updated_at: input.now })
    .where("id", "=", input.id)
    .returning("code")
    .executeTakeFirst();
  return row?.code;
}
