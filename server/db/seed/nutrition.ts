import type { Allergen } from "../../catalog/allergens";
import type { ProductSeed } from "./menu";

/**
 * Demo allergens and energy of the menu: plausible values for a demo, not a laboratory's. A product lists its own
 * allergens (dough: gluten; cheese: milk...); a pizza also inherits those of its recipe's toppings (TOPPING_ALLERGENS).
 * Energy: a pizza's whole pie per size (pan crust) = the size's base times the recipe's factor; any other product one
 * portion as sold.
 */
export const TOPPING_ALLERGENS: Record<string, Allergen[]> = {
  pepperoni: ["sulphites"],
  jamon: ["sulphites"],
  salchicha: ["sulphites", "mustard"],
  tocino: ["sulphites"],
  "extra-queso": ["milk"],
};

const DOUGH_CHEESE: Allergen[] = ["gluten", "milk"];
const WINGS: Allergen[] = ["soy", "mustard", "celery"];
const PIZZA_AND_PEPPERONI: Allergen[] = ["gluten", "milk", "sulphites"];

export const PRODUCT_ALLERGENS: Record<string, Allergen[]> = {
  "PZ-BBQ-POLLO": ["gluten", "milk", "mustard", "soy"],
  "LT-PASTA-REFRESCO": ["gluten", "milk", "eggs", "celery"],
  "HD-PEPPERONI-GRANDE": PIZZA_AND_PEPPERONI,
  "HD-HAWAIANA-GRANDE": PIZZA_AND_PEPPERONI,
  "HD-ALITAS-2X1": WINGS,
  "DL-2-GRANDES-1ING": PIZZA_AND_PEPPERONI,
  "DL-FAMILIAR-ORILLA": PIZZA_AND_PEPPERONI,
  "DL-PAQUETE-FIESTA": [...PIZZA_AND_PEPPERONI, ...WINGS],
  "DL-MEDIANA-REFRESCO": PIZZA_AND_PEPPERONI,
  "LT-PERSONAL-REFRESCO": PIZZA_AND_PEPPERONI,
  "CB-PAREJA": PIZZA_AND_PEPPERONI,
  "CB-PIZZA-ALITAS": [...PIZZA_AND_PEPPERONI, ...WINGS],
  "CB-FAMILIAR": PIZZA_AND_PEPPERONI,
  "CB-SUPER-HUT": [...PIZZA_AND_PEPPERONI, ...WINGS, "eggs", "tree-nuts"],
  "LT-PERSONAL-PALITOS": DOUGH_CHEESE,
  "SD-BREADSTICKS": DOUGH_CHEESE,
  "SD-ALITAS-BBQ": WINGS,
  "SD-ALITAS-NOCTURNAS": WINGS,
  "SD-PAPAS-GAJO": [],
  "SD-SALSAS-CORTESIA": ["eggs", "mustard", "milk"],
  "DR-COLA-600": [],
  "DR-AGUA-600": [],
  "DR-COLA-2L": [],
  "DS-ROLLOS-CANELA": ["gluten", "milk", "eggs"],
  "DS-BROWNIE": ["gluten", "milk", "eggs", "soy", "tree-nuts"],
  "DS-PAY-QUESO": ["gluten", "milk", "eggs"],
};

/** A whole pan pizza of each size, in kcal, for a plain cheese recipe (factor 1). */
const SIZE_KCAL: Record<string, number> = { S: 1200, M: 1800, L: 2500, F: 3300 };

const PIZZA_FACTOR: Record<string, number> = {
  "PZ-MARGARITA": 0.9,
  "PZ-VEGETARIANA": 0.9,
  "PZ-PINA-JALAPENO": 0.95,
  "PZ-PEPPERONI": 1.05,
  "PZ-SUPREMA": 1.15,
  "PZ-MEXICANA": 1.15,
  "PZ-CARNES-FRIAS": 1.25,
  "PZ-CUATRO-QUESOS": 1.2,
  "PZ-BBQ-POLLO": 1.1,
};

/** kcal of one portion of a product sold without sizes. */
const PORTION_KCAL: Record<string, number> = {
  "LT-PERSONAL-REFRESCO": 1050,
  "LT-PERSONAL-PALITOS": 1150,
  "LT-PASTA-REFRESCO": 980,
  "HD-PEPPERONI-GRANDE": 2630,
  "HD-HAWAIANA-GRANDE": 2500,
  "HD-ALITAS-2X1": 1440,
  "DL-2-GRANDES-1ING": 5250,
  "DL-FAMILIAR-ORILLA": 3900,
  "DL-PAQUETE-FIESTA": 6400,
  "DL-MEDIANA-REFRESCO": 2050,
  "CB-PAREJA": 2600,
  "CB-PIZZA-ALITAS": 3260,
  "CB-FAMILIAR": 4600,
  "CB-SUPER-HUT": 6900,
  "SD-BREADSTICKS": 760,
  "SD-ALITAS-BBQ": 720,
  "SD-PAPAS-GAJO": 540,
  "SD-ALITAS-NOCTURNAS": 720,
  "SD-SALSAS-CORTESIA": 180,
  "DR-COLA-600": 252,
  "DR-AGUA-600": 0,
  "DR-COLA-2L": 840,
  "DS-ROLLOS-CANELA": 890,
  "DS-BROWNIE": 620,
  "DS-PAY-QUESO": 410,
};

/** The product's own allergens: its entry, or a pizza's dough and cheese. */
export function seedAllergens(product: ProductSeed): Allergen[] {
  return PRODUCT_ALLERGENS[product.sku] ?? (product.layers ? DOUGH_CHEESE : []);
}

/** kcal by size sku, or under "" for a product without sizes. */
export function seedKcal(product: ProductSeed): Record<string, number> {
  if (!product.layers) return { "": PORTION_KCAL[product.sku] ?? 0 };
  const factor = PIZZA_FACTOR[product.sku] ?? 1;
  return Object.fromEntries(product.layers.map((size) => [size.sku, Math.round((SIZE_KCAL[size.sku] ?? 0) * factor)]));
}
