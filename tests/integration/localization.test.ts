import { SERVED_POSTAL_CODE, UNSERVED_POSTAL_CODE } from "#server/db/seed";
import { nullGeocoder, type Geocoder } from "#server/outlets/geocoder";
import { localize, NEAREST_CARRYOUT } from "#server/outlets/localization";
import { testDatabases, type TestDatabase } from "../support/db";

/** A geocoder that answers one place for every search and remembers what it was asked. */
function fixedGeocoder(place: { lat: number; lng: number } | null) {
  const asked: string[] = [];
  const geocoder: Geocoder = {
    search: async (address) => {
      asked.push(address);
      return place ? [{ ...place, label: "somewhere" }] : [];
    },
  };
  return { geocoder, asked };
}

/** San Ángel (CP 01000), which no outlet delivers to. */
const SAN_ANGEL = { lat: 19.3467, lng: -99.1897 };

describe.each(testDatabases())("the postal-code search (/localization, /result-localization) on $name", (kind) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => t?.destroy());

  it("a served postal code: the outlet that delivers there, with its address, minimum order and quote times", async () => {
    const result = await localize(t.db, SERVED_POSTAL_CODE, nullGeocoder);
    expect(result.postalCode).toBe("06700");
    expect(result.delivery).toMatchObject({
      code: "MX-ROM-01",
      name: "Roma Norte",
      address: "Av. Álvaro Obregón 130, Roma Norte, Ciudad de México",
      minCart: 15_000,
      quoteTime: { D: 35, C: 15 },
    });
  });

  it("without a geocoder, carry-out outlets are ordered by distance from the delivering outlet, the nearest five", async () => {
    const result = await localize(t.db, SERVED_POSTAL_CODE, nullGeocoder);
    expect(result.carryoutOrder).toBe("delivery-outlet");
    expect(result.carryout).toHaveLength(NEAREST_CARRYOUT);
    // Roma Norte 0 km, Condesa 1.5, Centro Histórico 2.92, Narvarte 2.95, Polanco 3.8 (Del Valle 4.9, Tijuana 2,298)
    expect(result.carryout.map((o) => o.name)).toEqual(["Roma Norte", "Condesa", "Centro Histórico", "Narvarte", "Polanco"]);
    expect(result.carryout.every((o) => o.offersCarryout)).toBe(true);
    expect(result.carryout[0]!.quoteTime.C).toBe(15);
  });

  it("an unserved postal code: no delivering outlet (the no-outlet message) and every carry-out outlet in the chain's order", async () => {
    const result = await localize(t.db, UNSERVED_POSTAL_CODE, nullGeocoder);
    expect(result.delivery).toBeNull();
    expect(result.carryoutOrder).toBe("chain");
    const chain = await t.db
      .selectFrom("outlets")
      .select("name")
      .where("active", "=", true)
      .where("offers_carryout", "=", true)
      .orderBy("position")
      .execute();
    expect(result.carryout.map((o) => o.name)).toEqual(chain.map((o) => o.name));
    expect(result.carryout.map((o) => o.name)).toContain("Santa Fe (área de comida)"); // carry-out only outlets too
    expect(result.carryout.length).toBeGreaterThan(NEAREST_CARRYOUT);
  });

  it("with a geocoder, the nearest outlets are measured from the geocoded postal code", async () => {
    const { geocoder, asked } = fixedGeocoder(SAN_ANGEL);
    const result = await localize(t.db, UNSERVED_POSTAL_CODE, geocoder);
    expect(asked).toEqual(["01000, México"]);
    expect(result.carryoutOrder).toBe("geocoder");
    expect(result.delivery).toBeNull();
    expect(result.carryout.map((o) => o.name)).toEqual(["Coyoacán", "Del Valle", "Narvarte", "Condesa", "Roma Norte"]);
  });

  it("a geocoder with no answer falls back to the delivering outlet", async () => {
    const { geocoder, asked } = fixedGeocoder(null);
    const result = await localize(t.db, SERVED_POSTAL_CODE, geocoder);
    expect(asked).toEqual(["06700, México"]);
    expect(result.carryoutOrder).toBe("delivery-outlet");
    expect(result.carryout[0]!.name).toBe("Roma Norte");
  });

  it("an outlet that stops offering carry-out, or closes for good, is not listed", async () => {
    const condesa = await t.db.selectFrom("outlets").select("id").where("code", "=", "MX-CON-01").executeTakeFirstOrThrow();
    const centro = await t.db.selectFrom("outlets").select("id").where("code", "=", "MX-CEN-01").executeTakeFirstOrThrow();
    await t.db.updateTable("outlets").set({ offers_carryout: false }).where("id", "=", condesa.id).execute();
    await t.db.updateTable("outlets").set({ active: false }).where("id", "=", centro.id).execute();
    try {
      const result = await localize(t.db, SERVED_POSTAL_CODE, nullGeocoder);
      expect(result.carryout.map((o) => o.name)).toEqual(["Roma Norte", "Narvarte", "Polanco", "Del Valle", "Coyoacán"]);
    } finally {
      await t.db.updateTable("outlets").set({ offers_carryout: true }).where("id", "=", condesa.id).execute();
      await t.db.updateTable("outlets").set({ active: true }).where("id", "=", centro.id).execute();
    }
  });
});
