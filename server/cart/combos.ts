/**
 * Combos (spec section 3: cart line product_type 1 "combo", with a combo_uuid). Pure rules, no database.
 *
 * A combo with slots is sold as one choice per slot: each slot (a pizza, a side, a drink...) offers products and
 * the customer takes exactly one of them. An option may carry a surcharge (a speciality pizza in a slot of
 * classics: $30.00). Price rule: the combo's own price plus the surcharges of the chosen options; a line's total
 * is that unit price times its quantity (`lineTotalCents`). A combo without slots (the deals) takes no choices
 * and costs its price.
 */

export interface ComboSlotOption {
  productId: number;
  surchargeCents: number;
}

export interface ComboSlot {
  id: number;
  options: ComboSlotOption[];
}

/** One chosen product for one slot. */
export interface ComboChoice {
  slotId: number;
  productId: number;
}

/**
 * Why a selection is refused: a slot left out ("missing"), a slot chosen more than once ("repeated"), a slot of
 * another combo ("unknown-slot") or a product the slot does not offer ("not-offered").
 */
export type ComboProblem = {
  code: "COMBO-CHOICE";
  reason: "missing" | "repeated" | "unknown-slot" | "not-offered";
  slotId: number;
};

/** The first problem of a selection, in slot order for missing slots, or null when every slot has one valid choice. */
export function comboProblem(slots: ComboSlot[], choices: ComboChoice[]): ComboProblem | null {
  const chosen = new Set<number>();
  for (const choice of choices) {
    const slot = slots.find((s) => s.id === choice.slotId);
    if (!slot) return { code: "COMBO-CHOICE", reason: "unknown-slot", slotId: choice.slotId };
    if (chosen.has(slot.id)) return { code: "COMBO-CHOICE", reason: "repeated", slotId: slot.id };
    chosen.add(slot.id);
    if (!slot.options.some((o) => o.productId === choice.productId)) {
      return { code: "COMBO-CHOICE", reason: "not-offered", slotId: slot.id };
    }
  }
  const missing = slots.find((s) => !chosen.has(s.id));
  return missing ? { code: "COMBO-CHOICE", reason: "missing", slotId: missing.id } : null;
}

/**
 * The unit price of a combo: its price plus the surcharge of each chosen option. Check the selection with
 * comboProblem first; a choice that matches no option adds nothing.
 */
export function comboPriceCents(basePriceCents: number, slots: ComboSlot[], choices: ComboChoice[]): number {
  if (!Number.isInteger(basePriceCents) || basePriceCents < 0) throw new RangeError("a combo's price must be integer centavos");
  let cents = basePriceCents;
  for (const choice of choices) {
    const option = slots.find((s) => s.id === choice.slotId)?.options.find((o) => o.productId === choice.productId);
    const surcharge = option?.surchargeCents ?? 0;
    if (!Number.isInteger(surcharge) || surcharge < 0) throw new RangeError("a surcharge must be integer centavos");
    cents += surcharge;
  }
  return cents;
}
