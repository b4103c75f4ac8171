import { type Kysely, type Transaction, sql } from "kysely";
import type { DB } from "../types";
import { EXTRA_CHEESE_CODE, categories, comboSlots, productImage, products, toppings, type LayerSeed } from "./menu";
import { advanceDurations, dateHours, outlets } from "./outlets";
import { seedDemoCoupons } from "./coupons";
import { seedContent } from "./content";
import { seedPromotions } from "./campaigns";

export { seedContent } from "./content";
export { seedPromotions } from "./campaigns";
import { demoCustomerWanted, seedDemoCustomer } from "./customers";
import { demoStaffWanted, seedDemoStaff } from "./staff";

export { SAMPLE_PIZZA_SKU } from "./menu";
export {
  CARRYOUT_ONLY_OUTLET_CODE,
  CLOSED_MONDAY_OUTLET_CODE,
  MIDNIGHT_OUTLET_CODE,
  SERVED_POSTAL_CODE,
  TIJUANA_OUTLET_CODE,
  UNSERVED_POSTAL_CODE,
} from "./outlets";

export { categoryUuid, productUuid, seedUuid } from "./ids";
import { categoryUuid, productUuid, seedUuid } from "./ids";
import { TOPPING_ALLERGENS, seedAllergens, seedKcal } from "./nutrition";

/** `excluded.<column>` in an upsert's update list (typed to fit any column). */
const excluded = (column: string) => sql<never>`excluded.${sql.ref(column)}`;
const json = (value: unknown) => JSON.stringify(value);

/**
 * Writes the demo chain: outlets with postal codes and hours, toppings, categories, products with layers and
 * their toppings, the slots of the combos, then the demo coupons and their game. One transaction for the chain; idempotent (every row is upserted by its natural key, so a second run
 * updates in place and duplicates nothing).
 */
export async function seed(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await seedOutlets(trx);
    const toppingIds = await seedToppings(trx);
    const categoryIds = await seedCategories(trx);
    const productIds = await seedProducts(trx, categoryIds, toppingIds);
    await seedComboSlots(trx, productIds);
  });
  await seedDemoCoupons(db);
  await seedContent(db);
  await seedPromotions(db);
  if (demoStaffWanted()) await seedDemoStaff(db);
  if (demoCustomerWanted()) await seedDemoCustomer(db, seedUuid);
}

