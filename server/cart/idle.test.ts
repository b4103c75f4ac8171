import { describe, expect, it } from "vitest";
import { idleExpired } from "./idle";

const now = new Date("2026-11-20T19:00:00Z");
const minutesAgo = (m: number) => now.getTime() - m * 60_000;

describe("the idle reset (spec section 4)", () => {
  it("empties a cart after 60 minutes without activity, not before", () => {
    expect(idleExpired({ hasCart: true, lastActivity: minutesAgo(59.99) }, now)).toBe(false);
    expect(idleExpired({ hasCart: true, lastActivity: minutesAgo(60) }, now)).toBe(true);
    expect(idleExpired({ hasCart: true, lastActivity: minutesAgo(600) }, now)).toBe(true);
  });

  it("needs a cart and a recorded activity", () => {
    expect(idleExpired({ hasCart: false, lastActivity: minutesAgo(600) }, now)).toBe(false);
    expect(idleExpired({ hasCart: true, lastActivity: undefined }, now)).toBe(false);
  });
});
