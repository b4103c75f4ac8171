import { distanceKm, nearestFirst } from "./distance";

const ROMA = { lat: 19.4192, lng: -99.1613 };
const CONDESA = { lat: 19.4118, lng: -99.1737 };
const TIJUANA = { lat: 32.5246, lng: -117.0226 };

describe("distanceKm", () => {
  it("is zero to itself and symmetric", () => {
    expect(distanceKm(ROMA, ROMA)).toBe(0);
    expect(distanceKm(ROMA, CONDESA)).toBeCloseTo(distanceKm(CONDESA, ROMA), 9);
  });

  it("measures great circles in kilometres", () => {
    expect(distanceKm(ROMA, CONDESA)).toBeCloseTo(1.54, 2);
    expect(distanceKm(ROMA, TIJUANA)).toBeCloseTo(2298.4, 0);
    // a quarter of the equator
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 90 })).toBeCloseTo((Math.PI * 6_371) / 2, 6);
  });
});

describe("nearestFirst", () => {
  it("orders by distance from the origin, equal distances in their given order, without changing the input", () => {
    const items = [
      { name: "Tijuana", ...TIJUANA },
      { name: "Condesa", ...CONDESA },
      { name: "Roma A", ...ROMA },
      { name: "Roma B", ...ROMA },
    ];
    expect(nearestFirst(ROMA, items).map((i) => i.name)).toEqual(["Roma A", "Roma B", "Condesa", "Tijuana"]);
    expect(items[0]!.name).toBe("Tijuana");
  });
});
