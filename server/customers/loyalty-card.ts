import { westernDigits } from "../i18n/digits";
import { z } from "zod";
import { maskCardNumber } from "./card-mask";
import { birthdayFields, checkBirthday, phoneSchema } from "./rules";

/**
 * The loyalty card's form (spec section 3: "Loyalty card: 15-digit id, plus phone and birthday"). Pure: the browser
 * (conform's inline errors) and the server share it. Messages are keys of the "validation" namespace, "history:v.*"
 * ones of the loyalty page's own, and the account pages' "account:v.*" for the phone and the birthday.
 *
 * The card number carries a Luhn check digit (the last of the 15, as payment and most loyalty cards do): a typo
 * (one wrong digit, two neighbours swapped) is caught in the form with its own message, before any try is counted
 * against the account's attach limit, and only one number in ten is a card at all, so guessing is ten times slower.
 * Spaces and dashes a person types between groups ("6000 0000 0000 012") are dropped.
 */
export const CARD_DIGITS = 15;

export const normalizeCardNumber = (value: string) => westernDigits(value).replace(/[\s-]/g, "");

/** Whether a string of digits passes the Luhn check (its last digit is the check digit). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card number that completes `body` (its first 14 digits) with its Luhn check digit. */
export function withCheckDigit(body: string): string {
  const digit = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => luhnValid(`${body}${d}`)) ?? 0;
  return `${body}${digit}`;
}

export { maskCardNumber };

export const cardNumberSchema = z
  .string({ required_error: "required", invalid_type_error: "required" })
  .trim()
  .min(1, "required")
  .max(40, "history:v.cardNumber")
  .transform(normalizeCardNumber)
  .refine((card) => new RegExp(`^[0-9]{${CARD_DIGITS}}$`).test(card), "history:v.cardNumber")
  .refine(luhnValid, "history:v.cardCheck");

/** The attach form: the card number, and the account's phone and birthday (day, month, year selects). */
export function loyaltyCardSchema(today: string) {
  return z
    .object({ cardNumber: cardNumberSchema, phone: phoneSchema, ...birthdayFields })
    .superRefine(checkBirthday(today));
}
export type LoyaltyCardForm = z.output<ReturnType<typeof loyaltyCardSchema>>;
