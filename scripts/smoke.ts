/**
 * The README's first command, proven (`.ci/run` runs this against `npm install && npm start` on a fresh clone):
 *
 *   npx tsx scripts/smoke.ts place [url]          waits for /healthcheck, places one order through the forms,
 *                                                  prints `<uuid> <number>`
 *   npx tsx scripts/smoke.ts find [url] <uuid> <number>
 *                                                  waits for /healthcheck, then the order's tracker must show it
 *
 * url defaults to http://localhost:3000. Exits 1 with the reason when anything is not as a customer expects.
 */
import { Shopper } from "../tests/support/shopper";

const [command, ...rest] = process.argv.slice(2);
const url = rest[0]?.startsWith("http") ? rest.shift()! : "http://localhost:3000";

async function healthy(limitMs = 180_000): Promise<void> {
  const started = Date.now();
  let last = "no answer";
  while (Date.now() - started < limitMs) {
    try {
      const response = await fetch(`${url}/healthcheck`, { signal: AbortSignal.timeout(5_000) });
      last = `${response.status} ${await response.text()}`;
      if (response.ok) return;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url}/healthcheck never answered OK (last: ${last})`);
}

async function main() {
  await healthy();
  if (command === "place") {
    const order = await new Shopper(url).placeCarryoutOrder("Primera");
    console.log(`${order.uuid} ${order.number}`);
    return;
  }
  if (command === "find") {
    const [uuid, number] = rest;
    if (!uuid || !number) throw new Error("find needs <uuid> <number>");
    const page = await new Shopper(url).page(`/tracker-order/${uuid}`);
    if (page.status !== 200 || !page.text.includes(number)) throw new Error(`the order ${number} is not there after the restart (${page.status})`);
    console.log(`order ${number} found after the restart`);
    return;
  }
  throw new Error("usage: smoke.ts place [url] | find [url] <uuid> <number>");
}

main().catch((error: Error) => {
  console.error(`smoke: ${error.message}`);
  process.exit(1);
});
