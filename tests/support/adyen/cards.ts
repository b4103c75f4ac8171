/**
 * What the stand-in answers for a card: Adyen's published test cards and test triggers, and a few of its own.
 *
 * ## Cards (from docs.adyen.com "Test card numbers" and "Testing 3D Secure 2 authentication")
 *
 * Every listed card expires 03/2030 and takes CVC 737 (American Express: 7373). A wrong expiry date or CVC on a
 * listed card is refused with Adyen's generic refusal (resultCode Refused, refusalReason "Refused", code 2), as the
 * docs say ("If you specify an incorrect CVC or an invalid expiry date, the payment fails and the operation returns a
 * generic DECLINED refusal reason").
 *
 * | Brand      | Number              | 3-D Secure                                                 |
 * | ---------- | ------------------- | ---------------------------------------------------------- |
 * | Visa       | 4111 1111 4555 1142 | no: Authorised                                             |
 * | Visa       | 4111 1111 1111 1111 | no: Authorised (also 4111 1120 1426 7661, 4988 4388 4388 4305, 4166 6766 6766 6746, 4444 3333 2222 1111, 4001 0200 0000 0009) |
 * | Mastercard | 5555 3412 4444 1115 | no: Authorised                                             |
 * | Mastercard | 5555 5555 5555 4444 | no: Authorised (also 2222 4000 7000 0005, 5577 0000 5577 0004, 5555 4444 3333 1111, 2222 4107 0000 0002, 5100 0600 0000 0002 and Adyen's other 2-series cards) |
 * | Amex       | 3700 0000 0000 002  | no: Authorised (also 3700 0000 0100 018); CVC 7373         |
 * | Visa       | 4917 6100 0000 0000 | yes: RedirectShopper, then the challenge (password `password`) |
 * | Visa       | 4212 3456 7890 1237 | yes (the card of Adyen's own 3-D Secure redirect example)   |
 * | Mastercard | 5454 5454 5454 5454 | yes                                                        |
 * | Amex       | 3714 4963 5398 431  | yes; CVC 7373                                              |
 *
 * A number that passes the Luhn check but is not listed is taken as a Visa, Mastercard or Amex by its prefix and
 * authorised without 3-D Secure (any future expiry, any CVC); other brands are refused "Not supported" (10), since the
 * stand-in's merchant account offers visa, mc and amex only. A number failing the Luhn check is a validation error
 * (422, errorCode 101 "Invalid card number").
 *
 * ## The 3-D Secure challenge
 *
 * Password `password` authenticates (Authorised, or what the holder name asks for below); any other password, or
 * Cancel, is Refused "3D Not Authenticated" (11): Adyen answers a cancelled challenge like a failed one.
 *
 * ## Holder-name triggers (docs.adyen.com "Testing result codes and refusal reasons")
 *
 * The holder name (or `additionalData.RequestedTestAcquirerResponseCode` with the code) decides the authorisation:
 *
 * | holderName          | code | resultCode | refusalReason        |
 * | ------------------- | ---- | ---------- | -------------------- |
 * | UNKNOWN             | 0    | Error      | Unknown              |
 * | APPROVED            | 1    | Authorised |                      |
 * | DECLINED            | 2    | Refused    | Refused              |
 * | REFERRAL            | 3    | Refused    | Referral             |
 * | ERROR               | 4    | Error      | Acquirer Error       |
 * | BLOCK_CARD          | 5    | Refused    | Blocked Card         |
 * | CARD_EXPIRED        | 6    | Refused    | Expired Card         |
 * | INVALID_AMOUNT      | 7    | Refused    | Invalid Amount       |
 * | INVALID_CARD_NUMBER | 8    | Refused    | Invalid Card Number  |
 * | ISSUER_UNAVAILABLE  | 9    | Refused    | Issuer Unavailable   |
 * | NOT_SUPPORTED       | 10   | Refused    | Not supported        |
 * | NOT_3D_AUTHENTICATED| 11   | Refused    | 3D Not Authenticated |
 * | NOT_ENOUGH_BALANCE  | 12   | Refused    | Not enough balance   |
 * | PENDING             | 13   | Received   | (Adyen's own trigger: Received, not Pending) |
 * | ACQUIRER_FRAUD      | 14   | Refused    | Acquirer Fraud       |
 * | CANCELLED           | 15   | Refused    | Cancelled            |
 * | SHOPPER_CANCELLED   | 16   | Refused    | Shopper Cancelled    |
 * | FRAUD               | 20   | Refused    | FRAUD                |
 * | CVC_DECLINED        | 24   | Refused    | CVC Declined         |
 *
 * Stand-in only (Adyen's test platform would authorise these names):
 *
 * | holderName      | resultCode | then                                   |
 * | --------------- | ---------- | -------------------------------------- |
 * | RECEIVED        | Received   | an AUTHORISATION webhook, success true |
 * | STANDIN_PENDING | Pending    | an AUTHORISATION webhook, success true |
 *
 * Adyen's failed-modification triggers ("Test failed modifications"): holder name `capture failed` authorises, and
 * each capture is then answered CAPTURE (success true) followed by CAPTURE_FAILED; `refund failed` likewise gives
 * REFUND then REFUND_FAILED.
 *
 * Holder names are matched case-insensitively. With a 3-D Secure card the trigger applies after the challenge.
 */

