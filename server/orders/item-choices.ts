import type { Language } from "../config";
import type { I18nText } from "../db/types";
import { localize } from "../i18n/text";

/**
 * What a line's customer chose beyond its size and crust, in words: a half-and-half's halves, a combo's items, the
 * toppings taken off and added. The cart shows them from the live menu; an order keeps them as words (names in every
 * language) in its item's `detail` when it is placed, so the checkout, the tracker, the confirmation mail and the
 * store's console say what the kitchen must make, even after the menu changes.
 */
export interface ItemChoices {
  halves: string[];
  comboItems: string[];
  removedToppings: string[];
  addedToppings: { name: string; count: number }[];
}

/** The choices' words as an order item's `detail` keeps them (beside the ids that a reorder reads). */
export interface StoredChoices {
  halfNames?: I18nText[];
  comboItems?: I18nText[];
  toppingNames?: { removed: I18nText[]; added: { name: I18nText; count: number }[] };
}

/** A cart line's choices as the order keeps them: only what was chosen. */
export function storedChoices(line: {
  halves: I18nText[];
  removedToppings: I18nText[];
  addedToppings: { name: I18nText; count: number }[];
}): Pick<StoredChoices, "halfNames" | "toppingNames"> {
  return {
    ...(line.halves.length > 0 ? { halfNames: line.halves } : {}),
    ...(line.removedToppings.length > 0 || line.addedToppings.length > 0
      ? { toppingNames: { removed: line.removedToppings, added: line.addedToppings } }
      : {}),
  };
}

/** An order item's choices in one language. (An order placed before the words were kept shows its combo items only.) */
export function itemChoices(detail: StoredChoices, lng: Language): ItemChoices {
  return {
    halves: (detail.halfNames ?? []).map((name) => localize(name, lng)),
    comboItems: (detail.comboItems ?? []).map((name) => localize(name, lng)),
    removedToppings: (detail.toppingNames?.removed ?? []).map((name) => localize(name, lng)),
    addedToppings: (detail.toppingNames?.added ?? []).map((added) => ({ name: localize(added.name, lng), count: added.count })),
  };
}
