import { env } from "#server/config";
import { getDb } from "#server/db/client";
import { now } from "#server/clock";
import { categoryPath, listCategories } from "#server/catalog/menu";
import { listStores } from "#server/outlets/stores";
import { fallbackLng } from "~/i18n/config";

/**
 * The public pages for search engines (robots.txt and sitemap.xml). The language is the visitor's choice, kept in
 * the session, not in the address: every page has one URL, so the sitemap names each once (a crawler reads it in
 * Spanish, the default). The customer's own pages (cart, checkout, tracker, account) are not listed; they are not
 * disallowed either, so that a shared tracker link is not hidden. The store console and the APIs are disallowed.
 */
const CONTENT_PAGES = [
  "/home",
  "/huts",
  "/promotions",
  "/order/campaigns",
  "/faq",
  "/terms",
  "/privacy",
  "/conditions",
  "/membership",
  "/indication-based",
  "/campaigns-term-and-condition",
  "/nutritional-content",
  "/contact",
  "/careers",
  "/topic",
];

export const DISALLOWED = ["/store", "/api/", "/outbox", "/adyen/", "/credit-payment/"];

/** The site's public address without a trailing slash. */
export function publicBase(): string {
  return env().PUBLIC_URL.replace(/\/+$/, "");
}

export function robotsTxt(base: string): string {
  return ["User-agent: *", ...DISALLOWED.map((path) => `Disallow: ${path}`), "Allow: /", "", `Sitemap: ${base}/sitemap.xml`, ""].join("\n");
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

export function sitemapXml(base: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(base + path)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, "</urlset>", ""].join("\n");
}

/** Every public page: the content pages, each menu category and sub-category, each active store's page. */
export async function publicPaths(): Promise<string[]> {
  const db = await getDb();
  const [categories, stores] = await Promise.all([listCategories(db, fallbackLng), listStores(db, now())]);
  // The coupons and campaigns categories have pages of their own (the campaigns' is listed above; the coupons' asks
  // for an order type first).
  const menu = categories.filter((c) => c.kind !== "coupons" && c.kind !== "campaigns").flatMap((c) => (c.subs.length ? c.subs.map((s) => categoryPath(c.slug, s.slug)) : [categoryPath(c.slug)]));
  const huts = stores.map((s) => `/hut/${s.slug}`);
  return [...new Set([...CONTENT_PAGES, ...menu, ...huts])];
}