export type Brand = "visa" | "mc" | "amex";

export interface TestCard {
  number: string;
  brand: Brand;
  threeDS: boolean;
  cvc: string;
}

/** Adyen's listed expiry for every test card. */
export const TEST_EXPIRY = { month: "03", year: "2030" } as const;

/** The password of the 3-D Secure challenge (web flows), as on Adyen's test platform. */
export const CHALLENGE_PASSWORD = "password";

const card = (number: string, brand: Brand, threeDS = false): TestCard => ({
  number: number.replace(/\s+/g, ""),
  brand,
  threeDS,
  cvc: brand === "amex" ? "7373" : "737",
});

export const TEST_CARDS: readonly TestCard[] = [
  card("4111 1111 4555 1142", "visa"),
  card("4111 1120 1426 7661", "visa"),
  card("4988 4388 4388 4305", "visa"),
  card("4166 6766 6766 6746", "visa"),
  card("4111 1111 1111 1111", "visa"),
  card("4444 3333 2222 1111", "visa"),
  card("4001 0200 0000 0009", "visa"),
  card("5555 3412 4444 1115", "mc"),
  card("2222 4000 7000 0005", "mc"),
  card("5577 0000 5577 0004", "mc"),
  card("5555 4444 3333 1111", "mc"),
  card("2222 4107 4036 0010", "mc"),
  card("5555 5555 5555 4444", "mc"),
  card("2222 4107 0000 0002", "mc"),
  card("2222 4000 1000 0008", "mc"),
  card("2223 0000 4841 0010", "mc"),
  card("2222 4000 6000 0007", "mc"),
  card("2223 5204 4356 0010", "mc"),
  card("2222 4000 3000 0004", "mc"),
  card("5100 0600 0000 0002", "mc"),
  card("2222 4000 5000 0009", "mc"),
  card("5103 2219 1119 9245", "mc"),
  card("3700 0000 0000 002", "amex"),
  card("3700 0000 0100 018", "amex"),
  card("4917 6100 0000 0000", "visa", true),
  card("4212 3456 7890 1237", "visa", true),
  card("5454 5454 5454 5454", "mc", true),
  card("3714 4963 5398 431", "amex", true),
];

export type FinalResultCode = "Authorised" | "Refused" | "Error" | "Received" | "Pending";

export interface Outcome {
  resultCode: FinalResultCode;
  refusalReason?: string;
  refusalReasonCode?: string;
}

const refused = (refusalReason: string, code: number): Outcome => ({ resultCode: "Refused", refusalReason, refusalReasonCode: String(code) });
const error = (refusalReason: string, code: number): Outcome => ({ resultCode: "Error", refusalReason, refusalReasonCode: String(code) });

/** Adyen's test triggers by holder name, with their RequestedTestAcquirerResponseCode. */
const TRIGGERS: ReadonlyArray<[name: string, code: number, outcome: Outcome]> = [
  ["UNKNOWN", 0, error("Unknown", 0)],
  ["APPROVED", 1, { resultCode: "Authorised" }],
  ["DECLINED", 2, refused("Refused", 2)],
  ["REFERRAL", 3, refused("Referral", 3)],
  ["ERROR", 4, error("Acquirer Error", 4)],
  ["BLOCK_CARD", 5, refused("Blocked Card", 5)],
  ["CARD_EXPIRED", 6, refused("Expired Card", 6)],
  ["INVALID_AMOUNT", 7, refused("Invalid Amount", 7)],
  ["INVALID_CARD_NUMBER", 8, refused("Invalid Card Number", 8)],
  ["ISSUER_UNAVAILABLE", 9, refused("Issuer Unavailable", 9)],
  ["NOT_SUPPORTED", 10, refused("Not supported", 10)],
  ["NOT_3D_AUTHENTICATED", 11, refused("3D Not Authenticated", 11)],
  ["NOT_ENOUGH_BALANCE", 12, refused("Not enough balance", 12)],
  ["PENDING", 13, { resultCode: "Received" }],
  ["ACQUIRER_FRAUD", 14, refused("Acquirer Fraud", 14)],
  ["CANCELLED", 15, refused("Cancelled", 15)],
  ["SHOPPER_CANCELLED", 16, refused("Shopper Cancelled", 16)],
  ["FRAUD", 20, refused("FRAUD", 20)],
  ["CVC_DECLINED", 24, refused("CVC Declined", 24)],
];

