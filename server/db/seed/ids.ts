import { createHash } from "node:crypto";

/** Namespace of the seed's name-based UUIDs (any fixed UUID will do; this one is random). */
const SEED_NAMESPACE = "6f1c2a9e-4b7d-4e0a-9c55-3d2f8b1e7a40";

/**
 * A name-based UUID (RFC 4122 version 5: SHA-1 of namespace + name), so seeded rows keep the same UUID on
 * every run and every machine.
 */
export function seedUuid(name: string): string {
  const hash = createHash("sha1")
    .update(Buffer.from(SEED_NAMESPACE.replaceAll("-", ""), "hex"))
    .update(name, "utf8")
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const categoryUuid = (parentSlug: string | null, slug: string) =>
  seedUuid(`category:${parentSlug ? `${parentSlug}/` : ""}${slug}`);
export const productUuid = (sku: string) => seedUuid(`product:${sku}`);
