import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressDocument } from "./compress-document.server";

describe("a document compressed once, as the middleware would choose", () => {
  const page = Buffer.from(`<!DOCTYPE html><html lang="es"><body>${"<p>Pizza ñ 🍕</p>".repeat(500)}</body></html>`) as Buffer<ArrayBuffer>;

  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["*", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0.2, br;q=0.8", "br"],
  ] as const)("%s → %s, which decodes to the page", async (acceptEncoding, expected) => {
    const { body, encoding } = await compressDocument(page, acceptEncoding);
    expect(encoding).toBe(expected);
    expect(body.length).toBeLessThan(page.length / 10);
    expect((expected === "br" ? brotliDecompressSync(body) : gunzipSync(body)).equals(page)).toBe(true);
  });

  it.each([["deflate"], ["identity"], [""], [null], ["gzip;q=0, br;q=0"]])("%s is left to the middleware (the page as it is)", async (acceptEncoding) => {
    const { body, encoding } = await compressDocument(page, acceptEncoding);
    expect(encoding).toBeUndefined();
    expect(body).toBe(page);
  });
});
