/**
 * Demo menu: categories (top level and sub-categories), products with their layers (sizes and crusts),
 * and toppings. Plain data only; `./index.ts` writes it to the database and `scripts/draw-products.ts`
 * draws a picture per product and per topping. Prices are integer centavos (MXN).
 */

export interface I18n {
  es: string;
  en: string;
  /** Arabic; a name or description without one falls back to English (server/i18n/text.ts). */
  ar?: string;
}

export interface SubCategorySeed {
  slug: string;
  name: I18n;
  position: number;
}

export interface CategorySeed {
  slug: string;
  kind: string;
  name: I18n;
  position: number;
  children: SubCategorySeed[];
}

export interface LayerSeed {
  sku: string;
  name: I18n;
  price_cents: number;
  position: number;
  /** Second layers (crusts) under a first layer (size). */
  children?: LayerSeed[];
}

export interface ToppingSeed {
  code: string;
  name: I18n;
  price_cents: number;
  position: number;
}

export interface ProductSeed {
  sku: string;
  /** Slug of the top-level category and of the sub-category the product belongs to. */
  category: { parent: string; slug: string };
  /** 0 single, 1 combo, 2 half-and-half */
  product_type: 0 | 1 | 2;
  name: I18n;
  description: I18n;
  /** For a layered product: its cheapest size ("from" price). */
  price_cents: number;
  position: number;
  half_set?: 0 | 1 | 2 | null;
  lunch_only?: boolean;
  hut_day?: number | null;
  selling_start?: string | null;
  selling_end?: string | null;
  layers?: LayerSeed[];
  /** Pizzas in one unit of a product without layers (a deal, a package): the slots' capacity counts them. */
  pizzas?: number;
  /**
   * Topping codes of the recipe. Present on pizzas only: the recipe toppings become defaults (type 1),
   * extra cheese is offered both ways (type 0), every other topping is an extra (type 2).
   */
  recipe?: string[];
}

export const EXTRA_CHEESE_CODE = "extra-queso";

export const toppings: ToppingSeed[] = [
  { code: "pepperoni", name: { es: "Pepperoni", en: "Pepperoni", ar: "ببروني" }, price_cents: 2500 },
  { code: "jamon", name: { es: "Jamón", en: "Ham", ar: "لحم مدخّن" }, price_cents: 2500 },
  { code: "champinones", name: { es: "Champiñones", en: "Mushrooms", ar: "فطر" }, price_cents: 2500 },
  { code: "pimiento", name: { es: "Pimiento verde", en: "Green pepper", ar: "فلفل أخضر" }, price_cents: 2000 },
  { code: "cebolla", name: { es: "Cebolla", en: "Onion", ar: "بصل" }, price_cents: 2000 },
  { code: "aceitunas", name: { es: "Aceitunas negras", en: "Black olives", ar: "زيتون أسود" }, price_cents: 2500 },
  { code: "pina", name: { es: "Piña", en: "Pineapple", ar: "أناناس" }, price_cents: 2000 },
  { code: "salchicha", name: { es: "Salchicha italiana", en: "Italian sausage", ar: "نقانق إيطالية" }, price_cents: 2500 },
  { code: "tocino", name: { es: "Tocino", en: "Bacon", ar: "لحم مقدد" }, price_cents: 2500 },
  { code: "jalapeno", name: { es: "Jalapeño", en: "Jalapeño", ar: "هالابينو" }, price_cents: 2000 },
  { code: "carne-molida", name: { es: "Carne molida", en: "Ground beef", ar: "لحم مفروم" }, price_cents: 2500 },
  { code: "pollo", name: { es: "Pollo", en: "Chicken", ar: "دجاج" }, price_cents: 3000 },
  { code: EXTRA_CHEESE_CODE, name: { es: "Queso", en: "Cheese", ar: "جبن" }, price_cents: 3000 },
].map((topping, index) => ({ ...topping, position: index + 1 }));

