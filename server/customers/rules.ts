import { westernDigits } from "../i18n/digits";
import { z } from "zod";
import { emailPattern } from "../orders/checkout-schema";
import { BIRTH_YEAR_DEFAULT_OFFSET, BIRTH_YEAR_MIN } from "./birth-year";

/**
 * The customer's rules of spec section 5 (registration, sign-in, reset, profile). Pure: the browser (conform's
 * inline errors) and the server share them; the server adds what the browser cannot know (the common-password list,
 * server/customers/common-passwords.ts). Messages are translation keys: plain ones of the "validation" namespace,
 * "account:v.*" ones of the account pages'.
 */

/** Emails are stored and compared trimmed and lower-cased. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const EMAIL_MAX = 254;
export const emailSchema = z
  .string({ required_error: "required", invalid_type_error: "required" })
  .trim()
  .min(1, "required")
  .max(EMAIL_MAX, "email")
  .regex(emailPattern, "email")
  .transform(normalizeEmail);

/**
 * Passwords, the spec's stricter reading (section 5 has "at least 8 with 3 of 4 kinds" and, elsewhere, "at least
 * 6"): at least 8 characters with at least 3 of digits, lower case, upper case and the symbols @ * _ - ?. Any other
 * character is allowed (spaces, accents, other symbols: a passphrase is welcome) but counts for no kind. At most 128
 * (argon2 hashes any length; the cap keeps a hash cheap and a post small) and never truncated.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
const kinds = [/[0-9]/, /[a-z]/, /[A-Z]/, /[@*_\-?]/];

export function passwordKinds(password: string): number {
  return kinds.filter((kind) => kind.test(password)).length;
}

export type PasswordProblem = "account:v.passwordShort" | "account:v.passwordLong" | "account:v.passwordKinds";

export function passwordProblem(password: string): PasswordProblem | null {
  if ([...password].length < PASSWORD_MIN) return "account:v.passwordShort";
  if ([...password].length > PASSWORD_MAX) return "account:v.passwordLong";
  if (passwordKinds(password) < 3) return "account:v.passwordKinds";
  return null;
}

/** A new password: the policy above (the server also refuses common ones). */
export const newPasswordSchema = z
  .string({ required_error: "required", invalid_type_error: "required" })
  .min(1, "required")
  .superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
  });

/** A password typed to sign in: no policy (old accounts, other readings), only a bound. */
export const currentPasswordSchema = z
  .string({ required_error: "required", invalid_type_error: "required" })
  .min(1, "required")
  .max(PASSWORD_MAX, "account:v.passwordLong");

/** Phone: 10 digits in Mexico, up to 12 with a country prefix (spec: bounds 10 to 12). Spaces, dashes, dots and parentheses are dropped. */
export const PHONE_MIN = 10;
export const PHONE_MAX = 12;
/** A phone as people type it, separators dropped, and a leading "+" of a country code ("+52 55 1234 9876"). */
export const normalizePhone = (phone: string) => westernDigits(phone).replace(/[\s\-.()]/g, "").replace(/^\+/, "");
export const phoneSchema = z
  .string({ required_error: "required", invalid_type_error: "required" })
  .trim()
  .min(1, "required")
  .max(30, "account:v.phone")
  .transform(normalizePhone)
  .refine((phone) => new RegExp(`^[0-9]{${PHONE_MIN},${PHONE_MAX}}$`).test(phone), "account:v.phone");

/** Birthday: day, month and year from 1900 (spec), a real date, not after today. The year list defaults 20 years back. */
export { BIRTH_YEAR_DEFAULT_OFFSET, BIRTH_YEAR_MIN };

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** 'YYYY-MM-DD' for a real date in range, else null. `today` is the customer's calendar date ('YYYY-MM-DD'). */
export function birthdayOf(year: number, month: number, day: number, today: string): string | null {
  if (![year, month, day].every(Number.isInteger)) return null;
  if (year < BIRTH_YEAR_MIN || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  const value = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  return value <= today ? value : null;
}

const datePart = (max: number) =>
  z.coerce.number({ required_error: "account:v.birthday", invalid_type_error: "account:v.birthday" }).int("account:v.birthday").min(1, "account:v.birthday").max(max, "account:v.birthday");

/** The birthday's three selects; `today` bounds it (the outlet's calendar date, from the clock). */
export const birthdayFields = {
  birthDay: datePart(31),
  birthMonth: datePart(12),
  birthYear: datePart(9999),
};

export const genders = ["M", "F", "O"] as const;
export type Gender = (typeof genders)[number];
export const genderSchema = z.enum(genders, { required_error: "account:v.gender", invalid_type_error: "account:v.gender" });

export const NAME_MAX = 60;
/** Letters of any script, marks, spaces, apostrophes, dots and hyphens. */
export const namePattern = /^[\p{L}\p{M} '.-]+$/u;
export const nameSchema = z
  .string({ required_error: "required", invalid_type_error: "required" })
  .trim()
  .min(1, "required")
  .max(NAME_MAX, "tooLong")
  .regex(namePattern, "account:v.name");

const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

/** Adds "birthday" to a form's issues when its three parts do not make a date in range. */
export function checkBirthday(today: string) {
  return (value: { birthDay: number; birthMonth: number; birthYear: number }, ctx: z.RefinementCtx) => {
    if (!birthdayOf(value.birthYear, value.birthMonth, value.birthDay, today)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["birthDay"], message: "account:v.birthday" });
    }
  };
}

/** The registration form (spec: customer form). `today` is the shop's calendar date. */
export function registerSchema(today: string) {
  return z
    .object({
      firstName: nameSchema,
      lastName: nameSchema,
      email: emailSchema,
      phone: phoneSchema,
      ...birthdayFields,
      gender: genderSchema,
      password: newPasswordSchema,
      confirmPassword: z.string({ required_error: "required", invalid_type_error: "required" }).min(1, "required").max(PASSWORD_MAX, "account:v.confirm"),
      terms: checkbox.refine((accepted) => accepted, "account:v.terms"),
      news: checkbox,
      htmlMail: checkbox,
    })
    .superRefine((value, ctx) => {
      checkBirthday(today)(value, ctx);
      if (value.password !== value.confirmPassword) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], message: "account:v.confirm" });
      }
    });
}
export type RegisterForm = z.output<ReturnType<typeof registerSchema>>;

/** Sign-in with email and password. */
export const loginSchema = z.object({ email: emailSchema, password: currentPasswordSchema });

/** "Forgot my password": the email only. */
export const resetRequestSchema = z.object({ email: emailSchema });

/** A new password with its confirmation (reset). */
export const setPasswordSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.string({ required_error: "required", invalid_type_error: "required" }).min(1, "required").max(PASSWORD_MAX, "account:v.confirm"),
  })
  .refine((value) => value.password === value.confirmPassword, { path: ["confirmPassword"], message: "account:v.confirm" });

/** The profile's editable fields (not email, phone or password, which have their own forms). */
export function profileSchema(today: string) {
  return z
    .object({
      firstName: nameSchema,
      lastName: nameSchema,
      ...birthdayFields,
      gender: genderSchema,
      news: checkbox,
      htmlMail: checkbox,
    })
    .superRefine(checkBirthday(today));
}
export type ProfileForm = z.output<ReturnType<typeof profileSchema>>;
