import { afterAll, beforeAll, beforeEach } from "vitest";

/**
 * Pins server/clock.ts (STORE_NOW) to an instant for the suite it is called in, from its `beforeAll` hooks (a
 * database created and seeded there dates the demo customer's past orders from "today") through each test, and
 * restores it afterwards. Pinned for the tests only, the seed took the real date: on the day its eight-day-old demo
 * order fell on the pinned day, the console's "today's orders" held it (tests/integration/console.test.ts).
 */
export function pinStoreNow(instant: string) {
  const previous = process.env.STORE_NOW;
  const pin = () => {
    process.env.STORE_NOW = instant;
  };
  beforeAll(pin);
  beforeEach(pin);
  afterAll(() => {
    if (previous === undefined) delete process.env.STORE_NOW;
    else process.env.STORE_NOW = previous;
  });
}
