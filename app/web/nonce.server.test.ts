import { randomFillSync } from "node:crypto";
import { newNonce, nonceSource } from "./nonce.server";

describe("CSP nonces", () => {
  it("are 16 random bytes in base64, never repeated", () => {
    const seen = new Set(Array.from({ length: 2_000 }, () => newNonce()));
    expect(seen.size).toBe(2_000);
    for (const nonce of seen) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect([...seen].every((nonce) => /^[A-Za-z0-9+/]{22}==$/.test(nonce))).toBe(true);
  });

  it("draw from the secure generator once per 256 nonces, and each from fresh bytes", () => {
    const fills: Buffer[] = [];
    const next = nonceSource((buffer) => {
      randomFillSync(buffer);
      fills.push(Buffer.from(buffer));
    });
    const nonces = Array.from({ length: 513 }, () => next());
    expect(fills).toHaveLength(3);
    expect(fills[0]).toHaveLength(4_096);
    // The 257th nonce is the first 16 bytes of the second draw.
    expect(nonces[0]).toBe(fills[0]!.toString("base64", 0, 16));
    expect(nonces[255]).toBe(fills[0]!.toString("base64", 4_080, 4_096));
    expect(nonces[256]).toBe(fills[1]!.toString("base64", 0, 16));
    expect(nonces[512]).toBe(fills[2]!.toString("base64", 0, 16));
  });
});