export const categories: CategorySeed[] = [
  {
    slug: "deals",
    kind: "deals",
    name: { es: "Promociones", en: "Deals", ar: "العروض" },
    position: 1,
    children: [
      { slug: "para-compartir", name: { es: "Para compartir", en: "To share", ar: "للمشاركة" }, position: 1 },
      { slug: "individuales", name: { es: "Individuales", en: "For one", ar: "لشخص واحد" }, position: 2 },
    ],
  },
  {
    slug: "lunch-time",
    kind: "lunch-time",
    name: { es: "Hora de la comida", en: "Lunch time", ar: "وقت الغداء" },
    position: 2,
    children: [{ slug: "paquetes-comida", name: { es: "Paquetes de comida", en: "Lunch packs", ar: "وجبات الغداء" }, position: 1 }],
  },
  {
    slug: "hut-day",
    kind: "hut-day",
    name: { es: "Día Hut", en: "Hut day", ar: "يوم هت" },
    position: 3,
    children: [{ slug: "martes-hut", name: { es: "Martes Hut", en: "Hut Tuesday", ar: "ثلاثاء هت" }, position: 1 }],
  },
  {
    slug: "pizzas",
    kind: "pizzas",
    name: { es: "Pizzas", en: "Pizzas", ar: "بيتزا" },
    position: 4,
    children: [
      { slug: "clasicas", name: { es: "Clásicas", en: "Classics", ar: "الكلاسيكية" }, position: 1 },
      { slug: "especialidades", name: { es: "Especialidades", en: "Specialities", ar: "الخاصة" }, position: 2 },
      { slug: "vegetarianas", name: { es: "Vegetarianas", en: "Vegetarian", ar: "النباتية" }, position: 3 },
    ],
  },
  {
    slug: "half-and-half",
    kind: "half-and-half",
    name: { es: "Mitad y mitad", en: "Half and half", ar: "نصف ونصف" },
    position: 5,
    children: [{ slug: "arma-tu-pizza", name: { es: "Arma tu pizza", en: "Build your pizza", ar: "اصنع البيتزا بنفسك" }, position: 1 }],
  },
  {
    slug: "combos",
    kind: "combos",
    name: { es: "Combos", en: "Combos", ar: "الوجبات" },
    position: 6,
    children: [
      { slug: "para-dos", name: { es: "Para dos", en: "For two", ar: "لشخصين" }, position: 1 },
      { slug: "familiares", name: { es: "Familiares", en: "Family", ar: "عائلية" }, position: 2 },
    ],
  },
  {
    slug: "singles",
    kind: "singles",
    name: { es: "Complementos", en: "Sides & more", ar: "المقبلات والمزيد" },
    position: 7,
    children: [
      { slug: "entradas", name: { es: "Entradas", en: "Sides", ar: "المقبلات" }, position: 1 },
      { slug: "bebidas", name: { es: "Bebidas", en: "Drinks", ar: "المشروبات" }, position: 2 },
      { slug: "postres", name: { es: "Postres", en: "Desserts", ar: "الحلويات" }, position: 3 },
    ],
  },
  {
    slug: "coupons",
    kind: "coupons",
    name: { es: "Cupones", en: "Coupons", ar: "القسائم" },
    position: 8,
    children: [],
  },
  {
    // The spec's `campaigns` menu slug: its own page (/order/campaigns) lists the current campaigns.
    slug: "campaigns",
    kind: "campaigns",
    name: { es: "Campañas", en: "Campaigns", ar: "الحملات" },
    position: 9,
    children: [],
  },
];

// ---------------------------------------------------------------------------------------------------------
// Layers

const SIZE_NAMES: Record<string, I18n> = {
  S: { es: "Chica", en: "Small", ar: "صغيرة" },
  M: { es: "Mediana", en: "Medium", ar: "وسط" },
  L: { es: "Grande", en: "Large", ar: "كبيرة" },
  F: { es: "Familiar", en: "Family", ar: "عائلية" },
};

/** Cheese-stuffed crust surcharge per size; a size without one does not offer it. */
const STUFFED_CRUST_CENTS: Record<string, number | undefined> = { M: 3500, L: 4500, F: 5500 };

function crusts(size: string): LayerSeed[] {
  const layers: LayerSeed[] = [
    { sku: `${size}-PAN`, name: { es: "Original (Pan)", en: "Original pan", ar: "العجينة الأصلية (بان)" }, price_cents: 0, position: 1 },
    { sku: `${size}-THIN`, name: { es: "Delgada", en: "Thin", ar: "رقيقة" }, price_cents: 0, position: 2 },
  ];
  const stuffed = STUFFED_CRUST_CENTS[size];
  if (stuffed !== undefined) {
    layers.push({
      sku: `${size}-STUFFED`,
      name: { es: "Orilla rellena de queso", en: "Cheese-stuffed crust", ar: "حواف محشوة بالجبن" },
      price_cents: stuffed,
      position: 3,
    });
  }
  return layers;
}

/** Sizes (first layers) with their prices, each with the crusts (second layers) it offers. */
function sizes(prices: Partial<Record<"S" | "M" | "L" | "F", number>>): LayerSeed[] {
  return (["S", "M", "L", "F"] as const)
    .filter((size) => prices[size] !== undefined)
    .map((size, index) => ({
      sku: size,
      name: SIZE_NAMES[size],
      price_cents: prices[size]!,
      position: index + 1,
      children: crusts(size),
    }));
}

const CLASSIC_PRICES = { S: 12900, M: 18900, L: 22900, F: 27900 };
const VEGGIE_PRICES = { S: 13900, M: 19900, L: 23900, F: 28900 };
const SPECIALITY_PRICES = { S: 14900, M: 21900, L: 25900, F: 30900 };

type PizzaInput = Omit<ProductSeed, "product_type" | "price_cents" | "layers" | "category" | "recipe"> & {
  slug: string;
  recipe: string[];
  prices: Partial<Record<"S" | "M" | "L" | "F", number>>;
};

