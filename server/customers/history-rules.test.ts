import { namedProducts, pageWindow, reorderLine } from "./history-rules";

describe("the history's pages", () => {
  it("pages of ten, at least one page, a page past the last is none", () => {
    expect(pageWindow(0, 1)).toEqual({ page: 1, pages: 1, offset: 0 });
    expect(pageWindow(0, 2)).toBeNull();
    expect(pageWindow(10, 1)).toEqual({ page: 1, pages: 1, offset: 0 });
    expect(pageWindow(11, 2)).toEqual({ page: 2, pages: 2, offset: 10 });
    expect(pageWindow(11, 3)).toBeNull();
    expect(pageWindow(25, 3, 10)).toEqual({ page: 3, pages: 3, offset: 20 });
    expect(pageWindow(5, 0)).toBeNull();
    expect(pageWindow(5, 1.5)).toBeNull();
    expect(pageWindow(5, -1)).toBeNull();
  });
});

describe("a past item as a cart add", () => {
  const uuids = new Map([
    [31, "11111111-1111-4111-8111-111111111111"],
    [32, "22222222-2222-4222-8222-222222222222"],
  ]);
  const name = { es: "Pizza" };

  it("keeps size, crust and topping changes", () => {
    const line = reorderLine(
      { productUuid: "p", name, quantity: 2, detail: { firstLayerId: 5, secondLayerId: 6, toppings: { removed: [3], extras: { 7: 1, 8: 2 } } } },
      (id) => uuids.get(id),
    );
    expect(line).toEqual({
      name,
      productUuid: "p",
      quantity: 2,
      firstLayerId: 5,
      secondLayerId: 6,
      remove: [3],
      extra: [
        { toppingId: 7, count: 1 },
        { toppingId: 8, count: 2 },
      ],
      half: [],
      combo: [],
    });
  });

  it("names halves and combo items by uuid; an unknown id becomes a uuid no product has", () => {
    const half = reorderLine({ productUuid: "h", name, quantity: 1, detail: { firstLayerId: 5, secondLayerId: null, halves: [31, 99] } }, (id) => uuids.get(id));
    expect(half.half).toEqual([uuids.get(31), "00000000-0000-0000-0000-000000000000"]);
    expect(half).not.toHaveProperty("secondLayerId");
    const combo = reorderLine(
      {
        productUuid: "c",
        name,
        quantity: 1,
        detail: { combo: [{ slotId: 1, productId: 32, firstLayerId: 9, secondLayerId: 10 }] },
      },
      (id) => uuids.get(id),
    );
    expect(combo.combo).toEqual([{ slotId: 1, productUuid: uuids.get(32) }]);
    expect(combo).not.toHaveProperty("firstLayerId");
  });

  it("an item without detail (a product without options) is the product alone", () => {
    expect(reorderLine({ productUuid: null, name, quantity: 3, detail: {} }, () => undefined)).toEqual({
      name,
      productUuid: null,
      quantity: 3,
      remove: [],
      extra: [],
      half: [],
      combo: [],
    });
  });

  it("lists the products an item names besides its own", () => {
    expect(namedProducts({ halves: [1, 2], combo: [{ slotId: 1, productId: 3, firstLayerId: null, secondLayerId: null }] })).toEqual([1, 2, 3]);
    expect(namedProducts({})).toEqual([]);
  });
});
