/**
 * Draws the demo menu's pictures: one SVG per product (`public/images/products/<sku>.svg`) and one per topping
 * (`public/images/toppings/<code>.svg`), from the seed data in `server/db/seed/menu.ts`.
 *
 *   npm run draw:products          (npx tsx scripts/draw-products.ts)
 *
 * Everything is drawn with plain shapes (no fonts beyond a generic sans-serif for price tags, no external
 * references), deterministically: the same menu always gives byte-identical files. Each file stays under 4 KB.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type ProductSeed, products, toppings } from "../server/db/seed/menu";

export const MAX_BYTES = 4096;
export const root = fileURLToPath(new URL("../public/images/", import.meta.url));

// ---------------------------------------------------------------------------------------------------------
// Deterministic randomness

function rngFor(key: string): () => number {
  let h = 2166136261;
  for (const ch of key) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` points in a disk of `radius`, kept apart (relaxing the spacing when the disk gets crowded). */
function scatter(rng: () => number, count: number, radius: number, spacing: number, keep = (_x: number) => true) {
  const points: { x: number; y: number }[] = [];
  let gap = spacing;
  let tries = 0;
  while (points.length < count && gap > 2) {
    const angle = rng() * Math.PI * 2;
    const dist = Math.sqrt(rng()) * radius;
    const x = Math.round(Math.cos(angle) * dist);
    const y = Math.round(Math.sin(angle) * dist);
    if (keep(x) && points.every((p) => (p.x - x) ** 2 + (p.y - y) ** 2 >= gap * gap)) points.push({ x, y });
    if (++tries % 400 === 0) gap *= 0.85;
  }
  return points;
}

// ---------------------------------------------------------------------------------------------------------
// Topping glyphs, about 16 units wide, centred on the origin (a pizza has radius 80)

const GLYPHS: Record<string, { body: string; turn: boolean }> = {
  pepperoni: {
    body: '<circle r="9" fill="#a8231b"/><circle r="7.4" fill="#c7362a"/><circle cx="-3" cy="-2" r="1.4" fill="#8e1b14"/><circle cx="3" cy="2.5" r="1.2" fill="#8e1b14"/>',
    turn: false,
  },
  jamon: { body: '<rect x="-6.5" y="-5" width="13" height="10" rx="2" fill="#f2a0a4" stroke="#d9767f"/>', turn: true },
  champinones: {
    body: '<path d="M-8 1a8 7.5 0 0 1 16 0h-5v6h-6v-6z" fill="#dccbb0" stroke="#9b815e" stroke-width="1.2"/>',
    turn: true,
  },
  pimiento: {
    body: '<path d="M-8 3q8-11 16 0" fill="none" stroke="#2b8a3e" stroke-width="3.4" stroke-linecap="round"/>',
    turn: true,
  },
  cebolla: {
    body: '<path d="M-8 3q8-11 16 0" fill="none" stroke="#a86fb8" stroke-width="3.2" stroke-linecap="round"/><path d="M-8 3q8-11 16 0" fill="none" stroke="#f7effa" stroke-width="1.4"/>',
    turn: true,
  },
  aceitunas: { body: '<circle r="4.6" fill="none" stroke="#1f1f1f" stroke-width="3.2"/>', turn: false },
  pina: { body: '<path d="M-6.5 4.5l3.5-9.5h6l3.5 9.5z" fill="#f8dc4b" stroke="#dcb11c"/>', turn: true },
  salchicha: {
    body: '<circle r="5.5" fill="#8d4b28"/><circle cx="-1.6" cy="-1.8" r="1.4" fill="#b9744a"/><circle cx="2" cy="1.5" r="1" fill="#b9744a"/>',
    turn: false,
  },
  tocino: {
    body: '<path d="M-9 0q2.2-4 4.5 0t4.5 0 4.5 0 4.5 0" fill="none" stroke="#b8433f" stroke-width="4" stroke-linecap="round"/><path d="M-9 0q2.2-4 4.5 0t4.5 0 4.5 0 4.5 0" fill="none" stroke="#f2b9a8" stroke-width="1.2"/>',
    turn: true,
  },
  jalapeno: {
    body: '<circle r="6" fill="#3b8a2c"/><circle r="4" fill="#b8da8a"/><circle cx="-1.3" r="1" fill="#f6f2d0"/><circle cx="1.4" cy="1.2" r="1" fill="#f6f2d0"/>',
    turn: false,
  },
  "carne-molida": {
    body: '<circle cx="-2.4" r="2.8" fill="#6b3920"/><circle cx="2.2" cy="1.2" r="2.5" fill="#7f4628"/><circle cx="1" cy="-2.4" r="2.2" fill="#5a2f1a"/>',
    turn: false,
  },
  pollo: {
    body: '<rect x="-6" y="-4.5" width="12" height="9" rx="3.5" fill="#ecc893" stroke="#c6965a"/><path d="M-3-3v6M1-3v6" stroke="#a8733a" stroke-width="1.2"/>',
    turn: true,
  },
  "extra-queso": { body: '<ellipse rx="8" ry="5" fill="#fff1b0"/><ellipse cx="-2" cy="-1" rx="3" ry="1.6" fill="#fffbe2"/>', turn: true },
  // Decorations (not toppings of the menu).
  jitomate: { body: '<circle r="8.5" fill="#d8402f"/><circle r="6" fill="#ef6a52"/><circle r="1.8" fill="#f7b19f"/>', turn: false },
  albahaca: { body: '<path d="M-7 0q7-8 14 0q-7 8-14 0z" fill="#3c9a41"/><path d="M-7 0h13" stroke="#2c7430" stroke-width=".8"/>', turn: true },
  cheddar: { body: '<ellipse rx="7" ry="5" fill="#f2a33a"/>', turn: true },
  parmesano: { body: '<path d="M-6 3l5-8 7 4-3 6z" fill="#f5ecc8" stroke="#dccf9c"/>', turn: true },
  cabra: { body: '<circle r="5.5" fill="#fbfaf3" stroke="#e5e1cf"/>', turn: false },
};

