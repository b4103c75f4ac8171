import type { Database } from "#server/db/client";

/**
 * A combo's first option in each of its slots (by the options' order), and those choices as its form posts them
 * (conform's names: `combo[i].slotId`, `combo[i].productUuid`).
 */
export async function firstComboChoice(db: Database, comboUuid: string) {
  const rows = await db
    .selectFrom("combo_slots as s")
    .innerJoin("products as p", "p.id", "s.product_id")
    .innerJoin("combo_slot_options as o", "o.slot_id", "s.id")
    .innerJoin("products as item", "item.id", "o.product_id")
    .select(["s.id", "item.uuid as option"])
    .where("p.uuid", "=", comboUuid)
    .orderBy("s.id")
    .orderBy("o.position")
    .execute();
  const first = new Map<number, string>();
  for (const row of rows) if (!first.has(row.id)) first.set(row.id, row.option);
  const slots = [...first].map(([id, option]) => ({ id, option }));
  const fields: Record<string, string> = {};
  slots.forEach((slot, i) => {
    fields[`combo[${i}].slotId`] = String(slot.id);
    fields[`combo[${i}].productUuid`] = slot.option;
  });
  return { slots, fields };
}