/** The stand-in's own triggers, for the result codes Adyen's test platform cannot be asked for. */
const STAND_IN_TRIGGERS: ReadonlyArray<[name: string, outcome: Outcome]> = [
  ["RECEIVED", { resultCode: "Received" }],
  ["STANDIN_PENDING", { resultCode: "Pending" }],
];

/** Refusal of a failed 3-D Secure challenge (wrong password or Cancel). */
export const NOT_AUTHENTICATED: Outcome = refused("3D Not Authenticated", 11);
/** Adyen's generic refusal, for a wrong expiry date or CVC. */
const GENERIC_REFUSAL: Outcome = refused("Refused", 2);
const NOT_SUPPORTED: Outcome = refused("Not supported", 10);

/** Which modification the holder name asks to fail after it succeeded (Adyen's "capture failed", "refund failed"). */
export type FailingModification = "capture" | "refund";

export function failingModification(holderName: string | undefined): FailingModification | undefined {
  const name = holderName?.trim().toLowerCase();
  if (name === "capture failed") return "capture";
  if (name === "refund failed") return "refund";
  return undefined;
}

/** The outcome asked for by the holder name or RequestedTestAcquirerResponseCode, if any. */
export function triggeredOutcome(holderName: string | undefined, acquirerResponseCode?: string): Outcome | undefined {
  const name = holderName?.trim().toUpperCase();
  if (name) {
    const trigger = TRIGGERS.find(([n]) => n === name);
    if (trigger) return trigger[2];
    const own = STAND_IN_TRIGGERS.find(([n]) => n === name);
    if (own) return own[1];
  }
  if (acquirerResponseCode !== undefined && /^\d+$/.test(acquirerResponseCode)) {
    const trigger = TRIGGERS.find(([, code]) => code === Number(acquirerResponseCode));
    if (trigger) return trigger[2];
  }
  return undefined;
}

/** The outcome once the shopper is authenticated (no 3-D Secure, or a passed challenge). */
export function authorisedOutcome(holderName: string | undefined, acquirerResponseCode?: string): Outcome {
  return triggeredOutcome(holderName, acquirerResponseCode) ?? { resultCode: "Authorised" };
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand by the number's prefix, among those the stand-in accepts. */
export function brandOf(number: string): Brand | undefined {
  if (/^4/.test(number)) return "visa";
  if (/^3[47]/.test(number)) return "amex";
  const six = Number(number.slice(0, 6));
  if (/^5[1-5]/.test(number) || (six >= 222100 && six <= 272099)) return "mc";
  return undefined;
}

export interface CardInput {
  number: string;
  expiryMonth: string;
  expiryYear: string;
  cvc?: string;
  holderName?: string;
}

export type CardDecision =
  | { kind: "invalid"; errorCode: "101"; message: string }
  | { kind: "challenge"; brand: Brand }
  | { kind: "final"; brand: Brand | "unknown"; outcome: Outcome; cvcMatches: boolean };

const normaliseYear = (year: string) => (/^\d{2}$/.test(year) ? `20${year}` : year);
const normaliseMonth = (month: string) => (/^\d$/.test(month) ? `0${month}` : month);

/**
 * What a card does before any 3-D Secure: a validation error, a challenge, or a final outcome.
 * `today` is the date expiries are checked against (unlisted cards only).
 */
export function decideCard(input: CardInput, today: Date, acquirerResponseCode?: string): CardDecision {
  const number = input.number.replace(/[\s-]+/g, "");
  if (!luhnValid(number)) return { kind: "invalid", errorCode: "101", message: "Invalid card number" };
  const month = normaliseMonth(input.expiryMonth.trim());
  const year = normaliseYear(input.expiryYear.trim());
  const listed = TEST_CARDS.find((c) => c.number === number);
  const brand = listed?.brand ?? brandOf(number);
  if (!brand) return { kind: "final", brand: "unknown", outcome: NOT_SUPPORTED, cvcMatches: false };
  if (listed) {
    const cvcMatches = input.cvc === undefined || input.cvc === listed.cvc;
    if (month !== TEST_EXPIRY.month || year !== TEST_EXPIRY.year || !cvcMatches) {
      return { kind: "final", brand, outcome: GENERIC_REFUSAL, cvcMatches };
    }
    if (listed.threeDS) return { kind: "challenge", brand };
  } else {
    const expiry = /^\d{2}$/.test(month) && /^\d{4}$/.test(year) ? Number(year) * 12 + Number(month) : 0;
    const now = today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
    if (Number(month) < 1 || Number(month) > 12 || expiry < now) {
      return { kind: "final", brand, outcome: GENERIC_REFUSAL, cvcMatches: true };
    }
  }
  return { kind: "final", brand, outcome: authorisedOutcome(input.holderName, acquirerResponseCode), cvcMatches: true };
}

/** A listed card by number (spaces allowed), for helpers that fill in its expiry and CVC. */
export function testCard(number: string): TestCard | undefined {
  const digits = number.replace(/\s+/g, "");
  return TEST_CARDS.find((c) => c.number === digits);
}
