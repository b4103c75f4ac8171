import { afterAll, beforeEach } from "vitest";

/** Pins server/clock.ts (STORE_NOW) to an instant before each test of the suite; restores it afterwards. */
export function pinStoreNow(instant: string) {
  const previous = process.env.STORE_NOW;
  beforeEach(() => {
    process.env.STORE_NOW = instant;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.STORE_NOW;
    else process.env.STORE_NOW = previous;
  });
}
