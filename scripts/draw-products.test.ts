import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { products, toppings } from "../server/db/seed/menu";
import { drawProduct, drawTopping, MAX_BYTES, root } from "./draw-products";

/** Every seeded product and topping has its picture, as `npm run draw:products` draws it today, under 4 KB. */
describe("the menu's pictures", () => {
  it.each(products.map((p) => [p.sku, p] as const))("product %s has its picture, up to date", (sku, product) => {
    const file = `${root}products/${sku}.svg`;
    expect(existsSync(file), `${file} is missing: run npm run draw:products`).toBe(true);
    const svg = readFileSync(file, "utf8");
    expect(svg, `${file} is stale: run npm run draw:products`).toBe(drawProduct(product));
    expect(Buffer.byteLength(svg)).toBeLessThan(MAX_BYTES);
  });

  it.each(toppings.map((t) => t.code))("topping %s has its picture, up to date", (code) => {
    const file = `${root}toppings/${code}.svg`;
    expect(existsSync(file), `${file} is missing: run npm run draw:products`).toBe(true);
    expect(readFileSync(file, "utf8")).toBe(drawTopping(code));
  });
});
