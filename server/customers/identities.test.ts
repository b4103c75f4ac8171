import { cleanName, identityFromClaims, namesOf } from "./identities";

describe("names from a provider", () => {
  it("keeps letters of any script, marks, spaces, apostrophes, dots and hyphens; drops the rest", () => {
    expect(cleanName("  María  José ")).toBe("María José");
    expect(cleanName("O'Brien-Núñez Jr.")).toBe("O'Brien-Núñez Jr.");
    expect(cleanName("Ana 🍕 <b>")).toBe("Ana b");
    expect(cleanName("عائشة")).toBe("عائشة");
    expect(cleanName(null)).toBe("");
    expect(cleanName("x".repeat(200))).toHaveLength(60);
  });

  it("given and family names first; else the full name split at its first space; else the email's local part", () => {
    expect(namesOf({ givenName: "Ana", familyName: "López" }, "a@b.mx")).toEqual({ firstName: "Ana", lastName: "López" });
    expect(namesOf({ name: "Ana María López" }, "a@b.mx")).toEqual({ firstName: "Ana", lastName: "María López" });
    expect(namesOf({ name: "Cher" }, "a@b.mx")).toEqual({ firstName: "Cher", lastName: "" });
    expect(namesOf({ givenName: "🍕" }, "ana.lopez99@b.mx")).toEqual({ firstName: "ana lopez", lastName: "" });
    expect(namesOf({}, "12345@b.mx")).toEqual({ firstName: "", lastName: "" });
  });
});

describe("a provider's userinfo as an identity", () => {
  const strict = { emailVerifiedWhenUnsaid: false };

  it("reads OIDC claims (sub, email, email_verified, given_name, family_name, name)", () => {
    expect(
      identityFromClaims(2, { sub: "g-1", email: "ana@gmail.example", email_verified: true, given_name: "Ana", family_name: "López", name: "Ana López" }, strict),
    ).toEqual({ provider: 2, subject: "g-1", email: "ana@gmail.example", emailVerified: true, givenName: "Ana", familyName: "López", name: "Ana López" });
  });

  it("reads Facebook's Graph answer (id, first_name, last_name), whose email counts as verified when nothing says otherwise", () => {
    const facebook = { emailVerifiedWhenUnsaid: true };
    expect(identityFromClaims(1, { id: "1029", email: "ana@fb.example", first_name: "Ana", last_name: "López" }, facebook)).toMatchObject({
      subject: "1029",
      emailVerified: true,
      givenName: "Ana",
      familyName: "López",
    });
    expect(identityFromClaims(1, { id: "1029", email: "ana@fb.example", email_verified: false }, facebook).emailVerified).toBe(false);
  });

  it("an email is verified only when the provider says so (true or the string 'true')", () => {
    expect(identityFromClaims(3, { sub: "y", email: "a@y.example", email_verified: "true" }, strict).emailVerified).toBe(true);
    expect(identityFromClaims(3, { sub: "y", email: "a@y.example", email_verified: "false" }, strict).emailVerified).toBe(false);
    expect(identityFromClaims(3, { sub: "y", email: "a@y.example" }, strict).emailVerified).toBe(false);
  });

  it("no subject, no email or blank values are empty, not invented", () => {
    expect(identityFromClaims(2, { sub: { nested: 1 }, email: " " }, strict)).toMatchObject({ subject: "", email: null, givenName: null, familyName: null, name: null });
    expect(identityFromClaims(2, { sub: 42 }, strict).subject).toBe("42");
  });
});
