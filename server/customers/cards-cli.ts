/**
 * `npm run cards:issue -- --card 600000000000020 --phone 5512349876 --birthdate 1994-03-09`
 *
 * Records a loyalty card the chain issued (a store signed its holder up with their mobile and birthday), so that the
 * holder can link it to their account at /loyalty-card (server/customers/loyalty.ts). Issuing a card again corrects
 * its holder's details. A chain with a loyalty system of its own writes `issued_loyalty_cards` from it the same way
 * (`issueLoyaltyCard`). Works on the database the environment names (DATABASE_URL, else PGlite in DATA_DIR),
 * migrating it first. In the Docker image: `node build/cli/cards.mjs --card … --phone … --birthdate …`.
 */
import { parseArgs } from "node:util";
import { now } from "../clock";
import { withDatabase } from "../db/with-database";
import { issueLoyaltyCard } from "./loyalty";
import { cardNumberSchema } from "./loyalty-card";

const USAGE = "usage: npm run cards:issue -- --card <15 digits> --phone <10 digits> --birthdate <YYYY-MM-DD>";

function fail(message: string): never {
  console.error(`cards:issue: ${message}\n${USAGE}`);
  process.exit(2);
}

async function main() {
  let values: { card?: string; phone?: string; birthdate?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { card: { type: "string" }, phone: { type: "string" }, birthdate: { type: "string" }, help: { type: "boolean", short: "h" } },
      strict: true,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const card = cardNumberSchema.safeParse(values.card ?? "");
  if (!card.success) fail("--card must be 15 digits whose last is the check digit");
  const phone = (values.phone ?? "").replace(/\D/g, "").slice(-10);
  if (!/^\d{10}$/.test(phone)) fail("--phone must be a 10-digit mobile");
  const birthdate = values.birthdate ?? "";
  const day = new Date(`${birthdate}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(birthdate) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== birthdate) {
    fail("--birthdate must be a date, YYYY-MM-DD");
  }
  await withDatabase("cards:issue", async (db) => {
    await issueLoyaltyCard(db, { cardNumber: card.data, phone, birthdate }, now());
    console.log(`cards:issue: card •••• ${card.data.slice(-4)} issued to the holder of ${phone.slice(0, 2)}•••••${phone.slice(-3)}`);
  });
}

await main();
