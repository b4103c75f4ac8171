import { describe, expect, it } from "vitest";
import { addressOf, dispositionChange, keepDisposition, sameDisposition, withOrderTime } from "./disposition";
import type { Disposition } from "./outlets";

const base: Disposition = {
  orderType: "D",
  outletId: 1,
  outletName: "Roma Norte",
  outletCode: "MX-ROM-01",
  postalCode: "06700",
  tier: 1,
  minCart: 15_000,
  quoteTime: { D: 40, C: 15 },
  timezone: "America/Mexico_City",
  lat: 19.42,
  long: -99.16,
  advanceOrder: 0,
  st: "Colima",
  houseNo: "10",
};
const slot = { start: "19:00", end: "19:15", value: "2026-11-21 19:15", at: Date.parse("2026-11-22T01:15:00Z"), startsAt: Date.parse("2026-11-22T01:00:00Z") };

describe("the disposition's rules", () => {
  it("the same order type, outlet and postal code is the same disposition, whatever the street", () => {
    expect(sameDisposition(base, { ...base, st: "Durango", houseNo: "S/N" })).toBe(true);
    expect(sameDisposition(base, { ...base, postalCode: "06600" })).toBe(false);
    expect(sameDisposition(base, { ...base, outletId: 2 })).toBe(false);
    expect(sameDisposition(base, { ...base, orderType: "C", postalCode: undefined })).toBe(false);
  });

  it("asks before a change would clear a cart with products, and only then", () => {
    const other = { ...base, outletId: 2 };
    expect(dispositionChange({ current: base, next: { ...base, st: "Durango" }, cartHasProducts: true, confirmed: false })).toBe("keep");
    expect(dispositionChange({ current: base, next: other, cartHasProducts: true, confirmed: false })).toBe("confirm");
    expect(dispositionChange({ current: base, next: other, cartHasProducts: true, confirmed: true })).toBe("replace");
    expect(dispositionChange({ current: base, next: other, cartHasProducts: false, confirmed: false })).toBe("replace");
    expect(dispositionChange({ current: undefined, next: other, cartHasProducts: true, confirmed: false })).toBe("confirm");
    expect(dispositionChange({ current: undefined, next: other, cartHasProducts: false, confirmed: false })).toBe("replace");
  });

  it("keeping a disposition takes the new facts and address and keeps the chosen order time", () => {
    const timed = withOrderTime(base, slot);
    const kept = keepDisposition(timed, { ...base, st: "Durango", minCart: 20_000, advanceOrder: 0 });
    expect(kept).toMatchObject({ st: "Durango", minCart: 20_000, advanceOrder: 1, collectionTimeValue: "2026-11-21 19:15" });
  });

  it("an address replaces every field of the previous one (empty optional fields are dropped)", () => {
    expect(addressOf({ st: "Colima", houseNo: "10", interiorNo: "", villeageName: "", cityName: "CDMX", prefectureName: "CDMX", postalCode: "06700", landmark: "Portón" })).toEqual({
      st: "Colima",
      houseNo: "10",
      interiorNo: undefined,
      villeageName: undefined,
      cityName: "CDMX",
      prefectureName: "CDMX",
      landmark: "Portón",
    });
  });

  it("a slot writes the order-time fields of spec section 3; ASAP removes them", () => {
    const timed = withOrderTime(base, slot);
    expect(timed).toMatchObject({
      advanceOrder: 1,
      collectionTime: { pickedDay: "2026-11-21", pickedHours: "19:00-19:15" },
      collectionTimeText: "2026-11-21 19:00-19:15",
      collectionTimeValue: "2026-11-21 19:15",
      collectionAt: slot.at,
    });
    const asap = withOrderTime(timed, undefined);
    expect(asap.advanceOrder).toBe(0);
    for (const key of ["collectionTime", "collectionTimeText", "collectionTimeValue", "collectionAt"]) expect(asap).not.toHaveProperty(key);
  });
});
