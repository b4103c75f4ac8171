import { trackingSchema } from "./tracking-schema";

const issues = (input: Record<string, string | undefined>) => {
  const result = trackingSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("trackingSchema (the order lookup)", () => {
  it("number and email together are a lookup", () => {
    expect(trackingSchema.parse({ number: "100001", email: "ana@correo.mx" })).toEqual({ number: "100001", email: "ana@correo.mx" });
  });

  it("an email alone is a lookup (answered by mail)", () => {
    expect(trackingSchema.parse({ email: " ana@correo.mx " })).toEqual({ email: "ana@correo.mx" });
  });

  it("the number may be written with a leading # and spaces", () => {
    expect(trackingSchema.parse({ number: " # 100001 ", email: "a@b.mx" }).number).toBe("100001");
  });

  it("neither is refused: one of them is required (spec section 5)", () => {
    expect(issues({})).toEqual(["number: tracking:oneRequired"]);
  });

  it("a number alone asks for the email it was placed with", () => {
    expect(issues({ number: "100001" })).toEqual(["email: tracking:emailWithNumber"]);
  });

  it.each(["abc", "10 0001", "1000011111111", "-1", "1e5"])("a number that is not 1-12 digits (%s) is refused", (number) => {
    expect(issues({ number, email: "a@b.mx" })).toEqual(["number: tracking:numberFormat"]);
  });

  it.each(["ana", "ana@correo", "@correo.mx", "ana@correo.mexico"])("a malformed email (%s) is refused", (email) => {
    expect(issues({ email })).toEqual(["email: email"]);
  });

  it("a too long email is refused", () => {
    expect(issues({ email: `${"a".repeat(60)}@correo.mx` })).toEqual(["email: tooLong"]);
  });
});
