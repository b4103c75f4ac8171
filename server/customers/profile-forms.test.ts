import { deleteAccountSchema, emailChangeSchema, isProfileIntent, phoneRequestSchema, phoneVerifySchema } from "./profile-forms";

const issues = (result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("the profile's forms", () => {
  it("intents: only the page's four", () => {
    for (const ok of ["profile", "email", "phone-request", "phone-verify"]) expect(isProfileIntent(ok)).toBe(true);
    for (const bad of ["", "delete", null, "PROFILE"]) expect(isProfileIntent(bad)).toBe(false);
  });

  it("email change: a valid address (normalised); the current password only for an account that has one", () => {
    expect(emailChangeSchema(true).safeParse({ newEmail: " Ana@Correo.MX ", currentPassword: "x" })).toMatchObject({ success: true, data: { newEmail: "ana@correo.mx" } });
    expect(issues(emailChangeSchema(true).safeParse({ newEmail: "ana@", currentPassword: "" }))).toEqual({ newEmail: "email", currentPassword: "required" });
    expect(issues(emailChangeSchema(true).safeParse({ newEmail: "ana@correo.mx", currentPassword: "x".repeat(129) }))).toEqual({ currentPassword: "account:v.passwordLong" });
    expect(emailChangeSchema(false).safeParse({ newEmail: "ana@correo.mx" })).toMatchObject({ success: true });
  });

  it("phone request: 10 to 12 digits, separators and a country code's + dropped", () => {
    expect(phoneRequestSchema.safeParse({ phone: "(55) 1234-5678" })).toMatchObject({ success: true, data: { phone: "5512345678" } });
    // the hint's "up to 12 with the country code", written as people write it
    expect(phoneRequestSchema.safeParse({ phone: "+52 55 1234 5678" })).toMatchObject({ success: true, data: { phone: "525512345678" } });
    expect(issues(phoneRequestSchema.safeParse({ phone: "123" }))).toEqual({ phone: "account:v.phone" });
    expect(issues(phoneRequestSchema.safeParse({}))).toEqual({ phone: "required" });
  });

  it("phone code: required is CUS-100010's message, otherwise six digits; the request id must be there", () => {
    expect(phoneVerifySchema.safeParse({ requestId: "r", code: " 012345 " })).toMatchObject({ success: true, data: { code: "012345" } });
    expect(issues(phoneVerifySchema.safeParse({ requestId: "r", code: "" }))).toEqual({ code: "errors:codeRequired" });
    expect(issues(phoneVerifySchema.safeParse({ requestId: "r", code: "12345" }))).toEqual({ code: "profile:v.code" });
    expect(issues(phoneVerifySchema.safeParse({ code: "123456" }))).toEqual({ requestId: "errors:codeRequestInvalid" });
  });

  it("deleting: the password, or the word of the page's language (any case)", () => {
    expect(deleteAccountSchema(true, "es").safeParse({ password: "secreta" }).success).toBe(true);
    expect(issues(deleteAccountSchema(true, "es").safeParse({}))).toEqual({ password: "required" });
    expect(deleteAccountSchema(false, "es").safeParse({ word: " borrar " }).success).toBe(true);
    expect(deleteAccountSchema(false, "en").safeParse({ word: "delete" }).success).toBe(true);
    expect(deleteAccountSchema(false, "ar").safeParse({ word: "حذف" }).success).toBe(true);
    expect(issues(deleteAccountSchema(false, "en").safeParse({ word: "BORRAR" }))).toEqual({ word: "profile:v.deleteWord" });
  });
});
