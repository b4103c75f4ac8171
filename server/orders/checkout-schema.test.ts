import vm from "node:vm";
import { checkoutSchema, checkoutSchemaFor, emailSchema, mobileSchema, postalCodeSchema } from "./checkout-schema";
import type { PaymentContext } from "./payment-methods";
import { namePattern } from "../customers/rules";

const good = {
  name: "José María",
  surname: "Núñez Peña",
  email: "jose.nunez@example.com",
  mobile: "5512345678",
  comment: "",
  paymentMethod: "cash",
  idempotencyKey: "3b241101-e2bb-4255-8caf-4136c566a962",
};

/** The message keys of the issues on one field (they are keys of the "validation" namespace). */
function messagesOf(input: Record<string, unknown>, field: string): string[] {
  const result = checkoutSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
}

function expectAccepted(field: string, value: unknown) {
  const result = checkoutSchema.safeParse({ ...good, [field]: value });
  expect(result.success ? [] : result.error.issues).toEqual([]);
  return result.success ? result.data : undefined;
}

function expectRefused(field: string, value: unknown, message: string) {
  const messages = messagesOf({ ...good, [field]: value }, field);
  expect(messages).toContain(message);
}

describe("checkoutSchema: a good form", () => {
  it("accepts accents and ñ in names and an empty comment; what is left out takes its default", () => {
    const data = expectAccepted("name", "José María");
    const { paymentMethod, ...rest } = good;
    expect(data).toEqual({
      ...rest,
      paymentMethod,
      cashTenderedCents: undefined,
      company: "",
      propertyType: undefined,
      receipt: false,
      invoice: null,
    });
  });

  it("trims the text it keeps", () => {
    const data = checkoutSchema.parse({ ...good, name: "  Ana  ", surname: " Ibáñez ", email: " a@b.com ", comment: " sin cebolla " });
    expect(data).toMatchObject({ name: "Ana", surname: "Ibáñez", email: "a@b.com", comment: "sin cebolla" });
  });

  it("a missing comment becomes an empty one", () => {
    const { comment: _comment, ...withoutComment } = good;
    const result = checkoutSchema.safeParse(withoutComment);
    expect(result.success && result.data.comment).toBe("");
  });
});

describe("checkoutSchema: email", () => {
  it.each(["a@b.com", "a@b.co", "a@b.mx", "jose.nunez@example.com.mx", "ana-luisa@mi-correo.com", "a_b@c.org"])(
    "accepts %s",
    (email) => {
      expectAccepted("email", email);
    },
  );

  it.each([
    ["a@b.info", "a top-level part of 4 letters"],
    ["a+b@c.com", "a plus sign"],
    ["ab.com", "no @"],
    ["a@b", "no top-level part"],
    ["a@b.c", "a 1-letter top-level part"],
    ["a@@b.com", "two @"],
    ["a b@c.com", "a space"],
    ["@b.com", "no local part"],
    [".a@b.com", "a leading dot"],
  ])("refuses %s (%s) with 'email'", (email) => {
    expectRefused("email", email, "email");
  });

  it("a missing or blank email is 'required'", () => {
    expectRefused("email", "", "required");
    expectRefused("email", "   ", "required");
    expect(messagesOf({ ...good, email: undefined }, "email")).toContain("required");
  });

  it("an email over 60 characters is 'tooLong'", () => {
    const long = `${"a".repeat(52)}@ejemplo.mx`; // 63 characters
    expectRefused("email", long, "tooLong");
    expectAccepted("email", `${"a".repeat(49)}@ejemplo.mx`); // 60
  });

  /*
   * Regression (ReDoS): the classic pattern `^\w+([.-]?\w+)*@…` nests quantifiers, so on a long run of word
   * characters that is not an address the engine tried every split and the time doubled per character (~30 min
   * for 40), blocking the event loop for every customer. Each repetition now starts with a separator, so there
   * is one way to match. The 2-second vm timeout only keeps a regression from hanging the suite.
   */
  it("refuses a 40-character non-email without catastrophic backtracking", () => {
    const hostile = `${"a".repeat(39)}!`;
    let outcome: unknown;
    try {
      outcome = vm.runInNewContext("schema.safeParse(input).success", { schema: emailSchema, input: hostile }, { timeout: 2_000 });
    } catch (error) {
      // ERR_SCRIPT_EXECUTION_TIMEOUT: the regex was still backtracking when the budget ran out.
      outcome = (error as { code?: string }).code ?? String(error);
    }
    expect(outcome).toBe(false);
  });
});

