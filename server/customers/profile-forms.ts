import { z } from "zod";
import { currentPasswordSchema, emailSchema, phoneSchema } from "./rules";
import { CODE_DIGITS } from "./code-shape";
import { DELETE_WORDS } from "./delete-words";

/**
 * The forms of /edit-profile and /account/delete beside the profile's own (rules.ts `profileSchema`): pure, so
 * the browser (conform's inline errors) and the server share them. Each form posts a hidden `intent`; the
 * schemas leave it out (the action picks the schema by it). Messages are keys: "validation" ones, "profile:v.*",
 * and the spec's codes where one says it ("errors:codeRequired", CUS-100010).
 */
export const profileIntents = ["profile", "email", "phone-request", "phone-verify"] as const;
export type ProfileIntent = (typeof profileIntents)[number];
export const isProfileIntent = (value: unknown): value is ProfileIntent => profileIntents.includes(value as ProfileIntent);

/** A new email; the current password too when the account has one. */
export function emailChangeSchema(hasPassword: boolean) {
  return z.object({
    newEmail: emailSchema,
    ...(hasPassword ? { currentPassword: currentPasswordSchema } : {}),
  });
}

/** A new phone, to send a code to. */
export const phoneRequestSchema = z.object({ phone: phoneSchema });

/** The code of a phone request (the request id travels in a hidden field). */
export const phoneVerifySchema = z.object({
  requestId: z.string({ required_error: "errors:codeRequestInvalid", invalid_type_error: "errors:codeRequestInvalid" }).trim().min(1, "errors:codeRequestInvalid").max(64, "errors:codeRequestInvalid"),
  code: z
    .string({ required_error: "errors:codeRequired", invalid_type_error: "errors:codeRequired" })
    .trim()
    .min(1, "errors:codeRequired")
    .refine((code) => code === "" || new RegExp(`^[0-9]{${CODE_DIGITS}}$`).test(code), "profile:v.code"),
});

export { DELETE_WORDS };

/** Deleting the account: the password, or for an account without one the confirmation word of the page's language. */
export function deleteAccountSchema(hasPassword: boolean, lng: keyof typeof DELETE_WORDS) {
  if (hasPassword) return z.object({ password: currentPasswordSchema });
  return z.object({
    word: z
      .string({ required_error: "required", invalid_type_error: "required" })
      .trim()
      .min(1, "required")
      .refine((word) => word.toUpperCase() === DELETE_WORDS[lng], "profile:v.deleteWord"),
  });
}