async function seedOutlets(trx: Transaction<DB>): Promise<void> {
  const rows = await trx
    .insertInto("outlets")
    .values(
      outlets.map(({ delivery_postal_codes: _codes, hours: _hours, slot_capacity_pizzas, ...outlet }) => ({
        ...outlet,
        active: true,
        slot_capacity_pizzas: slot_capacity_pizzas ?? 30,
      })),
    )
    .onConflict((oc) =>
      oc.column("code").doUpdateSet({
        name: excluded("name"),
        street: excluded("street"),
        neighbourhood: excluded("neighbourhood"),
        city: excluded("city"),
        state: excluded("state"),
        postal_code: excluded("postal_code"),
        lat: excluded("lat"),
        lng: excluded("lng"),
        phone: excluded("phone"),
        time_zone: excluded("time_zone"),
        tier: excluded("tier"),
        min_cart_cents: excluded("min_cart_cents"),
        quote_delivery_min: excluded("quote_delivery_min"),
        quote_carryout_min: excluded("quote_carryout_min"),
        offers_delivery: excluded("offers_delivery"),
        offers_carryout: excluded("offers_carryout"),
        active: excluded("active"),
        position: excluded("position"),
        slot_capacity_pizzas: excluded("slot_capacity_pizzas"),
        payment_methods: excluded("payment_methods"),
        cash_cap_cents: excluded("cash_cap_cents"),
      }),
    )
    .returning(["id", "code"])
    .execute();
  const outletId = new Map(rows.map((row) => [row.code, row.id]));
  const ids = [...outletId.values()];

  // Postal codes: add the seeded ones, drop any the seed no longer lists for these outlets.
  const codes = outlets.flatMap((outlet) =>
    outlet.delivery_postal_codes.map((postal_code) => ({ outlet_id: outletId.get(outlet.code)!, postal_code })),
  );
  const wantedCodes = new Set(codes.map((c) => `${c.outlet_id}:${c.postal_code}`));
  const existingCodes = await trx
    .selectFrom("outlet_postal_codes")
    .select(["outlet_id", "postal_code"])
    .where("outlet_id", "in", ids)
    .execute();
  for (const stale of existingCodes.filter((c) => !wantedCodes.has(`${c.outlet_id}:${c.postal_code}`))) {
    await trx
      .deleteFrom("outlet_postal_codes")
      .where("outlet_id", "=", stale.outlet_id)
      .where("postal_code", "=", stale.postal_code)
      .execute();
  }
  if (codes.length > 0) {
    await trx
      .insertInto("outlet_postal_codes")
      .values(codes)
      .onConflict((oc) => oc.columns(["outlet_id", "postal_code"]).doNothing())
      .execute();
  }

  // Opening hours: upsert by (outlet, weekday, opens), drop rows the seed no longer has.
  const hours = outlets.flatMap((outlet) =>
    outlet.hours.map((h) => ({ outlet_id: outletId.get(outlet.code)!, ...h })),
  );
  const wantedHours = new Set(hours.map((h) => `${h.outlet_id}:${h.weekday}:${h.opens}`));
  const existingHours = await trx
    .selectFrom("outlet_hours")
    .select(["id", "outlet_id", "weekday", "opens"])
    .where("outlet_id", "in", ids)
    .execute();
  const staleHours = existingHours
    .filter((h) => !wantedHours.has(`${h.outlet_id}:${h.weekday}:${String(h.opens).slice(0, 8)}`))
    .map((h) => h.id);
  if (staleHours.length > 0) await trx.deleteFrom("outlet_hours").where("id", "in", staleHours).execute();
  await trx
    .insertInto("outlet_hours")
    .values(hours)
    .onConflict((oc) =>
      oc.columns(["outlet_id", "weekday", "opens"]).doUpdateSet({
        closes: excluded("closes"),
        interval_min: excluded("interval_min"),
      }),
    )
    .execute();

  // Holiday dates and advance-duration windows: the seed owns them all for its outlets, so replace them.
  await trx.deleteFrom("outlet_date_hours").where("outlet_id", "in", ids).execute();
  await trx.deleteFrom("outlet_advance_durations").where("outlet_id", "in", ids).execute();
  const dated = ids.flatMap((outlet_id) => dateHours.map((d) => ({ outlet_id, ...d })));
  if (dated.length > 0) await trx.insertInto("outlet_date_hours").values(dated).execute();
  const windows = ids.flatMap((outlet_id) => advanceDurations.map((w) => ({ outlet_id, ...w })));
  if (windows.length > 0) await trx.insertInto("outlet_advance_durations").values(windows).execute();
}

async function seedToppings(trx: Transaction<DB>): Promise<Map<string, number>> {
  const rows = await trx
    .insertInto("toppings")
    .values(
      toppings.map((t) => ({
        code: t.code,
        name: json(t.name),
        price_cents: t.price_cents,
        position: t.position,
        allergens: TOPPING_ALLERGENS[t.code] ?? [],
      })),
    )
    .onConflict((oc) =>
      oc.column("code").doUpdateSet({
        name: excluded("name"),
        price_cents: excluded("price_cents"),
        position: excluded("position"),
        allergens: excluded("allergens"),
      }),
    )
    .returning(["id", "code"])
    .execute();
  return new Map(rows.map((row) => [row.code, row.id]));
}