/** Collects the glyphs a picture uses, so each file defines only those. */
class Canvas {
  readonly used = new Set<string>();
  use(code: string, x: number, y: number, angle = 0): string {
    const glyph = GLYPHS[code];
    if (!glyph) throw new Error(`no glyph for ${code}`);
    this.used.add(code);
    const turn = glyph.turn && angle ? ` rotate(${Math.round(angle)})` : "";
    return `<use href="#${code}" transform="translate(${x} ${y})${turn}"/>`;
  }
  readonly shapes = new Map<string, string>();
  /** A shape defined once per file and drawn with `<use>` wherever it appears. */
  shape(id: string, body: () => string): string {
    if (!this.shapes.has(id)) this.shapes.set(id, body());
    return `<use href="#${id}"/>`;
  }
  svg(body: string): string {
    const defs =
      [...this.used].map((code) => `<g id="${code}">${GLYPHS[code].body}</g>`).join("") +
      [...this.shapes].map(([id, shape]) => `<g id="${id}">${shape}</g>`).join("");
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200">` +
      (defs ? `<defs>${defs}</defs>` : "") +
      body +
      `</svg>\n`
    );
  }
}

const place = (x: number, y: number, s: number, body: string, extra = "") =>
  `<g transform="translate(${x} ${y}) scale(${s})"${extra}>${body}</g>`;