function pizza({ slug, prices, ...rest }: PizzaInput): ProductSeed {
  return {
    ...rest,
    category: { parent: "pizzas", slug },
    product_type: 0,
    price_cents: Math.min(...Object.values(prices)),
    layers: sizes(prices),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Products

const pizzas: ProductSeed[] = [
  // Classics: offered as halves in both half-and-half sets.
  pizza({
    sku: "PZ-PEPPERONI",
    slug: "clasicas",
    position: 1,
    name: { es: "Pepperoni", en: "Pepperoni", ar: "ببروني" },
    description: {
      es: "Salsa de tomate, queso mozzarella y doble porción de pepperoni.",
      en: "Tomato sauce, mozzarella cheese and a double helping of pepperoni.",
    ar: "صلصة طماطم وجبن موتزاريلا وحصة مضاعفة من الببروني.",
  },
    recipe: ["pepperoni"],
    prices: CLASSIC_PRICES,
    half_set: 2,
  }),
  pizza({
    sku: "PZ-HAWAIANA",
    slug: "clasicas",
    position: 2,
    name: { es: "Hawaiana", en: "Hawaiian", ar: "هاواي" },
    description: {
      es: "Salsa de tomate, queso mozzarella, jamón y piña.",
      en: "Tomato sauce, mozzarella cheese, ham and pineapple.",
    ar: "صلصة طماطم وجبن موتزاريلا ولحم خنزير مدخّن وأناناس.",
  },
    recipe: ["jamon", "pina"],
    prices: CLASSIC_PRICES,
    half_set: 2,
  }),
  pizza({
    sku: "PZ-MARGARITA",
    slug: "clasicas",
    position: 3,
    name: { es: "Margarita", en: "Margherita", ar: "مارغريتا" },
    description: {
      es: "Salsa de tomate, queso mozzarella, rodajas de jitomate y albahaca.",
      en: "Tomato sauce, mozzarella cheese, tomato slices and basil.",
    ar: "صلصة طماطم وجبن موتزاريلا وشرائح طماطم وريحان.",
  },
    recipe: [],
    prices: CLASSIC_PRICES,
    half_set: 2,
  }),
  pizza({
    sku: "PZ-JAMON-CHAMPINONES",
    slug: "clasicas",
    position: 4,
    name: { es: "Jamón y champiñones", en: "Ham & mushrooms", ar: "لحم مدخّن وفطر" },
    description: {
      es: "Salsa de tomate, queso mozzarella, jamón y champiñones frescos.",
      en: "Tomato sauce, mozzarella cheese, ham and fresh mushrooms.",
    ar: "صلصة طماطم وجبن موتزاريلا ولحم خنزير مدخّن وفطر طازج.",
  },
    recipe: ["jamon", "champinones"],
    prices: CLASSIC_PRICES,
    half_set: 2,
  }),
  // Specialities: halves in the normal set only.
  pizza({
    sku: "PZ-SUPREMA",
    slug: "especialidades",
    position: 1,
    name: { es: "Suprema", en: "Supreme", ar: "سوبريم" },
    description: {
      es: "Pepperoni, salchicha italiana, pimiento verde, cebolla, champiñones y aceitunas negras.",
      en: "Pepperoni, Italian sausage, green pepper, onion, mushrooms and black olives.",
    ar: "ببروني ونقانق إيطالية وفلفل أخضر وبصل وفطر وزيتون أسود.",
  },
    recipe: ["pepperoni", "salchicha", "pimiento", "cebolla", "champinones", "aceitunas"],
    prices: SPECIALITY_PRICES,
    half_set: 0,
  }),
  pizza({
    sku: "PZ-MEXICANA",
    slug: "especialidades",
    position: 2,
    name: { es: "Mexicana con jalapeño", en: "Mexican with jalapeño", ar: "مكسيكية بالهالابينو" },
    description: {
      es: "Carne molida sazonada, cebolla, pimiento verde y chiles jalapeños.",
      en: "Seasoned ground beef, onion, green pepper and jalapeño peppers.",
    ar: "لحم بقري مفروم متبّل وبصل وفلفل أخضر وفلفل هالابينو.",
  },
    recipe: ["carne-molida", "cebolla", "pimiento", "jalapeno"],
    prices: SPECIALITY_PRICES,
    half_set: 0,
  }),
  pizza({
    sku: "PZ-CARNES-FRIAS",
    slug: "especialidades",
    position: 3,
    name: { es: "Carnes frías", en: "Meat lovers", ar: "عشّاق اللحوم" },
    description: {
      es: "Pepperoni, jamón, salchicha italiana, tocino y carne molida.",
      en: "Pepperoni, ham, Italian sausage, bacon and ground beef.",
    ar: "ببروني ولحم خنزير مدخّن ونقانق إيطالية ولحم مقدد ولحم بقري مفروم.",
  },
    recipe: ["pepperoni", "jamon", "salchicha", "tocino", "carne-molida"],
    prices: SPECIALITY_PRICES,
    half_set: 0,
  }),
  pizza({
    sku: "PZ-CUATRO-QUESOS",
    slug: "especialidades",
    position: 4,
    name: { es: "Cuatro quesos", en: "Four cheese", ar: "أربعة أجبان" },
    description: {
      es: "Mozzarella, cheddar, parmesano y queso de cabra sobre salsa de tomate.",
      en: "Mozzarella, cheddar, parmesan and goat cheese on tomato sauce.",
    ar: "موتزاريلا وشيدر وبارميزان وجبن ماعز على صلصة الطماطم.",
  },
    recipe: [],
    prices: SPECIALITY_PRICES,
    half_set: 0,
  }),
  pizza({
    sku: "PZ-BBQ-POLLO",
    slug: "especialidades",
    position: 5,
    name: { es: "BBQ pollo", en: "BBQ chicken", ar: "دجاج باربكيو" },
    description: {
      es: "Salsa BBQ, queso mozzarella, pollo a la parrilla, tocino y cebolla.",
      en: "BBQ sauce, mozzarella cheese, grilled chicken, bacon and onion.",
    ar: "صلصة باربكيو وجبن موتزاريلا ودجاج مشوي ولحم مقدد وبصل.",
  },
    recipe: ["pollo", "tocino", "cebolla"],
    prices: SPECIALITY_PRICES,
    half_set: 0,
  }),
  // Vegetarian.
  pizza({
    sku: "PZ-VEGETARIANA",
    slug: "vegetarianas",
    position: 1,
    name: { es: "Vegetariana", en: "Veggie", ar: "نباتية" },
    description: {
      es: "Champiñones, pimiento verde, cebolla y aceitunas negras.",
      en: "Mushrooms, green pepper, onion and black olives.",
    ar: "فطر وفلفل أخضر وبصل وزيتون أسود.",
  },
    recipe: ["champinones", "pimiento", "cebolla", "aceitunas"],
    prices: VEGGIE_PRICES,
    half_set: 2,
  }),
  pizza({
    sku: "PZ-PINA-JALAPENO",
    slug: "vegetarianas",
    position: 2,
    name: { es: "Piña con jalapeño", en: "Pineapple & jalapeño", ar: "أناناس وهالابينو" },
    description: {
      es: "Piña dulce y jalapeño en rodajas: el clásico agridulce con picor.",
      en: "Sweet pineapple and sliced jalapeño: sweet, sour and spicy.",
    ar: "أناناس حلو وشرائح هالابينو: حلوة وحامضة وحارة.",
  },
    recipe: ["pina", "jalapeno"],
    prices: VEGGIE_PRICES,
    half_set: 1,
  }),
];

const halfAndHalf: ProductSeed[] = [
  {
    sku: "HH-MITAD-Y-MITAD",
    category: { parent: "half-and-half", slug: "arma-tu-pizza" },
    product_type: 2,
    position: 1,
    name: { es: "Pizza mitad y mitad", en: "Half and half pizza", ar: "بيتزا نصف ونصف" },
    description: {
      es: "Elige dos pizzas y llévate una mitad de cada una, en tamaño mediano, grande o familiar.",
      en: "Pick two pizzas and get one half of each, in medium, large or family size.",
    ar: "اختر بيتزتين واحصل على نصف من كل منهما، بحجم وسط أو كبير أو عائلي.",
  },
    // Shown prices are those of two classic halves; the cart prices the actual pair (dearer half + $50).
    price_cents: CLASSIC_PRICES.M + 5_000,
    layers: sizes({ M: CLASSIC_PRICES.M + 5_000, L: CLASSIC_PRICES.L + 5_000, F: CLASSIC_PRICES.F + 5_000 }),
  },
  {
    sku: "HH-MITAD-COMIDA",
    category: { parent: "half-and-half", slug: "arma-tu-pizza" },
    product_type: 2,
    position: 2,
    lunch_only: true,
    name: { es: "Mitad y mitad de mediodía", en: "Lunchtime half and half", ar: "نصف ونصف الظهيرة" },
    description: {
      es: "Pizza mediana mitad y mitad a precio de comida, de lunes a domingo en horario de comida.",
      en: "Medium half and half pizza at a lunch price, every day at lunchtime.",
    ar: "بيتزا نصف ونصف وسط بسعر الغداء، كل يوم وقت الغداء.",
  },
    // Two classic medium halves at the lunch rate (dearer half + $40).
    price_cents: CLASSIC_PRICES.M + 4_000,
    layers: sizes({ M: CLASSIC_PRICES.M + 4_000 }),
  },
];

const lunch: ProductSeed[] = [
  {
    sku: "LT-PERSONAL-REFRESCO",
    pizzas: 1,
    category: { parent: "lunch-time", slug: "paquetes-comida" },
    product_type: 0,
    position: 1,
    lunch_only: true,
    name: { es: "Pizza personal + refresco", en: "Personal pizza + soft drink", ar: "بيتزا فردية + مشروب غازي" },
    description: {
      es: "Pizza personal de pepperoni y un refresco de 600 ml.",
      en: "A personal pepperoni pizza and a 600 ml soft drink.",
    ar: "بيتزا شخصية بالببروني ومشروب غازي 600 مل.",
  },
    price_cents: 8900,
  },
  {
    sku: "LT-PERSONAL-PALITOS",
    pizzas: 1,
    category: { parent: "lunch-time", slug: "paquetes-comida" },
    product_type: 0,
    position: 2,
    lunch_only: true,
    name: { es: "Pizza personal + palitos + refresco", en: "Personal pizza + breadsticks + soft drink", ar: "بيتزا فردية + أصابع خبز + مشروب غازي" },
    description: {
      es: "Pizza personal, 4 palitos de pan con salsa marinara y un refresco de 600 ml.",
      en: "A personal pizza, 4 breadsticks with marinara sauce and a 600 ml soft drink.",
    ar: "بيتزا شخصية و4 أصابع خبز مع صلصة مارينارا ومشروب غازي 600 مل.",
  },
    price_cents: 11900,
  },
  {
    sku: "LT-PASTA-REFRESCO",
    category: { parent: "lunch-time", slug: "paquetes-comida" },
    product_type: 0,
    position: 3,
    lunch_only: true,
    name: { es: "Pasta boloñesa + refresco", en: "Bolognese pasta + soft drink", ar: "معكرونة بولونيز + مشروب غازي" },
    description: {
      es: "Pasta al horno con salsa boloñesa y queso gratinado, con un refresco de 600 ml.",
      en: "Baked pasta with bolognese sauce and melted cheese, with a 600 ml soft drink.",
    ar: "معكرونة بالفرن بصلصة بولونيز وجبن ذائب، مع مشروب غازي 600 مل.",
  },
    price_cents: 9900,
  },
];

const hutDay: ProductSeed[] = [
  {
    sku: "HD-PEPPERONI-GRANDE",
    pizzas: 1,
    category: { parent: "hut-day", slug: "martes-hut" },
    product_type: 0,
    position: 1,
    hut_day: 2,
    name: { es: "Martes Hut: Pepperoni grande", en: "Hut Tuesday: large Pepperoni", ar: "ثلاثاء هت: ببروني كبيرة" },
    description: {
      es: "Pizza grande de pepperoni en masa original a precio de martes.",
      en: "A large pepperoni pizza on original pan crust at a Tuesday price.",
    ar: "بيتزا ببروني كبيرة بالعجينة الأصلية (بان) بسعر يوم الثلاثاء.",
  },
    price_cents: 14900,
    recipe: ["pepperoni"],
  },
  {
    sku: "HD-HAWAIANA-GRANDE",
    pizzas: 1,
    category: { parent: "hut-day", slug: "martes-hut" },
    product_type: 0,
    position: 2,
    hut_day: 2,
    name: { es: "Martes Hut: Hawaiana grande", en: "Hut Tuesday: large Hawaiian", ar: "ثلاثاء هت: هاواي كبيرة" },
    description: {
      es: "Pizza grande hawaiana (jamón y piña) en masa original a precio de martes.",
      en: "A large Hawaiian pizza (ham and pineapple) on original pan crust at a Tuesday price.",
    ar: "بيتزا هاواي كبيرة (لحم خنزير مدخّن وأناناس) بالعجينة الأصلية (بان) بسعر يوم الثلاثاء.",
  },
    price_cents: 15900,
    recipe: ["jamon", "pina"],
  },
  {
    sku: "HD-ALITAS-2X1",
    category: { parent: "hut-day", slug: "martes-hut" },
    product_type: 0,
    position: 3,
    hut_day: 2,
    name: { es: "Martes Hut: alitas 2×1", en: "Hut Tuesday: wings 2 for 1", ar: "ثلاثاء هت: أجنحة 2 بسعر 1" },
    description: {
      es: "Dos órdenes de 8 alitas BBQ por el precio de una.",
      en: "Two orders of 8 BBQ wings for the price of one.",
    ar: "طلبان من 8 أجنحة باربكيو بسعر طلب واحد.",
  },
    price_cents: 12900,
  },
];

const deals: ProductSeed[] = [
  {
    sku: "DL-2-GRANDES-1ING",
    pizzas: 2,
    category: { parent: "deals", slug: "para-compartir" },
    product_type: 1,
    position: 1,
    name: { es: "2 pizzas grandes de pepperoni", en: "2 large pepperoni pizzas", ar: "2 بيتزا ببروني كبيرة" },
    description: {
      es: "Dos pizzas grandes de pepperoni en masa original.",
      en: "Two large original pan pepperoni pizzas.",
    ar: "بيتزتان كبيرتان بالببروني بالعجينة الأصلية (بان).",
  },
    price_cents: 29900,
  },
  {
    sku: "DL-FAMILIAR-ORILLA",
    pizzas: 1,
    category: { parent: "deals", slug: "para-compartir" },
    product_type: 1,
    position: 2,
    name: { es: "Familiar con orilla rellena + refresco 2 L", en: "Family stuffed-crust pizza + 2 L soft drink", ar: "بيتزا عائلية بحواف محشوة + مشروب غازي 2 لتر" },
    description: {
      es: "Una pizza familiar Suprema con orilla rellena de queso y un refresco de 2 litros.",
      en: "A family-size Supreme pizza with cheese-stuffed crust and a 2-liter soft drink.",
    ar: "بيتزا سوبريم بحجم عائلي بحواف محشوة بالجبن ومشروب غازي 2 لتر.",
  },
    price_cents: 34900,
  },
  {
    sku: "DL-PAQUETE-FIESTA",
    pizzas: 3,
    category: { parent: "deals", slug: "para-compartir" },
    product_type: 1,
    position: 3,
    name: { es: "Paquete fiesta", en: "Party pack", ar: "باقة الحفلة" },
    description: {
      es: "Tres pizzas grandes de pepperoni, una orden de palitos de pan y dos refrescos de 2 litros.",
      en: "Three large pepperoni pizzas, an order of breadsticks and two 2-liter soft drinks.",
    ar: "ثلاث بيتزا ببروني كبيرة، وطلب أصابع خبز ومشروبان غازيان 2 لتر.",
  },
    price_cents: 59900,
  },
  {
    sku: "DL-MEDIANA-REFRESCO",
    pizzas: 1,
    category: { parent: "deals", slug: "individuales" },
    product_type: 1,
    position: 1,
    name: { es: "Mediana de pepperoni + refresco", en: "Medium pepperoni pizza + soft drink", ar: "بيتزا ببروني وسط + مشروب غازي" },
    description: {
      es: "Una pizza mediana de pepperoni y un refresco de 600 ml.",
      en: "A medium pepperoni pizza and a 600 ml soft drink.",
    ar: "بيتزا ببروني وسط ومشروب غازي 600 مل.",
  },
    price_cents: 17900,
  },
];

const combos: ProductSeed[] = [
  {
    sku: "CB-PAREJA",
    category: { parent: "combos", slug: "para-dos" },
    product_type: 1,
    position: 1,
    name: { es: "Combo pareja", en: "Couple combo", ar: "وجبة الثنائي" },
    description: {
      es: "Una pizza mediana clásica, palitos de pan y dos refrescos de 600 ml.",
      en: "A medium classic pizza, breadsticks and two 600 ml soft drinks.",
    ar: "بيتزا كلاسيكية وسط وأصابع خبز ومشروبان غازيان 600 مل.",
  },
    price_cents: 27900,
  },
  {
    sku: "CB-PIZZA-ALITAS",
    category: { parent: "combos", slug: "para-dos" },
    product_type: 1,
    position: 2,
    name: { es: "Combo pizza y alitas", en: "Pizza & wings combo", ar: "وجبة بيتزا وأجنحة" },
    description: {
      es: "Una pizza mediana clásica, 8 alitas BBQ y un refresco de 2 litros.",
      en: "A medium classic pizza, 8 BBQ wings and a 2-liter soft drink.",
    ar: "بيتزا كلاسيكية وسط و8 أجنحة باربكيو ومشروب غازي 2 لتر.",
  },
    price_cents: 32900,
  },
  {
    sku: "CB-FAMILIAR",
    category: { parent: "combos", slug: "familiares" },
    product_type: 1,
    position: 1,
    name: { es: "Combo familiar", en: "Family combo", ar: "الوجبة العائلية" },
    description: {
      es: "Una pizza familiar de especialidad, papas gajo y un refresco de 2 litros.",
      en: "A family-size specialty pizza, potato wedges and a 2-liter soft drink.",
    ar: "بيتزا مميزة بحجم عائلي وقطع بطاطس مخبوزة ومشروب غازي 2 لتر.",
  },
    price_cents: 38900,
  },
  {
    sku: "CB-SUPER-HUT",
    category: { parent: "combos", slug: "familiares" },
    product_type: 1,
    position: 2,
    name: { es: "Combo Súper Hut", en: "Super Hut combo", ar: "وجبة سوبر هت" },
    description: {
      es: "Dos pizzas grandes clásicas, palitos de pan, un brownie y un refresco de 2 litros.",
      en: "Two large classic pizzas, breadsticks, a brownie and a 2-liter soft drink.",
    ar: "بيتزتان كلاسيكيتان كبيرتان وأصابع خبز وبراوني ومشروب غازي 2 لتر.",
  },
    price_cents: 52900,
  },
];

const sides = { parent: "singles", slug: "entradas" };
const drinks = { parent: "singles", slug: "bebidas" };
const desserts = { parent: "singles", slug: "postres" };

const singles: ProductSeed[] = [
  {
    sku: "SD-BREADSTICKS",
    category: sides,
    product_type: 0,
    position: 1,
    name: { es: "Palitos de pan", en: "Breadsticks", ar: "أصابع الخبز" },
    description: {
      es: "8 palitos de pan con mantequilla de ajo y parmesano, con salsa marinara.",
      en: "8 breadsticks with garlic butter and parmesan, with marinara sauce.",
    ar: "8 أصابع خبز بزبدة الثوم والبارميزان، مع صلصة مارينارا.",
  },
    price_cents: 6900,
  },
  {
    sku: "SD-ALITAS-BBQ",
    category: sides,
    product_type: 0,
    position: 2,
    name: { es: "Alitas BBQ (8 piezas)", en: "BBQ wings (8 pieces)", ar: "أجنحة باربكيو (8 قطع)" },
    description: {
      es: "8 alitas de pollo horneadas bañadas en salsa BBQ, con aderezo ranch.",
      en: "8 oven-baked chicken wings tossed in BBQ sauce, with ranch dressing.",
    ar: "8 أجنحة دجاج مخبوزة في الفرن بصلصة باربكيو، مع صلصة رانش.",
  },
    price_cents: 12900,
  },
  {
    sku: "SD-PAPAS-GAJO",
    category: sides,
    product_type: 0,
    position: 3,
    name: { es: "Papas gajo", en: "Potato wedges", ar: "بطاطا ودجز" },
    description: {
      es: "Papas gajo sazonadas y horneadas, con cátsup.",
      en: "Seasoned baked potato wedges, with ketchup.",
    ar: "قطع بطاطس مخبوزة متبّلة، مع الكاتشب.",
  },
    price_cents: 5900,
  },
  {
    sku: "SD-ALITAS-NOCTURNAS",
    category: sides,
    product_type: 0,
    position: 4,
    selling_start: "18:00:00",
    selling_end: "23:00:00",
    name: { es: "Alitas nocturnas (12 piezas)", en: "Late-night wings (12 pieces)", ar: "أجنحة السهرة (12 قطعة)" },
    description: {
      es: "12 alitas picantes con aderezo de queso azul. Solo de 6 de la tarde a 11 de la noche.",
      en: "12 hot wings with blue cheese dip. Only from 6 pm to 11 pm.",
    ar: "12 جناحًا حارًا مع غموس الجبن الأزرق. من 6 مساءً حتى 11 مساءً فقط.",
  },
    price_cents: 14900,
  },
  {
    // A free item (price 0): courtesy sauces, one line like any other, shown as free.
    sku: "SD-SALSAS-CORTESIA",
    category: sides,
    product_type: 0,
    position: 5,
    name: { es: "Salsas de cortesía (picante y ranch)", en: "Complimentary sauces (hot and ranch)", ar: "صلصات مجانية (حارة ورانش)" },
    description: {
      es: "Dos sobres de salsa picante y uno de aderezo ranch, sin costo.",
      en: "Two hot sauce packets and one ranch dip, free of charge.",
    ar: "كيسان من الصلصة الحارة وغموس رانش واحد، مجانًا.",
  },
    price_cents: 0,
  },
  {
    sku: "DR-COLA-600",
    category: drinks,
    product_type: 0,
    position: 1,
    name: { es: "Refresco 600 ml", en: "Soft drink 600 ml", ar: "مشروب غازي 600 مل" },
    description: { es: "Refresco de cola bien frío, botella de 600 ml.", en: "Ice-cold cola, 600 ml bottle.", ar: "كولا مثلّجة، زجاجة 600 مل." },
    price_cents: 3900,
  },
  {
    sku: "DR-AGUA-600",
    category: drinks,
    product_type: 0,
    position: 2,
    name: { es: "Agua natural 600 ml", en: "Still water 600 ml", ar: "مياه معدنية 600 مل" },
    description: { es: "Agua purificada sin gas, botella de 600 ml.", en: "Still purified water, 600 ml bottle.", ar: "مياه نقية غير فوّارة، زجاجة 600 مل." },
    price_cents: 3900,
  },
  {
    sku: "DR-COLA-2L",
    category: drinks,
    product_type: 0,
    position: 3,
    name: { es: "Refresco 2 L", en: "Soft drink 2 L", ar: "مشروب غازي 2 لتر" },
    description: { es: "Refresco de cola para compartir, botella de 2 litros.", en: "Cola to share, 2-liter bottle.", ar: "كولا للمشاركة، زجاجة 2 لتر." },
    price_cents: 5900,
  },
  {
    sku: "DS-ROLLOS-CANELA",
    category: desserts,
    product_type: 0,
    position: 1,
    name: { es: "Rollos de canela (4 piezas)", en: "Cinnamon rolls (4 pieces)", ar: "لفائف القرفة (4 قطع)" },
    description: {
      es: "Rollitos de canela recién horneados con glaseado de queso crema.",
      en: "Freshly baked cinnamon rolls with cream cheese frosting.",
    ar: "لفائف قرفة مخبوزة طازجة مع كريمة جبن.",
  },
    price_cents: 8900,
  },
  {
    sku: "DS-BROWNIE",
    category: desserts,
    product_type: 0,
    position: 2,
    name: { es: "Brownie", en: "Brownie", ar: "براوني" },
    description: {
      es: "Brownie de chocolate con nuez, tibio y en trozo grande.",
      en: "A big, warm chocolate brownie with walnuts.",
    ar: "براوني شوكولاتة كبير ودافئ بالجوز.",
  },
    price_cents: 6900,
  },
  {
    sku: "DS-PAY-QUESO",
    category: desserts,
    product_type: 0,
    position: 3,
    name: { es: "Pay de queso", en: "Cheesecake", ar: "تشيز كيك" },
    description: {
      es: "Rebanada de pay de queso estilo Nueva York con mermelada de fresa.",
      en: "A slice of New York style cheesecake with strawberry jam.",
    ar: "شريحة تشيز كيك على طريقة نيويورك مع مربى الفراولة.",
  },
    price_cents: 5900,
  },
];

export const products: ProductSeed[] = [...deals, ...lunch, ...hutDay, ...pizzas, ...halfAndHalf, ...combos, ...singles];

// ---------------------------------------------------------------------------------------------------------
// Combo slots

export interface ComboOptionSeed {
  sku: string;
  /** For a layered product: the size sku the slot gives (the size's first crust comes with it). */
  size?: "S" | "M" | "L" | "F";
  surcharge_cents?: number;
}

export interface ComboSlotSeed {
  name: I18n;
  options: ComboOptionSeed[];
}

type PizzaSize = "S" | "M" | "L" | "F";
const skusOf = (list: ProductSeed[], slug: string) => list.filter((p) => p.category.slug === slug).map((p) => p.sku);

/**
 * The pizzas of a combo slot at one size. A classic is included; any other pizza costs the difference between
 * its price and a classic's at that size (a speciality: $30.00 at M, L and F; a vegetarian: $10.00).
 */
function pizzaOptions(size: PizzaSize, groups: ("clasicas" | "vegetarianas" | "especialidades")[]): ComboOptionSeed[] {
  const prices = { clasicas: CLASSIC_PRICES, vegetarianas: VEGGIE_PRICES, especialidades: SPECIALITY_PRICES };
  return groups.flatMap((group) =>
    skusOf(pizzas, group).map((sku) => ({ sku, size, surcharge_cents: prices[group][size] - CLASSIC_PRICES[size] })),
  );
}

const SIDES: ComboOptionSeed[] = [{ sku: "SD-BREADSTICKS" }, { sku: "SD-PAPAS-GAJO" }];
const DRINKS_600: ComboOptionSeed[] = [{ sku: "DR-COLA-600" }, { sku: "DR-AGUA-600" }];
const DRINK_2L: ComboOptionSeed[] = [{ sku: "DR-COLA-2L" }];

/**
 * The slots of the combos that let the customer choose, by combo sku, in order (a slot's position is its index
 * + 1). Deals (DL-*) have none: they are fixed products added as they are, and their names and descriptions say
 * exactly what is in them (no "of your choice" that nothing lets the customer choose). Each combo's price stays below its
 * contents bought one by one with the cheapest options (see tests/integration/seed.test.ts).
 */
export const comboSlots: Record<string, ComboSlotSeed[]> = {
  // $279.00 for a medium classic ($189.00), breadsticks ($69.00) and two 600 ml drinks ($39.00 each).
  "CB-PAREJA": [
    { name: { es: "Pizza mediana", en: "Medium pizza", ar: "بيتزا وسط" }, options: pizzaOptions("M", ["clasicas", "vegetarianas", "especialidades"]) },
    { name: { es: "Complemento", en: "Side", ar: "طبق جانبي" }, options: SIDES },
    { name: { es: "Primera bebida", en: "First drink", ar: "المشروب الأول" }, options: DRINKS_600 },
    { name: { es: "Segunda bebida", en: "Second drink", ar: "المشروب الثاني" }, options: DRINKS_600 },
  ],
  // $329.00 for a medium classic ($189.00), BBQ wings ($129.00) and a 2 L drink ($59.00).
  "CB-PIZZA-ALITAS": [
    { name: { es: "Pizza mediana", en: "Medium pizza", ar: "بيتزا وسط" }, options: pizzaOptions("M", ["clasicas", "vegetarianas", "especialidades"]) },
    { name: { es: "Alitas", en: "Wings", ar: "أجنحة" }, options: [{ sku: "SD-ALITAS-BBQ" }] },
    { name: { es: "Bebida", en: "Drink", ar: "مشروب" }, options: DRINK_2L },
  ],
  // $389.00 for a family speciality ($309.00), potato wedges ($59.00) and a 2 L drink ($59.00).
  "CB-FAMILIAR": [
    { name: { es: "Pizza familiar de especialidad", en: "Family specialty pizza", ar: "بيتزا عائلية خاصة" }, options: pizzaOptions("F", ["especialidades"]).map((o) => ({ ...o, surcharge_cents: 0 })) },
    { name: { es: "Complemento", en: "Side", ar: "طبق جانبي" }, options: [SIDES[1]!, SIDES[0]!] },
    { name: { es: "Bebida", en: "Drink", ar: "مشروب" }, options: DRINK_2L },
  ],
  // $529.00 for two large classics ($229.00 each), breadsticks ($69.00), a brownie ($69.00) and a 2 L drink ($59.00).
  "CB-SUPER-HUT": [
    { name: { es: "Primera pizza grande", en: "First large pizza", ar: "البيتزا الكبيرة الأولى" }, options: pizzaOptions("L", ["clasicas", "vegetarianas", "especialidades"]) },
    { name: { es: "Segunda pizza grande", en: "Second large pizza", ar: "البيتزا الكبيرة الثانية" }, options: pizzaOptions("L", ["clasicas", "vegetarianas", "especialidades"]) },
    { name: { es: "Complemento", en: "Side", ar: "طبق جانبي" }, options: SIDES },
    { name: { es: "Postre", en: "Dessert", ar: "حلوى" }, options: [{ sku: "DS-BROWNIE" }] },
    { name: { es: "Bebida", en: "Drink", ar: "مشروب" }, options: DRINK_2L },
  ],
};

/** A classic pizza: the first product of the first pizza sub-category (`pizzas/clasicas`). */
export const SAMPLE_PIZZA_SKU = "PZ-PEPPERONI";

/** The product image served from `public/`, drawn by `scripts/draw-products.ts`. */
export function productImage(sku: string): string {
  return `/images/products/${sku}.svg`;
}
