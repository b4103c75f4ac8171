import {
  CARRYOUT_ONLY_OUTLET_CODE,
  CLOSED_MONDAY_OUTLET_CODE,
  MIDNIGHT_OUTLET_CODE,
  TIJUANA_OUTLET_CODE,
  outlets as seedOutlets,
} from "#server/db/seed/outlets";
import { findStore, listStores, storePathByCode, type StoreCard } from "#server/outlets/stores";
import { testDatabases, type TestDatabase } from "../support/db";

/** The e2e's pinned instant: Friday 13:00 in Mexico City, 11:00 in Tijuana. */
const FRIDAY_1300 = new Date("2026-11-20T19:00:00Z");
/** Friday 15:00 in Mexico City, 13:00 in Tijuana. */
const FRIDAY_1500 = new Date("2026-11-20T21:00:00Z");
/** Monday 13:00 in Mexico City. */
const MONDAY_1300 = new Date("2026-11-23T19:00:00Z");

const byCode = (stores: StoreCard[], code: string) => {
  const store = stores.find((s) => s.code === code);
  if (!store) throw new Error(`${code} not listed`);
  return store;
};

describe.each(testDatabases())("store finder on $name", (kind) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => t?.destroy());

  it("lists every active outlet in the chain's order with its slug", async () => {
    const stores = await listStores(t.db, FRIDAY_1300);
    expect(stores.map((s) => s.code)).toEqual([...seedOutlets].sort((a, b) => a.position - b.position).map((o) => o.code));
    expect(byCode(stores, TIJUANA_OUTLET_CODE).slug).toBe("Tijuana+Zona+Rio");
    expect(byCode(stores, CARRYOUT_ONLY_OUTLET_CODE)).toMatchObject({
      slug: "Santa+Fe+area+de+comida",
      offersDelivery: false,
      offersCarryout: true,
    });
  });

  it("shows today's hours and open-now in each outlet's own zone (Tijuana closed at 11:00, open at 13:00)", async () => {
    const atOne = await listStores(t.db, FRIDAY_1300);
    const tijuana = byCode(atOne, TIJUANA_OUTLET_CODE);
    expect(tijuana).toMatchObject({
      timeZone: "America/Tijuana",
      today: { date: "2026-11-20", ranges: [{ opens: "12:00", closes: "23:00" }] },
      openNow: false,
      opensAt: "12:00",
      closesAt: null,
    });
    for (const store of atOne.filter((s) => s.code !== TIJUANA_OUTLET_CODE)) {
      expect(store.openNow, store.name).toBe(true);
    }
    expect(byCode(atOne, MIDNIGHT_OUTLET_CODE)).toMatchObject({
      today: { date: "2026-11-20", ranges: [{ opens: "11:00", closes: "00:00" }] },
      closesAt: "00:00",
    });
    expect(byCode(atOne, "MX-ROM-01").today.ranges).toEqual([{ opens: "11:00", closes: "23:30" }]);

    const atThree = await listStores(t.db, FRIDAY_1500);
    expect(byCode(atThree, TIJUANA_OUTLET_CODE)).toMatchObject({ openNow: true, closesAt: "23:00", opensAt: null });
  });

  it("an outlet closed on Mondays has no hours and is closed all Monday", async () => {
    const monday = await listStores(t.db, MONDAY_1300);
    expect(byCode(monday, CLOSED_MONDAY_OUTLET_CODE)).toMatchObject({
      today: { date: "2026-11-23", ranges: [] },
      openNow: false,
      opensAt: null,
    });
    expect(byCode(monday, "MX-ROM-01").openNow).toBe(true);
  });

  it("searches by name without accents or case", async () => {
    expect((await listStores(t.db, FRIDAY_1300, "coyoacan")).map((s) => s.code)).toEqual([CLOSED_MONDAY_OUTLET_CODE]);
    expect((await listStores(t.db, FRIDAY_1300, "ZONA RIO")).map((s) => s.code)).toEqual([TIJUANA_OUTLET_CODE]);
    expect((await listStores(t.db, FRIDAY_1300, "santa fe area")).map((s) => s.code)).toEqual([CARRYOUT_ONLY_OUTLET_CODE]);
    expect(await listStores(t.db, FRIDAY_1300, "Guadalajara")).toEqual([]);
  });

  it("searches by postal code: the outlet's own code or its delivery area", async () => {
    // 06760 is in Roma Norte's delivery area only.
    expect((await listStores(t.db, FRIDAY_1300, "06760")).map((s) => s.code)).toEqual(["MX-ROM-01"]);
    // 05348 is the carry-out kiosk's own code; it delivers nowhere.
    expect((await listStores(t.db, FRIDAY_1300, "05348")).map((s) => s.code)).toEqual([CARRYOUT_ONLY_OUTLET_CODE]);
    expect((await listStores(t.db, FRIDAY_1300, "22000")).map((s) => s.code)).toEqual([TIJUANA_OUTLET_CODE]);
    expect(await listStores(t.db, FRIDAY_1300, "01000")).toEqual([]);
  });

  it("a store code leads to its page (/huts/:code and legacy shop links); an unknown code to nothing", async () => {
    expect(await storePathByCode(t.db, CLOSED_MONDAY_OUTLET_CODE)).toBe("/hut/Coyoacan");
    expect(await storePathByCode(t.db, "mx-tij-01")).toBe("/hut/Tijuana+Zona+Rio");
    expect(await storePathByCode(t.db, "MX-XXX-99")).toBeUndefined();
  });

  it("finds a store by its plus-name and by its plain name, any case; not an unknown one", async () => {
    const byPlus = await findStore(t.db, "Tijuana+Zona+Rio", FRIDAY_1300);
    expect(byPlus?.code).toBe(TIJUANA_OUTLET_CODE);
    expect((await findStore(t.db, "Tijuana Zona Río", FRIDAY_1300))?.code).toBe(TIJUANA_OUTLET_CODE);
    expect((await findStore(t.db, "tijuana+zona+rio", FRIDAY_1300))?.code).toBe(TIJUANA_OUTLET_CODE);
    expect((await findStore(t.db, "Santa Fe (área de comida)", FRIDAY_1300))?.code).toBe(CARRYOUT_ONLY_OUTLET_CODE);
    expect((await findStore(t.db, "Coyoacan", FRIDAY_1300))?.code).toBe(CLOSED_MONDAY_OUTLET_CODE);
    expect(await findStore(t.db, "Tijuana", FRIDAY_1300)).toBeUndefined();
    expect(await findStore(t.db, "Guadalajara", FRIDAY_1300)).toBeUndefined();
    expect(await findStore(t.db, "+++", FRIDAY_1300)).toBeUndefined();
  });

  it("a store's week: seven days from today in its zone, closed days empty", async () => {
    const coyoacan = (await findStore(t.db, "Coyoacán", FRIDAY_1300))!;
    expect(coyoacan.week.map((d) => d.date)).toEqual([
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
    ]);
    expect(coyoacan.week[0].ranges).toEqual([{ opens: "11:00", closes: "23:30" }]); // Friday
    expect(coyoacan.week[2].ranges).toEqual([{ opens: "12:00", closes: "22:30" }]); // Sunday
    expect(coyoacan.week[3].ranges).toEqual([]); // Monday: closed
    expect(coyoacan).toMatchObject({ openNow: true, closesAt: "23:30", phone: "5556580036", postalCode: "04100" });
  });

  it("a holiday's own hours replace the weekly ones in the week (Christmas closed, Christmas Eve early)", async () => {
    const roma = (await findStore(t.db, "Roma Norte", new Date("2026-12-22T18:00:00Z")))!;
    const christmasEve = roma.week.find((d) => d.date === "2026-12-24")!;
    const christmas = roma.week.find((d) => d.date === "2026-12-25")!;
    expect(christmasEve.ranges).toEqual([{ opens: "11:00", closes: "20:00" }]);
    expect(christmas.ranges).toEqual([]);
  });

  it("an inactive outlet is neither listed nor found", async () => {
    await t.db.updateTable("outlets").set({ active: false }).where("code", "=", TIJUANA_OUTLET_CODE).execute();
    try {
      expect((await listStores(t.db, FRIDAY_1300)).map((s) => s.code)).not.toContain(TIJUANA_OUTLET_CODE);
      expect(await findStore(t.db, "Tijuana+Zona+Rio", FRIDAY_1300)).toBeUndefined();
    } finally {
      await t.db.updateTable("outlets").set({ active: true }).where("code", "=", TIJUANA_OUTLET_CODE).execute();
    }
  });
});
