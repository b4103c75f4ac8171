import { json } from "@remix-run/node";
import { ALLERGENS } from "#server/catalog/allergens";
import { getNutritionTable, hiddenAllergens } from "#server/catalog/nutrition";
import { translator } from "~/i18n/translator.server";
import { storefront } from "~/web/storefront.server";

/**
 * The loader of /nutritional-content: the menu's allergens and energy from the catalogue, in the visitor's
 * language, leaving out the products that contain an allergen of `?hide=` (a GET form: it works without JavaScript).
 */
export async function nutritionPage(request: Request) {
  const store = await storefront(request);
  const hide = hiddenAllergens(new URL(request.url).searchParams.getAll("hide"));
  const table = await getNutritionTable(store.db, store.lng, hide);
  const t = translator(store.lng, "nutrition");
  return json({ table, allergens: ALLERGENS, title: t("title") });
}
