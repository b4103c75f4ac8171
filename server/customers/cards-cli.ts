/**
 * `npm run cards:issue -- --card 600000000000020 --phone 5512349876 --birthdate 1994-03-09`
 * `npm run cards:issue -- --csv cards.csv` (the loyalty system's export: card,phone,birthdate a line; all or none)
 *
 * Records a loyalty card the chain issued (a store signed its holder up with their mobile and birthday), so that the
 * holder can link it to their account at /loyalty-card (server/customers/loyalty.ts). Issuing a card again corrects
 * its holder's details. A chain with a loyalty system of its own writes `issued_loyalty_cards` from it the same way
 * (`issueLoyaltyCard`). Works on the database the environment names (DATABASE_URL, else PGlite in DATA_DIR),
 * migrating it first. In the Docker image: `node build/cli/cards.mjs --card … --phone … --birthdate …`.
 */
import { readFileSync } from "node:fs";
import { now } from "../clock";
import { isCalendarDate } from "../calendar";
import { refuseArgs, type Tool, toolArgs, withDatabase } from "../cli";
import { type IssuedCard, issueLoyaltyCard, nationalNumber } from "./loyalty";
import { cardNumberSchema } from "./loyalty-card";

const USAGE =
  "usage: npm run cards:issue -- --card <15 digits> --phone <10 digits> --birthdate <YYYY-MM-DD>\n" +
  "       npm run cards:issue -- --csv <file>   (one card a line: card,phone,birthdate; a first line naming them is skipped)";

const TOOL: Tool = { name: "cards:issue", usage: USAGE };
function fail(message: string): never {
  return refuseArgs(TOOL, message);
}

/** A card's fields as typed, checked: the card with its check digit, a 10-digit mobile, a real date; else why not. */
function issuedCard(card: string, phone: string, birthdate: string): IssuedCard | string {
  const number = cardNumberSchema.safeParse(card);
  if (!number.success) return "the card must be 15 digits whose last is the check digit";
  const mobile = nationalNumber(phone);
  if (!/^\d{10}$/.test(mobile)) return "the phone must be a 10-digit mobile";
  if (!isCalendarDate(birthdate)) return "the birthdate must be a date, YYYY-MM-DD";
  return { cardNumber: number.data, phone: mobile, birthdate };
}

/** The cards of a CSV file (the loyalty system's export); every line checked before any is written. */
function cardsOf(file: string): IssuedCard[] {
  const lines = readFileSync(file, "utf8").split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  if (lines[0] && /^card/i.test(lines[0])) lines.shift();
  return lines.map((line, i) => {
    const [card = "", phone = "", birthdate = ""] = line.split(",").map((field) => field.trim());
    const checked = issuedCard(card, phone, birthdate);
    if (typeof checked === "string") fail(`line ${i + 1}: ${checked}`);
    return checked;
  });
}

async function main() {
  const values = toolArgs<{ card?: string; phone?: string; birthdate?: string; csv?: string }>(TOOL, {
    card: { type: "string" },
    phone: { type: "string" },
    birthdate: { type: "string" },
    csv: { type: "string" },
  });
  if (!values) return;
  let cards: IssuedCard[];
  if (values.csv) cards = cardsOf(values.csv);
  else {
    const checked = issuedCard(values.card ?? "", values.phone ?? "", values.birthdate ?? "");
    if (typeof checked === "string") fail(checked);
    cards = [checked];
  }
  await withDatabase(TOOL, async (db) => {
    await db.transaction().execute(async (trx) => {
      for (const card of cards) await issueLoyaltyCard(trx, card, now());
    });
    if (cards.length === 1) {
      const [card] = cards as [IssuedCard];
      console.log(`cards:issue: card •••• ${card.cardNumber.slice(-4)} issued to the holder of ${card.phone.slice(0, 2)}•••••${card.phone.slice(-3)}`);
    } else console.log(`cards:issue: ${cards.length} cards issued`);
  });
}

await main();
