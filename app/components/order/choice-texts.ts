import type { ItemChoices } from "#server/orders/item-choices";
import type { TFunction } from "~/i18n/translate";

/**
 * A line's choices beyond size and crust as the cart words them, one text each: "Mitad Pepperoni / mitad Cuatro
 * quesos", "Incluye: …", "Sin Queso", "Extra Jamón ×2". The cart, the checkout, the tracker, the confirmation mail
 * and the store's console all write them so (the `cart` namespace's words).
 */
export function choiceTexts(t: TFunction, choices: ItemChoices): string[] {
  const texts: string[] = [];
  const list = (items: string[]) => items.join(t("cart:listSeparator")); // Arabic's comma in Arabic
  if (choices.halves.length === 2) texts.push(t("cart:halves", { first: choices.halves[0], second: choices.halves[1] }));
  if (choices.comboItems.length > 0) texts.push(t("cart:comboItems", { items: list(choices.comboItems) }));
  if (choices.removedToppings.length > 0) texts.push(t("cart:without", { toppings: list(choices.removedToppings) }));
  if (choices.addedToppings.length > 0) {
    texts.push(t("cart:extra", { toppings: list(choices.addedToppings.map((a) => (a.count > 1 ? `${a.name} ×${a.count}` : a.name))) }));
  }
  return texts;
}

