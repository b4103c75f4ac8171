import type { Kysely } from "kysely";
import type { Language } from "../config";
import type { DB, I18nText } from "../db/types";
import { localize } from "../i18n/text";
import type { ComboSlot } from "../cart/combos";
import { lineOptions, type LoadedCombo } from "../cart/line";
import { sellingRules, type SellingRules } from "./availability";
import { isUuid } from "../ids";
import { PRODUCT_TYPE } from "../constants";

/** One product a combo slot offers, resolved to the layers the combo gives. */
export interface ComboOptionRow {
  productId: number;
  uuid: string;
  name: I18nText;
  image: string;
  surchargeCents: number;
  /**
   * A layered product (a pizza) comes at the slot's size with that size's FIRST crust (lowest position: the
   * original pan crust in the demo menu); crusts with their own price are not offered inside a combo.
   */
  firstLayerId: number | null;
  secondLayerId: number | null;
  sizeName: I18nText | null;
  rules: SellingRules;
}

export interface ComboSlotRow {
  id: number;
  position: number;
  name: I18nText;
  options: ComboOptionRow[];
}

/**
 * The slots of some combos, by combo product id, in position order, each with its usable options in position
 * order. An option is usable when its product is active and its size resolves: a layered product needs the slot's
 * size among its sizes; a product without layers takes no size. Unusable options are left out (so they can be
 * neither shown nor chosen). Combos without slots are absent from the map.
 */
export async function loadComboSlots(db: Kysely<DB>, comboIds: number[]): Promise<Map<number, ComboSlotRow[]>> {
  const result = new Map<number, ComboSlotRow[]>();
  if (comboIds.length === 0) return result;
  const slots = await db
    .selectFrom("combo_slots")
    .select(["id", "product_id", "position", "name"])
    .where("product_id", "in", comboIds)
    .orderBy("product_id")
    .orderBy("position")
    .execute();
  if (slots.length === 0) return result;
  const options = await db
    .selectFrom("combo_slot_options as o")
    .innerJoin("products as p", "p.id", "o.product_id")
    .select([
      "o.slot_id", "o.product_id", "o.size_sku", "o.surcharge_cents",
      "p.uuid", "p.name", "p.image", "p.lunch_only", "p.hut_day", "p.selling_start", "p.selling_end",
    ])
    .where("o.slot_id", "in", slots.map((s) => s.id))
    .where("p.active", "=", true)
    .orderBy("o.position")
    .orderBy("o.product_id")
    .execute();
  const productIds = [...new Set(options.map((o) => o.product_id))];
  const layers = productIds.length
    ? await db
        .selectFrom("product_layers")
        .select(["id", "product_id", "parent_id", "sku", "name"])
        .where("product_id", "in", productIds)
        .orderBy("position")
        .orderBy("id")
        .execute()
    : [];
  for (const slot of slots) {
    const usable: ComboOptionRow[] = [];
    for (const o of options.filter((row) => row.slot_id === slot.id)) {
      const own = layers.filter((l) => l.product_id === o.product_id);
      const size = o.size_sku === null ? undefined : own.find((l) => l.parent_id === null && l.sku === o.size_sku);
      if (own.length > 0 ? !size : o.size_sku !== null) continue;
      const crust = size ? own.find((l) => l.parent_id === size.id) : undefined;
      usable.push({
        productId: o.product_id,
        uuid: o.uuid,
        name: o.name as I18nText,
        image: o.image,
        surchargeCents: o.surcharge_cents,
        firstLayerId: size?.id ?? null,
        secondLayerId: crust?.id ?? null,
        sizeName: (size?.name as I18nText | undefined) ?? null,
        rules: { lunchOnly: o.lunch_only, hutDay: o.hut_day, sellingStart: o.selling_start, sellingEnd: o.selling_end },
      });
    }
    const list = result.get(slot.product_id) ?? [];
    list.push({ id: slot.id, position: slot.position, name: slot.name as I18nText, options: usable });
    result.set(slot.product_id, list);
  }
  return result;
}

/** The slots in the shape of the pure rules (server/cart/combos.ts). */
export function ruleSlots(slots: ComboSlotRow[]): ComboSlot[] {
  return slots.map((s) => ({ id: s.id, options: s.options.map((o) => ({ productId: o.productId, surchargeCents: o.surchargeCents })) }));
}

/** "Suprema (Mediana)" in every language the texts have: an item of a combo, with its size when it has one. */
export function comboItemName(name: I18nText, size: I18nText | null): I18nText {
  if (!size) return name;
  const text: I18nText = { es: `${name.es} (${size.es})` };
  for (const lng of ["en", "ar"] as const) {
    if (name[lng] !== undefined || size[lng] !== undefined) text[lng] = `${localize(name, lng)} (${localize(size, lng)})`;
  }
  return text;
}