describe("checkoutSchema: mobile", () => {
  it.each([
    ["5512345678", "5512345678"],
    ["55 1234 5678", "5512345678"],
    ["55-1234-5678", "5512345678"],
    ["(55) 1234-5678", "5512345678"],
    ["+52 55 1234 5678", "525512345678"],
    ["521234567890", "521234567890"], // 12 digits: the upper bound
    ["55123456789", "55123456789"], // 11
  ])("accepts %s as %s", (mobile, digits) => {
    expect(expectAccepted("mobile", mobile)?.mobile).toBe(digits);
  });

  it.each([
    ["551234567", "9 digits"],
    ["5512345678901", "13 digits"],
    ["55 1234 567a", "a letter"],
    ["abcdefghij", "letters"],
    ["55.1234.5678", "dots"],
  ])("refuses %s (%s) with 'mobile'", (mobile) => {
    expectRefused("mobile", mobile, "mobile");
  });

  it("a blank mobile is 'required'", () => {
    expectRefused("mobile", "", "required");
    expectRefused("mobile", "  ", "required");
  });

  it("mobileSchema on its own normalises the same way", () => {
    expect(mobileSchema.parse(" 55 1234-5678 ")).toBe("5512345678");
  });
});

describe("checkoutSchema: names and comment", () => {
  it.each(["Ana", "María José", "O. Muñoz-Peña", "Ana (Anita)", "Juan, Jr.", "Zoë", "محمد", "Luis 2", "O'Brien", "D’Angelo"])(
    "accepts the name %s",
    (name) => {
      expectAccepted("name", name);
    },
  );

  it.each(["Ana #1", "<script>", "Ana; drop", "Ana@", "Ana & Luis", "Ana_Luis", "Ana!", 'Ana "la"'])(
    "refuses the name %s with 'nameCharacters'",
    (name) => {
      expectRefused("name", name, "nameCharacters");
    },
  );

  it("every name an account takes passes the checkout, which pre-fills it (O'Brien)", () => {
    for (const name of ["O'Brien", "María-José", "J. Pérez", "Ana María"]) {
      expect(namePattern.test(name), name).toBe(true);
      expectAccepted("name", name);
      expectAccepted("surname", name);
    }
  });

  it("refuses forbidden characters in the surname and the comment too; the comment keeps the spec's characters", () => {
    expectRefused("surname", "Pérez <b>", "nameCharacters");
    expectRefused("comment", "Tocar el timbre #3", "characters");
    expectRefused("comment", "Casa de la Sra. O'Hara", "characters");
    expectAccepted("comment", "Tocar el timbre, dpto. 3 (azul) - gracias");
  });

  it("names: 60 characters pass, 61 are 'tooLong'", () => {
    expectAccepted("name", "á".repeat(60));
    expectRefused("name", "á".repeat(61), "tooLong");
    expectAccepted("surname", "n".repeat(60));
    expectRefused("surname", "n".repeat(61), "tooLong");
  });

  it("comment: 250 characters pass, 251 are 'tooLong'", () => {
    expectAccepted("comment", "x".repeat(250));
    expectRefused("comment", "x".repeat(251), "tooLong");
  });

  it.each(["name", "surname"])("%s is 'required' when missing, empty or blank", (field) => {
    expectRefused(field, "", "required");
    expectRefused(field, "   ", "required");
    expect(messagesOf({ ...good, [field]: undefined }, field)).toContain("required");
  });

  it("an empty form reports 'required' on every required field", () => {
    const result = checkoutSchema.safeParse({ paymentMethod: "cash", idempotencyKey: good.idempotencyKey });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(byField).toEqual({ name: "required", surname: "required", email: "required", mobile: "required" });
  });
});

describe("checkoutSchema: payment and idempotency", () => {
  it.each(["online", "adyen", "tarjeta", "", undefined])("paymentMethod %s is refused with 'paymentMethod'", (method) => {
    expectRefused("paymentMethod", method, "paymentMethod");
  });

  it.each(["", "not-a-uuid", "3b241101-e2bb-4255-8caf", undefined])("idempotencyKey %s is refused", (key) => {
    expect(messagesOf({ ...good, idempotencyKey: key }, "idempotencyKey").length).toBeGreaterThan(0);
  });
});

describe("postalCodeSchema", () => {
  it.each([
    ["06700", "06700"],
    [" 01000 ", "01000"],
  ])("accepts %s", (code, expected) => {
    expect(postalCodeSchema.parse(code)).toBe(expected);
  });

  it.each(["0670", "067000", "06 700", "abcde", "06a00"])("refuses %s with 'postalCode'", (code) => {
    const result = postalCodeSchema.safeParse(code);
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toContain("postalCode");
  });

  it("a blank postal code is 'required'", () => {
    const result = postalCodeSchema.safeParse("");
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toContain("required");
  });
});