/** Returns the ids of the sub-categories (and top-level ones) keyed by "parent/slug" (or "slug"). */
async function seedCategories(trx: Transaction<DB>): Promise<Map<string, number>> {
  // categories_slug is a unique index on (coalesce(parent_id, 0), slug): the upsert names the same target.
  const target = sql`(coalesce(parent_id, 0)), slug`;
  const updates = {
    uuid: excluded("uuid"),
    kind: excluded("kind"),
    name: excluded("name"),
    position: excluded("position"),
  };
  const ids = new Map<string, number>();

  const tops = await trx
    .insertInto("categories")
    .values(
      categories.map((c) => ({
        uuid: categoryUuid(null, c.slug),
        slug: c.slug,
        parent_id: null,
        kind: c.kind,
        name: json(c.name),
        position: c.position,
      })),
    )
    .onConflict((oc) => oc.expression(target).doUpdateSet(updates))
    .returning(["id", "slug"])
    .execute();
  for (const row of tops) ids.set(row.slug, row.id);

  const children = categories.flatMap((c) =>
    c.children.map((child) => ({
      uuid: categoryUuid(c.slug, child.slug),
      slug: child.slug,
      parent_id: ids.get(c.slug)!,
      kind: c.kind,
      name: json(child.name),
      position: child.position,
    })),
  );
  if (children.length > 0) {
    const subs = await trx
      .insertInto("categories")
      .values(children)
      .onConflict((oc) => oc.expression(target).doUpdateSet(updates))
      .returning(["id", "slug", "parent_id"])
      .execute();
    const parentSlug = new Map(tops.map((row) => [row.id, row.slug]));
    for (const row of subs) ids.set(`${parentSlug.get(row.parent_id!)}/${row.slug}`, row.id);
  }
  return ids;
}

async function seedProducts(
  trx: Transaction<DB>,
  categoryIds: Map<string, number>,
  toppingIds: Map<string, number>,
): Promise<Map<string, number>> {
  const rows = await trx
    .insertInto("products")
    .values(
      products.map((p) => {
        const categoryId = categoryIds.get(`${p.category.parent}/${p.category.slug}`);
        if (categoryId === undefined) throw new Error(`seed: ${p.sku} has an unknown category`);
        return {
          uuid: productUuid(p.sku),
          sku: p.sku,
          category_id: categoryId,
          product_type: p.product_type,
          name: json(p.name),
          description: json(p.description),
          image: productImage(p.sku),
          price_cents: p.price_cents,
          position: p.position,
          active: true,
          half_set: p.half_set ?? null,
          lunch_only: p.lunch_only ?? false,
          hut_day: p.hut_day ?? null,
          selling_start: p.selling_start ?? null,
          selling_end: p.selling_end ?? null,
          allergens: seedAllergens(p),
          kcal: json(seedKcal(p)),
          pizzas: p.pizzas ?? 0,
        };
      }),
    )
    .onConflict((oc) =>
      oc.column("sku").doUpdateSet({
        uuid: excluded("uuid"),
        category_id: excluded("category_id"),
        product_type: excluded("product_type"),
        name: excluded("name"),
        description: excluded("description"),
        image: excluded("image"),
        price_cents: excluded("price_cents"),
        position: excluded("position"),
        active: excluded("active"),
        half_set: excluded("half_set"),
        lunch_only: excluded("lunch_only"),
        hut_day: excluded("hut_day"),
        selling_start: excluded("selling_start"),
        selling_end: excluded("selling_end"),
        allergens: excluded("allergens"),
        kcal: excluded("kcal"),
        pizzas: excluded("pizzas"),
      }),
    )
    .returning(["id", "sku"])
    .execute();
  const productId = new Map(rows.map((row) => [row.sku, row.id]));

  // Layers: sizes first (their ids are the crusts' parents), then crusts.
  const layerUpdates = {
    parent_id: excluded("parent_id"),
    name: excluded("name"),
    price_cents: excluded("price_cents"),
    position: excluded("position"),
  };
  const layerRow = (product_id: number, parent_id: number | null, layer: LayerSeed) => ({
    product_id,
    parent_id,
    sku: layer.sku,
    name: json(layer.name),
    price_cents: layer.price_cents,
    position: layer.position,
  });
  const layered = products.filter((p) => p.layers && p.layers.length > 0);
  if (layered.length > 0) {
    const sizes = await trx
      .insertInto("product_layers")
      .values(layered.flatMap((p) => p.layers!.map((size) => layerRow(productId.get(p.sku)!, null, size))))
      .onConflict((oc) => oc.columns(["product_id", "sku"]).doUpdateSet(layerUpdates))
      .returning(["id", "product_id", "sku"])
      .execute();
    const sizeId = new Map(sizes.map((row) => [`${row.product_id}:${row.sku}`, row.id]));
    const crusts = layered.flatMap((p) => {
      const id = productId.get(p.sku)!;
      return p.layers!.flatMap((size) =>
        (size.children ?? []).map((crust) => layerRow(id, sizeId.get(`${id}:${size.sku}`)!, crust)),
      );
    });
    if (crusts.length > 0) {
      await trx
        .insertInto("product_layers")
        .values(crusts)
        .onConflict((oc) => oc.columns(["product_id", "sku"]).doUpdateSet(layerUpdates))
        .execute();
    }
  }

  // Toppings of pizzas: recipe = default (1), extra cheese = both (0), the rest = extra (2).
  const links = products
    .filter((p) => p.recipe !== undefined)
    .flatMap((p) => {
      for (const code of p.recipe!) {
        if (!toppingIds.has(code)) throw new Error(`seed: ${p.sku} has an unknown topping ${code}`);
      }
      return toppings.map((t) => ({
        product_id: productId.get(p.sku)!,
        topping_id: toppingIds.get(t.code)!,
        type: t.code === EXTRA_CHEESE_CODE ? 0 : p.recipe!.includes(t.code) ? 1 : 2,
      }));
    });
  if (links.length > 0) {
    await trx
      .insertInto("product_toppings")
      .values(links)
      .onConflict((oc) => oc.columns(["product_id", "topping_id"]).doUpdateSet({ type: excluded("type") }))
      .execute();
  }
  return productId;
}