/**
 * What pricing and showing the combo lines of a cart needs, by line id: the combo's slots now, the line's
 * choice, and the names (with sizes) and selling rules of the chosen items. A combo line's price is always read
 * from the database now (server/cart/line.ts), like every other line. A combo product that has slots but whose
 * line carries no choice (added before its slots existed) is a line whose choice does not hold; a combo without
 * slots and without a choice is absent (priced as a product).
 */
export async function loadComboLines(
  db: Kysely<DB>,
  rows: { id: number; product_id: number; product_type: number; options: unknown }[],
): Promise<Map<number, LoadedCombo>> {
  const lines = new Map<number, LoadedCombo>();
  const comboRows = rows.filter((r) => r.product_type === PRODUCT_TYPE.combo);
  if (comboRows.length === 0) return lines;
  const slotsByCombo = await loadComboSlots(db, [...new Set(comboRows.map((r) => r.product_id))]);
  const stored = (r: { options: unknown }) => lineOptions(r).combo ?? [];
  const itemIds = [...new Set(comboRows.flatMap((r) => stored(r).map((c) => c.productId)))];
  const layerIds = [...new Set(comboRows.flatMap((r) => stored(r).flatMap((c) => (c.firstLayerId ? [c.firstLayerId] : []))))];
  const [items, sizes] = await Promise.all([
    itemIds.length
      ? db.selectFrom("products").select(["id", "name", "lunch_only", "hut_day", "selling_start", "selling_end"]).where("id", "in", itemIds).execute()
      : [],
    layerIds.length ? db.selectFrom("product_layers").select(["id", "name"]).where("id", "in", layerIds).execute() : [],
  ]);
  for (const r of comboRows) {
    const slots = slotsByCombo.get(r.product_id) ?? [];
    const choice = stored(r);
    if (slots.length === 0 && choice.length === 0) continue;
    const chosen = choice.flatMap((c) => {
      const item = items.find((p) => p.id === c.productId);
      return item ? [{ item, size: sizes.find((l) => l.id === c.firstLayerId) }] : [];
    });
    lines.set(r.id, {
      slots: ruleSlots(slots),
      choices: choice.map((c) => ({ slotId: c.slotId, productId: c.productId })),
      items: chosen.map(({ item, size }) => comboItemName(item.name as I18nText, (size?.name as I18nText | undefined) ?? null)),
      itemRules: chosen.map(({ item }) => sellingRules(item)),
    });
  }
  return lines;
}

export interface ComboDetail {
  id: number;
  uuid: string;
  name: string;
  description: string;
  image: string;
  priceCents: number;
  /** The combo's category on the menu, where the page goes back to. */
  menuPath: string;
  slots: {
    id: number;
    name: string;
    options: { productId: number; uuid: string; name: string; image: string; surchargeCents: number }[];
  }[];
}

/**
 * A combo that has slots, with everything its page offers, in one language; undefined for an unknown or
 * inactive product, a product that is not a combo, or a combo without slots.
 */
export async function getComboDetail(db: Kysely<DB>, lng: Language, uuid: string): Promise<ComboDetail | undefined> {
  if (!isUuid(uuid)) return undefined;
  const product = await db
    .selectFrom("products as p")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .leftJoin("categories as pc", "pc.id", "c.parent_id")
    .select(["p.id", "p.uuid", "p.name", "p.description", "p.image", "p.price_cents", "c.slug as category_slug", "pc.slug as parent_slug"])
    .where("p.uuid", "=", uuid)
    .where("p.active", "=", true)
    .where("p.product_type", "=", 1)
    .executeTakeFirst();
  if (!product) return undefined;
  const slots = (await loadComboSlots(db, [product.id])).get(product.id);
  if (!slots || slots.length === 0) return undefined;
  return {
    id: product.id,
    uuid: product.uuid,
    name: localize(product.name as I18nText, lng),
    description: localize(product.description as I18nText, lng),
    image: product.image,
    priceCents: product.price_cents,
    menuPath: product.parent_slug ? `/order/${product.parent_slug}/${product.category_slug}` : `/order/${product.category_slug}`,
    slots: slots.map((slot) => ({
      id: slot.id,
      name: localize(slot.name, lng),
      options: slot.options.map((o) => ({
        productId: o.productId,
        uuid: o.uuid,
        name: localize(o.name, lng),
        image: o.image,
        surchargeCents: o.surchargeCents,
      })),
    })),
  };
}
