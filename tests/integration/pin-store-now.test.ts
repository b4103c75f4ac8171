/**
 * tests/support/clock.ts's pinStoreNow: a suite's own hooks see the pinned instant whatever their order, as a database
 * seeded in a `beforeAll` written above the call must (its demo orders are dated from "today").
 */
import { now } from "#server/clock";
import { pinStoreNow } from "../support/clock";

const INSTANT = "2026-11-20T19:00:00.000Z";

let inEarlierHook: string | undefined;
beforeAll(() => {
  inEarlierHook = now().toISOString();
});
pinStoreNow(INSTANT);

describe("pinStoreNow", () => {
  it("pins the clock for a beforeAll registered before it, and for the tests", () => {
    expect(inEarlierHook).toBe(INSTANT);
    expect(now().toISOString()).toBe(INSTANT);
  });
});