const shadow = (cx: number, cy: number, rx: number, ry: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#000" opacity=".12"/>`;

// ---------------------------------------------------------------------------------------------------------
// Pizzas (local frame: radius 80 around the origin)

interface PizzaLook {
  toppings: string[];
  sauce?: string;
  stuffed?: boolean;
  /** Total topping pieces. */
  pieces?: number;
}

/** Decorations that complete a recipe's look (Margarita's tomato and basil, the four cheeses). */
const DECOR: Record<string, string[]> = {
  "PZ-MARGARITA": ["jitomate", "albahaca"],
  "PZ-CUATRO-QUESOS": ["cheddar", "parmesano", "cabra"],
};
const SAUCE: Record<string, string> = { "PZ-BBQ-POLLO": "#6e2f17" };

function spread(c: Canvas, rng: () => number, codes: string[], pieces: number, keep?: (x: number) => boolean) {
  if (codes.length === 0) return "";
  const perTopping = Math.max(2, Math.round(pieces / codes.length));
  const points = scatter(rng, perTopping * codes.length, 60, 15, keep);
  return points.map((p, i) => c.use(codes[i % codes.length], p.x, p.y, rng() * 360)).join("");
}

function pizzaBase(c: Canvas, sauce = "#c63d26", stuffed = false): string {
  return c.shape(`pz${sauce.slice(1)}${stuffed ? "s" : ""}`, () =>
    `<circle r="80" fill="#d89a4c" stroke="#b0722f" stroke-width="2"/>` +
    (stuffed ? `<circle r="74" fill="none" stroke="#f7dd84" stroke-width="4" stroke-dasharray="6 4"/>` : "") +
    `<circle r="${stuffed ? 68 : 70}" fill="${sauce}"/>` +
    `<circle r="${stuffed ? 64 : 66}" fill="#f3cc62"/>` +
    `<ellipse cx="-22" cy="-18" rx="20" ry="12" fill="#f8dc85"/><ellipse cx="24" cy="20" rx="18" ry="11" fill="#f8dc85"/>` +
    `<path d="M-66 0H66M0-66V66M-47-47L47 47M-47 47L47-47" stroke="#a4672a" stroke-opacity=".35" stroke-width="1.4"/>`,
  );
}

function pizza(c: Canvas, key: string, look: PizzaLook): string {
  const rng = rngFor(key);
  return pizzaBase(c, look.sauce, look.stuffed) + spread(c, rng, look.toppings, look.pieces ?? 16);
}

function halfPizza(c: Canvas, key: string, left: string[], right: string[]): string {
  const rng = rngFor(key);
  return (
    pizzaBase(c) +
    spread(c, rng, left, 9, (x) => x < -10) +
    spread(c, rng, right, 9, (x) => x > 10) +
    `<path d="M0-80V80" stroke="#8a5522" stroke-width="2.5"/>`
  );
}

const recipeOf = (sku: string) => products.find((p) => p.sku === sku)?.recipe ?? [];
const lookOf = (p: ProductSeed): PizzaLook => ({
  toppings: [...(p.recipe ?? []), ...(DECOR[p.sku] ?? [])],
  sauce: SAUCE[p.sku],
});

// ---------------------------------------------------------------------------------------------------------
// Everything else (local frames roughly 160 x 160 around the origin)

function bottle(kind: "cola" | "agua", big = false): string {
  const liquid = kind === "cola" ? "#3a1c10" : "#d7eefa";
  const edge = kind === "cola" ? "#1e0e07" : "#86c0e0";
  const label = kind === "cola" ? "#d62d20" : "#1f6fb2";
  const body =
    `<path d="M-8-70H8V-58C8-46 22-42 22-28V70Q22 78 14 78H-14Q-22 78-22 70V-28C-22-42-8-46-8-58Z" fill="${liquid}" stroke="${edge}" stroke-width="2"/>` +
    `<rect x="-10" y="-82" width="20" height="12" rx="2" fill="${label}"/>` +
    `<rect x="-22" y="2" width="44" height="34" fill="${label}"/>` +
    `<path d="M-22 24q11-10 22 0t22 0" fill="none" stroke="#fff" stroke-width="3"/>` +
    `<rect x="-15" y="-30" width="5" height="90" rx="2.5" fill="#fff" opacity=".25"/>`;
  return big ? `<g transform="scale(1.3 1.05)">${body}</g>` : body;
}

const cup =
  `<path d="M-30-52H30L22 64H-22Z" fill="#d62d20"/><path d="M-26-6H26L24 22H-24Z" fill="#fff"/>` +
  `<rect x="-34" y="-62" width="68" height="12" rx="4" fill="#f1f1f1" stroke="#c8c8c8"/>` +
  `<path d="M6-62L18-92" stroke="#2b2b2b" stroke-width="5" stroke-linecap="round"/>`;

/** Dots drawn as zero-length round-capped segments: one path for many specks. */
const dots = (points: number[][], color: string, size: number) =>
  `<path d="${points.map(([x, y]) => `M${x} ${y}h0`).join("")}" stroke="${color}" stroke-width="${size}" stroke-linecap="round"/>`;

const breadsticks = (() => {
  const xs = [-36, -18, 0, 18, 36];
  const sticks = xs.map((x) => `M${x - 7} -50a7 7 0 0 1 14 0v80h-14z`).join("");
  return (
    `<path d="${sticks}" fill="#e4aa58" stroke="#b97a2e" stroke-width="1.5"/>` +
    dots(xs.map((x, i) => [x - 2, -40 + (i % 2) * 12]), "#fff6d8", 3) +
    dots(xs.map((x, i) => [x + 2, -16 - (i % 3) * 6]), "#4f8a3a", 3) +
    `<path d="M-62 14H62L50 72H-50Z" fill="#d62d20"/><path d="M-58 28H58" stroke="#fff" stroke-width="5"/>` +
    `<circle cx="56" cy="-40" r="18" fill="#eee" stroke="#ccc"/><circle cx="56" cy="-40" r="13" fill="#b4281c"/>`
  );
})();

const WING = `<path d="M-20-6C-16-18 8-18 18-9C25-2 20 12 8 12C-3 14-22 7-20-6Z" fill="#9a3a15"/><ellipse cx="-2" cy="-6" rx="10" ry="4" fill="#c75d2b"/><path d="M21 1l6-1" stroke="#f1e4c9" stroke-width="6" stroke-linecap="round"/>`;
const wings = (c: Canvas) => {
  const spots = [
    [-34, -30, 20], [8, -40, -15], [42, -12, 40], [-40, 12, -30], [0, 0, 10], [34, 30, -50], [-12, 38, 25],
  ];
  c.shape("wing", () => WING);
  return (
    `<circle r="78" fill="#f6f1e7" stroke="#ddd3c0" stroke-width="2"/>` +
    spots.map(([x, y, a]) => `<use href="#wing" transform="translate(${x} ${y}) rotate(${a})"/>`).join("") +
    `<circle cx="52" cy="-50" r="16" fill="#fff" stroke="#ccc"/><circle cx="52" cy="-50" r="11" fill="#eef0e6"/>`
  );
};

const wedges = (c: Canvas) => {
  const spots = [
    [-26, -40, -60], [0, -46, -90], [26, -40, -120], [-34, -16, -45], [34, -14, -135], [-10, -22, -75], [14, -22, -105],
  ];
  c.shape("wedge", () => `<path d="M-26 8Q-4-20 26-2L21 9Q0 0-26 8Z" fill="#eab353" stroke="#93602b" stroke-width="2"/>`);
  return (
    spots.map(([x, y, a]) => `<use href="#wedge" transform="translate(${x} ${y}) rotate(${a})"/>`).join("") +
    `<path d="M-52-10H52L40 74H-40Z" fill="#d62d20"/><path d="M-48 10H48" stroke="#fff" stroke-width="5"/>` +
    `<circle cx="50" cy="54" r="18" fill="#eee" stroke="#ccc"/><circle cx="50" cy="54" r="13" fill="#c2271b"/>`
  );
};

const cinnamonRolls = (c: Canvas) => {
  c.shape(
    "roll",
    () =>
      `<circle r="30" fill="#c98a48" stroke="#94592a" stroke-width="2"/>` +
      `<path d="M0-3a3 3 0 1 1-3 3a8 8 0 0 1 8-8a13 13 0 0 1 13 13a18 18 0 0 1-18 18a23 23 0 0 1-22-24" fill="none" stroke="#8a5126" stroke-width="3"/>` +
      `<path d="M-22-10l9 8 8-10 9 9 8-9 9 8" fill="none" stroke="#fffaf0" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
  const roll = (x: number, y: number) => `<use href="#roll" x="${x}" y="${y}"/>`;
  return `<rect x="-78" y="-78" width="156" height="156" rx="10" fill="#f4eee2" stroke="#ddd0b6" stroke-width="2"/>${roll(-36, -36)}${roll(36, -36)}${roll(-36, 36)}${roll(36, 36)}`;
};

const brownie =
  `<ellipse cx="0" cy="30" rx="78" ry="40" fill="#f4f1ea" stroke="#ddd5c4" stroke-width="2"/>` +
  `<path d="M-50 0L0-26 50 0 0 26Z" fill="#5a2f17"/><path d="M-50 0V22L0 48V26Z" fill="#3e1f0e"/><path d="M50 0V22L0 48V26Z" fill="#4a2612"/>` +
  `<path d="M-30-4l10-4M10-12l12 2M-6 8l14 2M22 6l8-6" stroke="#7b4526" stroke-width="2"/>` +
  `<circle cx="-14" cy="-6" r="4" fill="#c79b62"/><circle cx="18" cy="4" r="3.5" fill="#c79b62"/><circle cx="2" cy="-16" r="3" fill="#c79b62"/>`;

const cheesecake =
  `<ellipse cx="0" cy="36" rx="80" ry="36" fill="#f4f1ea" stroke="#ddd5c4" stroke-width="2"/>` +
  `<path d="M-60 10L40-30 62 6Z" fill="#f9ecc3"/><path d="M-60 10V36L62 32V6Z" fill="#f3e0a9"/><path d="M-60 30V40L62 36V26Z" fill="#c98b4a"/>` +
  `<path d="M-52 7L40-26 58 4Q30 10 4 4T-52 7Z" fill="#c8182c"/>` +
  `<path d="M20-30q10-12 20 0q0 14-10 16q-10-2-10-16z" fill="#e0283b"/><path d="M24-34l6-6 6 6" fill="#3c9a41"/>`;

const pasta = (() => {
  const strands = [-40, -24, -8, 8, 24, 40]
    .map((x, i) => `<path d="M${x - 14} ${-6 + (i % 2) * 6}q7-12 14 0t14 0" fill="none" stroke="#f3cd6b" stroke-width="5" stroke-linecap="round"/>`)
    .join("");
  return (
    `<ellipse cx="0" cy="10" rx="76" ry="56" fill="#fff" stroke="#cfd6dc" stroke-width="3"/>` +
    `<ellipse cx="0" cy="4" rx="62" ry="40" fill="#e9b350"/>` +
    strands +
    `<path d="M-30-8q30-26 60 0q-6 20-30 18q-26 2-30-18z" fill="#b8321f"/>` +
    `<circle cx="-8" cy="-6" r="3" fill="#6b3920"/><circle cx="10" cy="0" r="3" fill="#6b3920"/><circle cx="2" cy="-14" r="2.5" fill="#6b3920"/>` +
    `<path d="M-6 6q6-8 12 0q-6 8-12 0z" fill="#3c9a41"/>`
  );
})();

const moon =
  `<path d="M168 14a20 20 0 1 0 18 30a16 16 0 1 1-18-30z" fill="#f6d365"/>` +
  `<path d="M136 22l2 5 5 1-5 2-2 5-2-5-5-2 5-1z" fill="#f6d365"/>`;

/** A price-tag ribbon across the top-left corner. */
function ribbon(text: string): string {
  const width = Math.round(text.length * 11.5 + 30);
  return (
    `<path d="M0 12H${width}l-12 15 12 15H0Z" fill="#d62300"/>` +
    `<text x="8" y="34" font-family="Arial,Helvetica,sans-serif" font-size="19" font-weight="700" fill="#fff">${text}</text>`
  );
}

const pesos = (cents: number) => `$${Math.round(cents / 100)}`;

// ---------------------------------------------------------------------------------------------------------
// Product pictures

type Draw = (c: Canvas, p: ProductSeed) => string;

const pz = (c: Canvas, key: string, codes: string[], x: number, y: number, s: number, extra: Partial<PizzaLook> = {}) =>
  shadow(x + 4, y + 80 * s * 0.9, 78 * s, 14 * s) + place(x, y, s, pizza(c, key, { toppings: codes, pieces: 10, ...extra }));

const drawings: Record<string, Draw> = {
  // Half and half.
  "HH-MITAD-Y-MITAD": (c) =>
    shadow(104, 182, 80, 12) + place(100, 100, 1.1, halfPizza(c, "hh1", recipeOf("PZ-PEPPERONI"), recipeOf("PZ-VEGETARIANA"))),
  "HH-MITAD-COMIDA": (c) =>
    shadow(104, 182, 80, 12) + place(100, 100, 1.1, halfPizza(c, "hh2", recipeOf("PZ-HAWAIANA"), recipeOf("PZ-MEXICANA"))),

  // Lunch packs.
  "LT-PERSONAL-REFRESCO": (c) => pz(c, "lt1", ["pepperoni"], 84, 118, 0.68) + place(160, 110, 0.55, cup),
  "LT-PERSONAL-PALITOS": (c) =>
    place(48, 62, 0.42, breadsticks) + pz(c, "lt2", ["pepperoni"], 90, 128, 0.6) + place(164, 112, 0.5, cup),
  "LT-PASTA-REFRESCO": () => place(82, 118, 0.82, pasta) + place(164, 100, 0.55, cup),

  // Hut Tuesday.
  "HD-PEPPERONI-GRANDE": (c, p) => pz(c, "hd1", ["pepperoni"], 104, 108, 1.05, { pieces: 14 }) + ribbon(`Martes ${pesos(p.price_cents)}`),
  "HD-HAWAIANA-GRANDE": (c, p) => pz(c, "hd2", ["jamon", "pina"], 104, 108, 1.05, { pieces: 14 }) + ribbon(`Martes ${pesos(p.price_cents)}`),
  "HD-ALITAS-2X1": (c) => place(104, 110, 1.05, wings(c)) + ribbon("2×1"),

  // Deals.
  "DL-2-GRANDES-1ING": (c, p) =>
    pz(c, "dl1b", ["champinones"], 128, 82, 0.6) + pz(c, "dl1a", ["pepperoni"], 78, 126, 0.66) + ribbon(pesos(p.price_cents)),
  "DL-FAMILIAR-ORILLA": (c, p) =>
    pz(c, "dl2", ["pepperoni", "salchicha", "pimiento"], 86, 116, 0.95, { stuffed: true, pieces: 12 }) +
    place(170, 120, 0.62, bottle("cola", true)) +
    ribbon(pesos(p.price_cents)),
  "DL-PAQUETE-FIESTA": (c, p) =>
    pz(c, "dl3a", ["jamon"], 146, 72, 0.46, { pieces: 8 }) +
    pz(c, "dl3b", ["champinones"], 56, 92, 0.46, { pieces: 8 }) +
    pz(c, "dl3c", ["pepperoni"], 104, 138, 0.5, { pieces: 8 }) +
    place(176, 150, 0.45, bottle("cola", true)) +
    ribbon(pesos(p.price_cents)),
  "DL-MEDIANA-REFRESCO": (c, p) =>
    pz(c, "dl4", ["pepperoni"], 86, 118, 0.8) + place(170, 122, 0.62, bottle("cola")) + ribbon(pesos(p.price_cents)),

  // Combos.
  "CB-PAREJA": (c, p) =>
    place(150, 70, 0.45, breadsticks) +
    pz(c, "cb1", ["pepperoni"], 80, 124, 0.7) +
    place(150, 150, 0.38, cup) +
    place(182, 150, 0.38, cup) +
    ribbon(pesos(p.price_cents)),
  "CB-PIZZA-ALITAS": (c, p) =>
    place(146, 78, 0.5, wings(c)) + pz(c, "cb2", ["jamon", "pina"], 76, 128, 0.66) + place(172, 148, 0.5, bottle("cola", true)) + ribbon(pesos(p.price_cents)),
  "CB-FAMILIAR": (c, p) =>
    place(148, 76, 0.5, wedges(c)) +
    pz(c, "cb3", ["pepperoni", "champinones", "pimiento"], 80, 126, 0.72) +
    place(174, 146, 0.5, bottle("cola", true)) +
    ribbon(pesos(p.price_cents)),
  "CB-SUPER-HUT": (c, p) =>
    pz(c, "cb4a", ["pepperoni"], 142, 72, 0.46, { pieces: 7 }) +
    pz(c, "cb4b", ["jamon"], 80, 120, 0.55, { pieces: 8 }) +
    place(40, 170, 0.32, breadsticks) +
    place(128, 172, 0.32, brownie) +
    place(178, 150, 0.45, bottle("cola", true)) +
    ribbon(pesos(p.price_cents)),

  // Sides, drinks, desserts.
  "SD-BREADSTICKS": () => shadow(100, 178, 70, 10) + place(100, 96, 1.05, breadsticks),
  "SD-ALITAS-BBQ": (c) => place(100, 102, 1.1, wings(c)),
  "SD-PAPAS-GAJO": (c) => shadow(100, 180, 60, 9) + place(100, 104, 1.05, wedges(c)),
  "SD-ALITAS-NOCTURNAS": (c) =>
    `<rect width="200" height="200" rx="16" fill="#1d2440"/>` + moon + place(96, 112, 1, wings(c)),
  "SD-SALSAS-CORTESIA": () =>
    shadow(100, 170, 70, 8) +
    `<g stroke="#5a3a1a" stroke-width="2"><rect x="40" y="70" width="44" height="70" rx="6" fill="#c8102e"/>` +
    `<rect x="90" y="62" width="44" height="78" rx="6" fill="#d9361c"/>` +
    `<ellipse cx="150" cy="140" rx="26" ry="10" fill="#f4f1e8"/><path d="M124 140v-22h52v22" fill="#f4f1e8"/>` +
    `<ellipse cx="150" cy="118" rx="26" ry="10" fill="#e8f0d8"/></g>` +
    `<path d="M52 92h20M102 86h20" stroke="#fff" stroke-width="4" stroke-linecap="round"/>`,
  "DR-COLA-600": () => shadow(100, 186, 36, 6) + place(100, 102, 1, bottle("cola")),
  "DR-AGUA-600": () => shadow(100, 186, 36, 6) + place(100, 102, 1, bottle("agua")),
  "DR-COLA-2L": () => shadow(100, 190, 44, 6) + place(100, 104, 1.05, bottle("cola", true)),
  "DS-ROLLOS-CANELA": (c) => place(100, 100, 1.1, cinnamonRolls(c)),
  "DS-BROWNIE": () => place(100, 92, 1.1, brownie),
  "DS-PAY-QUESO": () => place(100, 90, 1.1, cheesecake),
};

/** Fallbacks by SKU prefix for products added later without their own drawing. */
function fallback(p: ProductSeed): Draw {
  if (p.recipe) return (c) => shadow(104, 184, 80, 12) + place(100, 100, 1.1, pizza(c, p.sku, lookOf(p)));
  if (p.product_type === 2) return drawings["HH-MITAD-Y-MITAD"];
  if (p.product_type === 1)
    return (c) => pz(c, p.sku, ["pepperoni"], 86, 118, 0.8) + place(170, 122, 0.62, bottle("cola")) + ribbon(pesos(p.price_cents));
  if (p.sku.startsWith("DR-")) return () => place(100, 102, 1, bottle("cola"));
  if (p.sku.startsWith("DS-")) return () => place(100, 92, 1.1, brownie);
  return () => place(100, 96, 1.05, breadsticks);
}

export function drawProduct(p: ProductSeed): string {
  const c = new Canvas();
  const draw = p.sku.startsWith("PZ-") ? fallback(p) : (drawings[p.sku] ?? fallback(p));
  return c.svg(draw(c, p));
}

export function drawTopping(code: string): string {
  const c = new Canvas();
  const rng = rngFor(`topping:${code}`);
  const pieces = [
    [-26, -18],
    [24, -22],
    [0, 26],
  ]
    .map(([x, y]) => `<g transform="translate(${x} ${y}) scale(2.6)">${c.use(code, 0, 0, rng() * 360)}</g>`)
    .join("");
  return c.svg(
    `<circle cx="100" cy="100" r="86" fill="#fbf5e8" stroke="#e6d6b4" stroke-width="3"/>` + place(100, 100, 1, pieces),
  );
}

// ---------------------------------------------------------------------------------------------------------

function write(dir: string, name: string, svg: string): number {
  const bytes = Buffer.byteLength(svg);
  if (bytes >= MAX_BYTES) throw new Error(`${dir}/${name}.svg is ${bytes} bytes (limit ${MAX_BYTES})`);
  writeFileSync(`${root}${dir}/${name}.svg`, svg);
  return bytes;
}

function main() {
  mkdirSync(`${root}products`, { recursive: true });
  mkdirSync(`${root}toppings`, { recursive: true });
  let largest = 0;
  for (const p of products) largest = Math.max(largest, write("products", p.sku, drawProduct(p)));
  for (const t of toppings) largest = Math.max(largest, write("toppings", t.code, drawTopping(t.code)));
  console.log(
    `Drew ${products.length} products and ${toppings.length} toppings into public/images (largest file ${largest} bytes).`,
  );
}

// Drawn when run (npm run draw:products); imported, it only lends its drawings (scripts/draw-products.test.ts).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
