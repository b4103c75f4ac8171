import { codeHash, CODE_DIGITS, isCodeShape, isRequestId, newCode } from "./phone";

describe("phone codes (pure parts)", () => {
  it("a code is six digits, leading zeros kept, and they vary", () => {
    const codes = Array.from({ length: 200 }, newCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(CODE_DIGITS).toBe(6);
    expect(new Set(codes).size).toBeGreaterThan(150);
  });

  it("the code's shape: exactly six ASCII digits", () => {
    for (const ok of ["000000", "123456", "999999"]) expect(isCodeShape(ok)).toBe(true);
    for (const bad of ["", "12345", "1234567", "12345a", " 123456", "١٢٣٤٥٦", "12 456"]) expect(isCodeShape(bad)).toBe(false);
  });

  it("a request id is a uuid", () => {
    expect(isRequestId("0b3c5a2e-4f7d-4c1a-9e8b-1234567890ab")).toBe(true);
    for (const bad of ["", "x", "0b3c5a2e4f7d4c1a9e8b1234567890ab", "0b3c5a2e-4f7d-4c1a-9e8b-1234567890ab'--"]) expect(isRequestId(bad)).toBe(false);
  });

  it("the stored hash is salted by the request: one code, two requests, two hashes; never the code itself", () => {
    const a = codeHash("0b3c5a2e-4f7d-4c1a-9e8b-1234567890ab", "123456");
    const b = codeHash("1b3c5a2e-4f7d-4c1a-9e8b-1234567890ab", "123456");
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("123456");
    expect(codeHash("0B3C5A2E-4F7D-4C1A-9E8B-1234567890AB", "123456")).toBe(a);
  });
});
