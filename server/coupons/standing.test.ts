import { couponStanding, couponStarted, type StandingInput } from "./standing";
import type { Coupon, CouponConditions } from "./types";

/** America/Mexico_City is UTC-6 all year: 2026-11-20T19:00Z is Friday 13:00 local. */
const NOW = new Date("2026-11-20T19:00:00Z");
const coupon = (conditions: CouponConditions = {}, active = true): Coupon => ({
  id: 1,
  code: "PRUEBA",
  name: { es: "Prueba" },
  type: 2,
  group: "discount",
  benefit: { type: 2, amountCents: 2_000 },
  conditions,
  active,
});
const input = (changes: Partial<StandingInput> = {}): StandingInput => ({
  customerId: 7,
  holds: false,
  uses: { byCustomer: 0, total: 0 },
  now: NOW,
  timeZone: "America/Mexico_City",
  ...changes,
});

describe("a coupon's standing (apart from any cart)", () => {
  it("a plain active coupon stands, for a customer and for a guest", () => {
    expect(couponStanding(coupon(), input())).toBeNull();
    expect(couponStanding(coupon(), input({ customerId: null }))).toBeNull();
  });

  it("CP-12: no coupon, or a paused one", () => {
    expect(couponStanding(undefined, input())).toEqual({ code: "CP-12", data: {} });
    expect(couponStanding(coupon({}, false), input())).toEqual({ code: "CP-12", data: {} });
  });

  it("CP-21: the generation limit is reached (not before)", () => {
    expect(couponStanding(coupon({ generationLimit: 5 }), input({ uses: { byCustomer: 0, total: 4 } }))).toBeNull();
    expect(couponStanding(coupon({ generationLimit: 5 }), input({ uses: { byCustomer: 0, total: 5 } }))?.code).toBe("CP-21");
  });

  it("CP-08: a coupon for another customer, and for a guest; its own customer's stands", () => {
    expect(couponStanding(coupon({ customerId: 8 }), input())?.code).toBe("CP-08");
    expect(couponStanding(coupon({ customerId: 8 }), input({ customerId: null }))?.code).toBe("CP-08");
    expect(couponStanding(coupon({ customerId: 7 }), input())).toBeNull();
  });

  it("CP-08: a coupon only for the accounts that hold it, for one that does not", () => {
    expect(couponStanding(coupon({ attachedOnly: true }), input())?.code).toBe("CP-08");
    expect(couponStanding(coupon({ attachedOnly: true }), input({ customerId: null }))?.code).toBe("CP-08");
    expect(couponStanding(coupon({ attachedOnly: true }), input({ holds: true }))).toBeNull();
  });

  it("CP-06: a coupon whose channels leave the web out", () => {
    expect(couponStanding(coupon({ channels: ["app", "phone"] }), input())).toEqual({ code: "CP-06", data: { channel: "web" } });
    expect(couponStanding(coupon({ channels: ["app", "web"] }), input())).toBeNull();
  });

  it("CP-13: its validity has ended (the end itself is outside); one not started yet stands", () => {
    const ended = coupon({ validFrom: "2026-11-01T06:00:00Z", validUntil: NOW.toISOString() });
    expect(couponStanding(ended, input())).toEqual({ code: "CP-13", data: { from: "2026-11-01 00:00", until: "2026-11-20 13:00" } });
    expect(couponStanding(ended, input({ now: new Date(NOW.getTime() - 1) }))).toBeNull();
    expect(couponStanding(coupon({ validFrom: "2026-12-01T06:00:00Z" }), input())).toBeNull();
  });

  it("CP-10: this customer has used it the most times allowed", () => {
    expect(couponStanding(coupon({ usesPerCustomer: 2 }), input({ uses: { byCustomer: 1, total: 1 } }))).toBeNull();
    expect(couponStanding(coupon({ usesPerCustomer: 2 }), input({ uses: { byCustomer: 2, total: 2 } }))).toEqual({ code: "CP-10", data: { uses: 2 } });
  });

  it("whether its validity has begun", () => {
    expect(couponStarted(coupon(), NOW)).toBe(true);
    expect(couponStarted(coupon({ validFrom: NOW.toISOString() }), NOW)).toBe(true);
    expect(couponStarted(coupon({ validFrom: "2026-11-20T19:00:00.001Z" }), NOW)).toBe(false);
  });
});