/** The issues of a parse as "field: message" (a field's first message is enough for these cases). */
function issuesOf(schema: ReturnType<typeof checkoutSchemaFor>, input: Record<string, unknown>): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string> = {};
  for (const issue of result.error.issues) byField[String(issue.path[0])] ??= issue.message;
  return byField;
}

describe("checkoutSchemaFor: delivery details", () => {
  const delivery = checkoutSchemaFor({ orderType: "D" });

  it.each(["house", "office-apartment-hotel", "office-apartment-other"])("takes the property type %s", (propertyType) => {
    const data = delivery.parse({ ...good, propertyType, company: " Pizzas y Más, S.A. " });
    expect(data).toMatchObject({ propertyType, company: "Pizzas y Más, S.A." });
  });

  it("delivery requires a property type; carry-out does not", () => {
    expect(issuesOf(delivery, { ...good })).toEqual({ propertyType: "propertyType" });
    expect(issuesOf(delivery, { ...good, propertyType: "castle" })).toEqual({ propertyType: "propertyType" });
    expect(checkoutSchema.parse({ ...good }).propertyType).toBeUndefined();
    const carryout = checkoutSchemaFor({ orderType: "C" }).parse({ ...good, propertyType: "castle", company: "<b>" });
    expect(carryout).toMatchObject({ company: "" });
    expect(carryout.propertyType).toBeUndefined();
  });

  it("the company follows the checkout's characters and length", () => {
    expect(issuesOf(delivery, { ...good, propertyType: "house", company: "Pizzas #1" })).toEqual({ company: "characters" });
    expect(issuesOf(delivery, { ...good, propertyType: "house", company: "x".repeat(61) })).toEqual({ company: "tooLong" });
    expect(issuesOf(delivery, { ...good, propertyType: "house", company: "x".repeat(60) })).toEqual({});
  });

  it("the receipt is a yes/no choice, no by default", () => {
    expect(checkoutSchema.parse({ ...good, receipt: true }).receipt).toBe(true);
    expect(checkoutSchema.parse({ ...good }).receipt).toBe(false);
  });
});

