import { randomBytes } from "node:crypto";

/**
 * The Adyen stand-in's card vault: what its secured-field iframes (shopper.ts) are typed into stays here, inside the
 * stand-in, and the browser gets an opaque token in its place, as Adyen's own secured fields give an encrypted blob.
 * The storefront only ever sees and forwards the token (`paymentMethod.encryptedCardNumber` and friends), so even
 * against the stand-in no card number, CVC or expiry reaches the storefront's server (PCI SAQ-A).
 *
 * The stand-in's /payments (api.ts) redeems the tokens. It also takes Adyen's documented test-only form of
 * unencrypted values, `test_4111111111111111`, which server-side tests send without a browser.
 */
export type CardField = "encryptedCardNumber" | "encryptedExpiryMonth" | "encryptedExpiryYear" | "encryptedSecurityCode";

export const TOKEN_PREFIX = "adyenjs_standin_";

export class CardVault {
  private readonly values = new Map<string, { field: CardField; value: string }>();

  /** Keeps a typed value and answers the token that stands for it. */
  store(field: CardField, value: string): string {
    const token = `${TOKEN_PREFIX}${randomBytes(18).toString("base64url")}`;
    this.values.set(token, { field, value });
    return token;
  }

  /**
   * The value behind a blob sent for `field`: a token of this vault issued for that field, or Adyen's test-only
   * `test_<value>`. Anything else (an unknown token, a token of another field) is undefined.
   */
  redeem(field: CardField, blob: unknown): string | undefined {
    if (typeof blob !== "string") return undefined;
    if (blob.startsWith("test_")) return blob.slice("test_".length);
    const entry = this.values.get(blob);
    return entry && entry.field === field ? entry.value : undefined;
  }
}
