import { birthdayOf, loginSchema, normalizePhone, passwordKinds, passwordProblem, registerSchema, setPasswordSchema } from "./rules";
import { isCommonPassword } from "./common-passwords";

const valid = {
  firstName: "María José",
  lastName: "O'Neill-Núñez",
  email: "Rosa.Diaz@Correo.mx",
  phone: "(55) 1234-9876",
  birthDay: "29",
  birthMonth: "2",
  birthYear: "2000",
  gender: "F",
  password: "Horno*Lento7",
  confirmPassword: "Horno*Lento7",
  terms: "on",
};
const TODAY = "2026-11-20";
const errorsOf = (input: Record<string, unknown>) => {
  const result = registerSchema(TODAY).safeParse(input);
  return result.success ? {} : result.error.flatten().fieldErrors;
};

describe("the customer's rules (spec section 5)", () => {
  it("a valid registration normalises email and phone, and reads the checkboxes", () => {
    const value = registerSchema(TODAY).parse(valid);
    expect(value.email).toBe("rosa.diaz@correo.mx");
    expect(value.phone).toBe("5512349876");
    expect(value).toMatchObject({ terms: true, news: false, htmlMail: false, birthYear: 2000, birthMonth: 2, birthDay: 29 });
  });

  it("every field of the form is required, terms must be accepted, gender chosen", () => {
    expect(errorsOf({})).toMatchObject({
      firstName: ["required"],
      lastName: ["required"],
      email: ["required"],
      phone: ["required"],
      gender: ["account:v.gender"],
      password: ["required"],
      terms: ["account:v.terms"],
    });
  });

  it("email: word characters with dots or hyphens, a domain, a top-level part of 2 or 3 letters", () => {
    for (const email of ["a@b.mx", "ana.lopez@correo.com.mx", "a-b@sub-dom.org"]) expect(errorsOf({ ...valid, email }).email).toBeUndefined();
    for (const email of ["a@b", "a@b.c", "a@b.info", "a..b@c.mx", "@c.mx", "a b@c.mx"]) expect(errorsOf({ ...valid, email }).email).toEqual(["email"]);
  });

  it("phone: 10 to 12 digits, separators and a country code's leading + dropped", () => {
    expect(normalizePhone(" 55-1234.9876 ")).toBe("5512349876");
    expect(normalizePhone("+52 55 1234 9876")).toBe("525512349876");
    expect(errorsOf({ ...valid, phone: "52 55 1234 9876" }).phone).toBeUndefined();
    expect(errorsOf({ ...valid, phone: "+52 55 1234 9876" }).phone).toBeUndefined();
    for (const phone of ["551234987", "5215512349876", "55123abc76", "55+1234+9876", "++525512349876"]) expect(errorsOf({ ...valid, phone }).phone).toEqual(["account:v.phone"]);
  });

  it("birthday: a real date from 1900 up to today", () => {
    expect(birthdayOf(2000, 2, 29, TODAY)).toBe("2000-02-29");
    expect(birthdayOf(1900, 1, 1, TODAY)).toBe("1900-01-01");
    expect(birthdayOf(2026, 11, 20, TODAY)).toBe("2026-11-20");
    expect(birthdayOf(2026, 11, 21, TODAY)).toBeNull();
    expect(birthdayOf(1899, 12, 31, TODAY)).toBeNull();
    expect(birthdayOf(2001, 2, 29, TODAY)).toBeNull();
    expect(birthdayOf(2001, 4, 31, TODAY)).toBeNull();
    expect(errorsOf({ ...valid, birthYear: "2001" }).birthDay).toEqual(["account:v.birthday"]);
    expect(errorsOf({ ...valid, birthMonth: "13" }).birthMonth).toEqual(["account:v.birthday"]);
  });

  it("password: 8 to 128 characters with 3 of digits, lower, upper and @ * _ - ?; never truncated", () => {
    expect(passwordKinds("abcdefgh")).toBe(1);
    expect(passwordKinds("abc-DEF?")).toBe(3);
    expect(passwordProblem("Ab1*")).toBe("account:v.passwordShort");
    expect(passwordProblem("abcdefgh1")).toBe("account:v.passwordKinds");
    expect(passwordProblem("abcdefg#1")).toBe("account:v.passwordKinds"); // '#' counts for no kind
    expect(passwordProblem("abcdefg_1")).toBeNull();
    expect(passwordProblem("ABCDEFG?1")).toBeNull();
    expect(passwordProblem(`Aa1${"x".repeat(125)}`)).toBeNull();
    expect(passwordProblem(`Aa1${"x".repeat(126)}`)).toBe("account:v.passwordLong");
    // 8 characters counted as characters, not UTF-16 units
    expect(passwordProblem("Ñandú*1")).toBe("account:v.passwordShort");
  });

  it("the confirmation must match", () => {
    expect(errorsOf({ ...valid, confirmPassword: "Horno*Lento8" }).confirmPassword).toEqual(["account:v.confirm"]);
    expect(setPasswordSchema.safeParse({ password: "Horno*Lento7", confirmPassword: "x" }).success).toBe(false);
  });

  it("names: letters of any script, spaces, apostrophes, dots and hyphens, at most 60", () => {
    expect(errorsOf({ ...valid, firstName: "<script>" }).firstName).toEqual(["account:v.name"]);
    expect(errorsOf({ ...valid, firstName: "x".repeat(61) }).firstName).toEqual(["tooLong"]);
    expect(errorsOf({ ...valid, firstName: "محمد" }).firstName).toBeUndefined();
  });

  it("sign-in takes any password up to 128 characters (no policy: older accounts)", () => {
    expect(loginSchema.safeParse({ email: "a@b.mx", password: "x" }).success).toBe(true);
    expect(loginSchema.safeParse({ email: "a@b.mx", password: "x".repeat(129) }).success).toBe(false);
  });

  it("common passwords are refused as typed and lower-cased", () => {
    expect(isCommonPassword("password1")).toBe(true);
    expect(isCommonPassword("Password1")).toBe(true);
    expect(isCommonPassword("Horno*Lento7")).toBe(false);
  });
});