describe("checkoutSchemaFor: payment against the order's total and the outlet", () => {
  const both = { methods: ["cash", "eftpos"] as const, cashCapCents: null };
  const context = (over: Partial<PaymentContext> = {}): PaymentContext => ({
    orderType: "C",
    totalCents: 31_300,
    settings: { ...both, methods: [...both.methods] },
    ...over,
  });
  const schemaWith = (over: Partial<PaymentContext> = {}) => checkoutSchemaFor({ payment: context(over) });

  it.each([
    ["313", 31_300],
    ["313.00", 31_300],
    ["500", 50_000],
    ["500.5", 50_050],
    ["$1,000", 100_000],
    ["$ 400.25", 40_025],
  ])("cash paid with %s is %i centavos", (typed, cents) => {
    expect(schemaWith().parse({ ...good, cashTendered: typed }).cashTenderedCents).toBe(cents);
  });

  it("no amount means the exact amount", () => {
    expect(schemaWith().parse({ ...good }).cashTenderedCents).toBeUndefined();
    expect(schemaWith().parse({ ...good, cashTendered: "" }).cashTenderedCents).toBeUndefined();
  });

  it.each(["abc", "12.345", "1,00", "-500", "500 pesos", "5e3", "1,000,000"])("%s is not an amount: 'cashAmount'", (typed) => {
    expect(issuesOf(schemaWith(), { ...good, cashTendered: typed })).toEqual({ cashTendered: "cashAmount" });
  });

  it("the amount must cover the total: 'cashShort' one centavo below, accepted at the total", () => {
    expect(issuesOf(schemaWith(), { ...good, cashTendered: "312.99" })).toEqual({ cashTendered: "cashShort" });
    expect(issuesOf(schemaWith(), { ...good, cashTendered: "313" })).toEqual({});
  });

  it("the outlet's cash cap refuses a larger amount; a total above it cannot be paid in cash at all (cashCapTotal)", () => {
    const capped = schemaWith({ settings: { methods: ["cash", "eftpos"], cashCapCents: 100_000 } });
    expect(issuesOf(capped, { ...good, cashTendered: "1000" })).toEqual({});
    expect(issuesOf(capped, { ...good, cashTendered: "1000.01" })).toEqual({ cashTendered: "cashCap" });
    const dear = schemaWith({ totalCents: 120_000, settings: { methods: ["cash", "eftpos"], cashCapCents: 100_000 } });
    // Its message says to pay by card: "a smaller amount" could not cover the total.
    expect(issuesOf(dear, { ...good })).toEqual({ cashTendered: "cashCapTotal" });
    expect(issuesOf(dear, { ...good, cashTendered: "1200" })).toEqual({ cashTendered: "cashCapTotal" });
    expect(issuesOf(dear, { ...good, paymentMethod: "eftpos" })).toEqual({});
  });

  it("delivery: the change is at most the driver's $200.00; carry-out has no such limit", () => {
    const delivery = schemaWith({ orderType: "D" });
    expect(issuesOf(delivery, { ...good, cashTendered: "513" })).toEqual({}); // change $200.00
    expect(issuesOf(delivery, { ...good, cashTendered: "513.01" })).toEqual({ cashTendered: "cashChange" });
    expect(issuesOf(schemaWith(), { ...good, cashTendered: "1000" })).toEqual({});
  });

  it("a method the outlet does not take is 'paymentUnavailable'", () => {
    const cashOnly = schemaWith({ settings: { methods: ["cash"], cashCapCents: null } });
    expect(issuesOf(cashOnly, { ...good, paymentMethod: "eftpos" })).toEqual({ paymentMethod: "paymentUnavailable" });
    expect(issuesOf(cashOnly, { ...good })).toEqual({});
  });

  it("the card online is a method where the outlet (and a configured provider) offers it, and ignores a cash amount", () => {
    const online = schemaWith({ settings: { methods: ["cash", "card"], cashCapCents: null } });
    expect(issuesOf(online, { ...good, paymentMethod: "card", cashTendered: "abc" })).toEqual({});
    expect(online.parse({ ...good, paymentMethod: "card", cashTendered: "100" })).toMatchObject({ paymentMethod: "card", cashTenderedCents: undefined });
    const atTheDoorOnly = schemaWith({ settings: { methods: ["cash", "eftpos"], cashCapCents: null } });
    expect(issuesOf(atTheDoorOnly, { ...good, paymentMethod: "card" })).toEqual({ paymentMethod: "paymentUnavailable" });
  });

  it("card on delivery ignores a cash amount left in the form, even a bad one", () => {
    const data = schemaWith().parse({ ...good, paymentMethod: "eftpos", cashTendered: "abc" });
    expect(data).toMatchObject({ paymentMethod: "eftpos", cashTenderedCents: undefined });
  });

  it("without a context only the amount's format is checked", () => {
    expect(checkoutSchema.parse({ ...good, cashTendered: "1" }).cashTenderedCents).toBe(100);
    expect(issuesOf(checkoutSchema, { ...good, cashTendered: "uno" })).toEqual({ cashTendered: "cashAmount" });
  });
});

