import { DomainError } from "#server/errors";
import {
  CARRYOUT_ONLY_OUTLET_CODE,
  SERVED_POSTAL_CODE,
  TIJUANA_OUTLET_CODE,
  UNSERVED_POSTAL_CODE,
} from "#server/db/seed";
import type { Outlet } from "#server/db/types";
import { dispositionFor, findDeliveryOutlet, getOutlet, listOutlets } from "#server/outlets/outlets";
import { testDatabases, type TestDatabase } from "../support/db";

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error("expected a DomainError");
}

describe.each(testDatabases())("outlets on $name", (kind) => {
  let t: TestDatabase;
  const byCode = async (code: string) =>
    t.db.selectFrom("outlets").selectAll().where("code", "=", code).executeTakeFirstOrThrow() as Promise<Outlet>;

  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => t?.destroy());

  it("finds the outlet that delivers to a served postal code", async () => {
    const outlet = await findDeliveryOutlet(t.db, SERVED_POSTAL_CODE);
    expect(outlet).toBeDefined();
    expect(outlet!.offers_delivery).toBe(true);
    const zone = await t.db
      .selectFrom("outlet_postal_codes")
      .select("postal_code")
      .where("outlet_id", "=", outlet!.id)
      .execute();
    expect(zone.map((z) => z.postal_code)).toContain(SERVED_POSTAL_CODE);
  });

  it("finds none for an unserved postal code", async () => {
    expect(await findDeliveryOutlet(t.db, UNSERVED_POSTAL_CODE)).toBeUndefined();
    expect(await findDeliveryOutlet(t.db, "99999")).toBeUndefined();
  });

  it("a carry-out only outlet's own postal code is not served by it", async () => {
    const kiosk = await byCode(CARRYOUT_ONLY_OUTLET_CODE);
    const found = await findDeliveryOutlet(t.db, kiosk.postal_code);
    expect(found?.code).not.toBe(CARRYOUT_ONLY_OUTLET_CODE);
  });

  it("an outlet that stops delivering no longer serves its postal codes", async () => {
    const outlet = (await findDeliveryOutlet(t.db, SERVED_POSTAL_CODE))!;
    await t.db.updateTable("outlets").set({ offers_delivery: false }).where("id", "=", outlet.id).execute();
    try {
      expect((await findDeliveryOutlet(t.db, SERVED_POSTAL_CODE))?.id).not.toBe(outlet.id);
    } finally {
      await t.db.updateTable("outlets").set({ offers_delivery: true }).where("id", "=", outlet.id).execute();
    }
  });

  it("lists carry-out outlets without the delivery-only ones", async () => {
    const all = await listOutlets(t.db);
    const delivered = (await findDeliveryOutlet(t.db, SERVED_POSTAL_CODE))!;
    // The seed has no delivery-only outlet: make one.
    await t.db.updateTable("outlets").set({ offers_carryout: false }).where("id", "=", delivered.id).execute();
    try {
      const carryout = await listOutlets(t.db, "C");
      expect(carryout.map((o) => o.id)).not.toContain(delivered.id);
      expect(carryout.every((o) => o.offersCarryout)).toBe(true);
      expect(carryout.map((o) => o.code)).toContain(CARRYOUT_ONLY_OUTLET_CODE);
      expect(carryout.length).toBe(all.length - 1);
      expect((await listOutlets(t.db, "D")).map((o) => o.id)).toContain(delivered.id);
    } finally {
      await t.db.updateTable("outlets").set({ offers_carryout: true }).where("id", "=", delivered.id).execute();
    }
  });

  it("lists delivery outlets without the carry-out only one", async () => {
    const delivery = await listOutlets(t.db, "D");
    expect(delivery.length).toBeGreaterThan(0);
    expect(delivery.map((o) => o.code)).not.toContain(CARRYOUT_ONLY_OUTLET_CODE);
    expect(delivery.every((o) => o.offersDelivery)).toBe(true);
    const all = await listOutlets(t.db);
    expect(all.map((o) => o.code)).toContain(CARRYOUT_ONLY_OUTLET_CODE);
    expect(all[0].address).toMatch(/, .+, /);
  });

  it("does not list or find an inactive outlet", async () => {
    const outlet = await byCode(TIJUANA_OUTLET_CODE);
    await t.db.updateTable("outlets").set({ active: false }).where("id", "=", outlet.id).execute();
    try {
      expect((await listOutlets(t.db)).map((o) => o.id)).not.toContain(outlet.id);
      expect(await getOutlet(t.db, outlet.id)).toBeUndefined();
      expect(await findDeliveryOutlet(t.db, "22010")).toBeUndefined();
    } finally {
      await t.db.updateTable("outlets").set({ active: true }).where("id", "=", outlet.id).execute();
    }
    expect((await getOutlet(t.db, outlet.id))?.code).toBe(TIJUANA_OUTLET_CODE);
    expect((await findDeliveryOutlet(t.db, "22010"))?.code).toBe(TIJUANA_OUTLET_CODE);
  });

  it("dispositionFor refuses an order type the outlet does not offer (HUTFE-0)", async () => {
    const kiosk = await byCode(CARRYOUT_ONLY_OUTLET_CODE);
    expect(refusal(() => dispositionFor(kiosk, "D", "05348")).code).toBe("HUTFE-0");
    const deliveryOnly = { ...(await byCode(TIJUANA_OUTLET_CODE)), offers_carryout: false };
    expect(refusal(() => dispositionFor(deliveryOnly, "C")).code).toBe("HUTFE-0");
  });

  it("dispositionFor carries the outlet's quote times, minimum and time zone", async () => {
    const outlet = (await findDeliveryOutlet(t.db, SERVED_POSTAL_CODE))!;
    const disposition = dispositionFor(outlet, "D", SERVED_POSTAL_CODE);
    expect(disposition).toMatchObject({
      orderType: "D",
      outletId: outlet.id,
      outletCode: outlet.code,
      outletName: outlet.name,
      postalCode: SERVED_POSTAL_CODE,
      minCart: outlet.min_cart_cents,
      quoteTime: { D: outlet.quote_delivery_min, C: outlet.quote_carryout_min },
      timezone: "America/Mexico_City",
      tier: outlet.tier,
      advanceOrder: 0,
    });
    expect(disposition.minCart).toBeGreaterThan(0);

    const kiosk = await byCode(CARRYOUT_ONLY_OUTLET_CODE);
    const carryout = dispositionFor(kiosk, "C");
    expect(carryout).toMatchObject({ orderType: "C", outletCode: CARRYOUT_ONLY_OUTLET_CODE, quoteTime: { C: kiosk.quote_carryout_min } });
    expect(carryout.postalCode).toBeUndefined();

    const tijuana = dispositionFor(await byCode(TIJUANA_OUTLET_CODE), "C");
    expect(tijuana.timezone).toBe("America/Tijuana");
  });
});
