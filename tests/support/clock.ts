import { afterAll, beforeAll, beforeEach } from "vitest";

/** STORE_NOW as the file's process had it before any pin (a pin made while collecting would hide it from a second call). */
const unpinned = process.env.STORE_NOW;

/**
 * Pins server/clock.ts (STORE_NOW) to an instant for the suite it is called in, from its `beforeAll` hooks (a
 * database created and seeded there dates the demo customer's past orders from "today") through each test, and
 * restores it afterwards. Pinned for the tests only, the seed took the real date: on the day its eight-day-old demo
 * order fell on the pinned day, the console's "today's orders" held it (tests/integration/console.test.ts).
 *
 * It pins at once, while the file's tests are collected, as well as in its hooks: a `beforeAll` registered before
 * this call runs before this call's own, and would otherwise seed with the real date. (Each test file runs in a
 * process of its own, and every file pins one instant.)
 */
export function pinStoreNow(instant: string) {
  const pin = () => {
    process.env.STORE_NOW = instant;
  };
  pin();
  beforeAll(pin);
  beforeEach(pin);
  afterAll(() => {
    if (unpinned === undefined) delete process.env.STORE_NOW;
    else process.env.STORE_NOW = unpinned;
  });
}