describe("checkoutSchemaFor: the CFDI invoice", () => {
  const invoice = { invoiceWanted: true, rfc: "GODE561231GR8", legalName: "Eduardo Gómez Díaz", taxRegime: "612", fiscalPostalCode: "06700", cfdiUse: "G03" };

  it("is null unless asked for, and its fields are then ignored whatever they hold", () => {
    expect(checkoutSchema.parse({ ...good }).invoice).toBeNull();
    expect(checkoutSchema.parse({ ...good, ...invoice, invoiceWanted: false, rfc: "nope", taxRegime: "999" }).invoice).toBeNull();
  });

  it("asked for, it is kept normalised: the RFC and the legal name in capitals, the person type from the RFC", () => {
    const data = checkoutSchema.parse({ ...good, ...invoice, rfc: " gode-561231-gr8 ", legalName: "  Eduardo   Gómez Díaz " });
    expect(data.invoice).toEqual({
      rfc: "GODE561231GR8",
      personType: "fisica",
      legalName: "EDUARDO GÓMEZ DÍAZ",
      taxRegime: "612",
      fiscalPostalCode: "06700",
      cfdiUse: "G03",
    });
    const company = checkoutSchema.parse({ ...good, ...invoice, rfc: "EKU9003173C9", legalName: "Escuela Kemper Urgate", taxRegime: "601" });
    expect(company.invoice).toMatchObject({ rfc: "EKU9003173C9", personType: "moral", legalName: "ESCUELA KEMPER URGATE" });
  });

  it("an empty invoice reports every field", () => {
    expect(issuesOf(checkoutSchema, { ...good, invoiceWanted: true })).toEqual({
      rfc: "required",
      legalName: "required",
      taxRegime: "taxRegime",
      fiscalPostalCode: "required",
      cfdiUse: "cfdiUse",
    });
  });

  it.each([
    ["GODE561231GR", "rfc"], // 12 characters with 4 letters: the homoclave is short
    ["GOD561231GR", "rfc"], // 11
    ["GODE561231GR8X", "rfc"], // 14
    ["GO1E561231GR8", "rfc"], // a digit among the letters
    ["GODE5612A1GR8", "rfc"], // a letter in the date
    ["GODE561231GR-", "rfc"],
    ["GOD$561231GR8", "rfc"],
    ["GODE561331GR8", "rfcDate"], // month 13
    ["GODE560230GR8", "rfcDate"], // 30 February
    ["GODE570229GR8", "rfcDate"], // 29 February 1957 / 2057
    ["GODE561200GR8", "rfcDate"], // day 0
    ["GODE560431GR8", "rfcDate"], // 31 April
    ["XAXX010101000", "rfcGeneric"],
    ["XEXX010101000", "rfcGeneric"],
  ])("refuses the RFC %s with '%s'", (rfc, message) => {
    expect(issuesOf(checkoutSchema, { ...good, ...invoice, rfc })).toEqual({ rfc: message });
  });

  it.each(["GODE560229GR8", "ABC000229AB1", "ÑAND800101AA1", "A&B800101AA1"])("accepts the RFC %s (leap days, Ñ and &)", (rfc) => {
    const regime = rfc.length === 12 ? "601" : "612";
    expect(issuesOf(checkoutSchema, { ...good, ...invoice, rfc, taxRegime: regime })).toEqual({});
  });

  it("the regime must fit the RFC: a company's regime for a person and the other way round are 'taxRegimePerson'", () => {
    expect(issuesOf(checkoutSchema, { ...good, ...invoice, taxRegime: "601" })).toEqual({ taxRegime: "taxRegimePerson" });
    expect(issuesOf(checkoutSchema, { ...good, ...invoice, rfc: "EKU9003173C9", taxRegime: "612" })).toEqual({ taxRegime: "taxRegimePerson" });
    expect(issuesOf(checkoutSchema, { ...good, ...invoice, rfc: "EKU9003173C9", taxRegime: "626" })).toEqual({});
    expect(issuesOf(checkoutSchema, { ...good, ...invoice, taxRegime: "626" })).toEqual({});
  });

  it("a regime that cannot deduct expenses must use S01", () => {
    expect(issuesOf(checkoutSchema, { ...good, ...invoice, taxRegime: "605" })).toEqual({ cfdiUse: "cfdiUseRegime" });
    expect(issuesOf(checkoutSchema, { ...good, ...invoice, taxRegime: "616", cfdiUse: "S01" })).toEqual({});
  });

  it.each([
    ["taxRegime", "999", "taxRegime"],
    ["cfdiUse", "P01", "cfdiUse"],
    ["fiscalPostalCode", "0670", "postalCode"],
    ["fiscalPostalCode", "06 700", "postalCode"],
    ["legalName", "Pizzas <b>", "legalNameCharacters"],
    ["legalName", "x".repeat(255), "tooLong"],
  ])("%s %s is refused with '%s'", (field, value, message) => {
    expect(issuesOf(checkoutSchema, { ...good, ...invoice, [field]: value })).toEqual({ [field]: message });
  });

  it("the legal name takes '&' and 254 characters", () => {
    expect(issuesOf(checkoutSchema, { ...good, ...invoice, legalName: "Pérez & Hijos" })).toEqual({});
    expect(issuesOf(checkoutSchema, { ...good, ...invoice, legalName: "x".repeat(254) })).toEqual({});
  });
});

describe("checkoutSchemaFor: one post reports every problem at once", () => {
  it("a blank name, a short cash amount, a missing property type and a bad RFC together", () => {
    const schema = checkoutSchemaFor({
      orderType: "D",
      payment: { orderType: "D", totalCents: 35_200, settings: { methods: ["cash", "eftpos"], cashCapCents: null } },
    });
    const issues = issuesOf(schema, {
      ...good,
      name: undefined,
      mobile: "55",
      cashTendered: "100",
      invoiceWanted: true,
      rfc: "GODE561331GR8",
      legalName: "Ana",
      taxRegime: "612",
      fiscalPostalCode: "06700",
      cfdiUse: "G03",
    });
    expect(issues).toEqual({ name: "required", mobile: "mobile", propertyType: "propertyType", cashTendered: "cashShort", rfc: "rfcDate" });
  });
});