/**
 * The slots of the combos that have them, upserted by (combo, position), and each slot's options by (slot,
 * product); slots and options the seed no longer lists for these combos are dropped. Other products (the deals)
 * keep no slots.
 */
async function seedComboSlots(trx: Transaction<DB>, productId: Map<string, number>): Promise<void> {
  const idOf = (sku: string) => {
    const id = productId.get(sku);
    if (id === undefined) throw new Error(`seed: combo slot names an unknown product ${sku}`);
    return id;
  };
  for (const [comboSku, slots] of Object.entries(comboSlots)) {
    for (const slot of slots) {
      for (const option of slot.options) {
        const layers = products.find((p) => p.sku === option.sku)?.layers ?? [];
        const offered = option.size ? layers.some((size) => size.sku === option.size) : layers.length === 0;
        if (!offered) throw new Error(`seed: ${comboSku} offers ${option.sku} without a size it has`);
      }
    }
  }
  const comboIds = Object.keys(comboSlots).map(idOf);
  const slotRows = await trx
    .insertInto("combo_slots")
    .values(
      Object.entries(comboSlots).flatMap(([sku, slots]) =>
        slots.map((slot, index) => ({ product_id: idOf(sku), position: index + 1, name: json(slot.name) })),
      ),
    )
    .onConflict((oc) => oc.columns(["product_id", "position"]).doUpdateSet({ name: excluded("name") }))
    .returning(["id", "product_id", "position"])
    .execute();
  const slotIds = slotRows.map((row) => row.id);
  await trx.deleteFrom("combo_slots").where("product_id", "in", comboIds).where("id", "not in", slotIds).execute();

  const slotId = new Map(slotRows.map((row) => [`${row.product_id}:${row.position}`, row.id]));
  const options = Object.entries(comboSlots).flatMap(([sku, slots]) =>
    slots.flatMap((slot, index) =>
      slot.options.map((option, position) => ({
        slot_id: slotId.get(`${idOf(sku)}:${index + 1}`)!,
        product_id: idOf(option.sku),
        size_sku: option.size ?? null,
        surcharge_cents: option.surcharge_cents ?? 0,
        position: position + 1,
      })),
    ),
  );
  const wanted = new Set(options.map((o) => `${o.slot_id}:${o.product_id}`));
  const existing = await trx
    .selectFrom("combo_slot_options")
    .select(["slot_id", "product_id"])
    .where("slot_id", "in", slotIds)
    .execute();
  for (const stale of existing.filter((o) => !wanted.has(`${o.slot_id}:${o.product_id}`))) {
    await trx
      .deleteFrom("combo_slot_options")
      .where("slot_id", "=", stale.slot_id)
      .where("product_id", "=", stale.product_id)
      .execute();
  }
  await trx
    .insertInto("combo_slot_options")
    .values(options)
    .onConflict((oc) =>
      oc.columns(["slot_id", "product_id"]).doUpdateSet({
        size_sku: excluded("size_sku"),
        surcharge_cents: excluded("surcharge_cents"),
        position: excluded("position"),
      }),
    )
    .execute();
}
