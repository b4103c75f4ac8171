import { expect, test } from "@playwright/test";
import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

/**
 * Pages are compressed once, by the document's renderer (app/web/compress-document.server.ts), with the encoding
 * the compression middleware would have chosen; everything else is still compressed by the middleware. Read as raw
 * bytes (fetch would decode them) from the built server.
 */
function raw(baseURL: string, path: string, acceptEncoding?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding };
    const req = httpRequest(new URL(path, baseURL), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const decoders: Record<string, (bytes: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync, none: (bytes) => bytes };

test("a page comes compressed as the browser asks: brotli, gzip, deflate or not at all, whole and once", async ({ baseURL }) => {
  const plain = await raw(baseURL!, "/huts", "identity");
  expect(plain.status).toBe(200);
  expect(plain.headers["content-encoding"]).toBeUndefined();
  const html = plain.body.toString("utf8");
  expect(html).toContain("</html>");
  for (const [acceptEncoding, expected] of [
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip;q=0.5, deflate", "deflate"],
    ["deflate", "deflate"],
    [undefined, "none"],
  ] as const) {
    const answer = await raw(baseURL!, "/huts", acceptEncoding);
    expect(answer.status, acceptEncoding).toBe(200);
    expect(answer.headers["content-encoding"] ?? "none", acceptEncoding).toBe(expected);
    expect(String(answer.headers.vary ?? ""), acceptEncoding).toMatch(/accept-encoding/i);
    const text = decoders[expected]!(answer.body).toString("utf8");
    // The same page (its nonce and tokens aside), compressed once: it decodes to HTML, not to compressed bytes.
    expect(text.startsWith("<!DOCTYPE html>"), acceptEncoding).toBe(true);
    expect(text.replace(/nonce="[^"]*"/g, "").length, acceptEncoding).toBe(html.replace(/nonce="[^"]*"/g, "").length);
    if (answer.headers["content-length"]) expect(Number(answer.headers["content-length"]), acceptEncoding).toBe(answer.body.length);
  }
});

test("what is not a page (a data request, a file) is still compressed by the middleware", async ({ baseURL }) => {
  const data = await raw(baseURL!, "/huts?_data=root", "gzip");
  expect(data.status).toBe(200);
  expect(data.headers["content-encoding"]).toBe("gzip");
  expect(JSON.parse(gunzipSync(data.body).toString("utf8"))).toHaveProperty("lng");
  const sitemap = await raw(baseURL!, "/sitemap.xml", "gzip, deflate, br");
  expect(sitemap.status).toBe(200);
  expect(sitemap.headers["content-encoding"]).toBe("br");
  expect(brotliDecompressSync(sitemap.body).toString("utf8")).toContain("<urlset");
});
