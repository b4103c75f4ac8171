import { json } from "@remix-run/node";
import { contentPage, type ContentType } from "#server/content/pages";
import { storefront } from "~/web/storefront.server";

/**
 * The loader of every content page route (/terms, /faq, /privacy, /conditions, /membership, /indication-based,
 * /campaigns-term-and-condition, /promotions): the page's text in the visitor's language, or the chain's Spanish
 * when that language has none (its `lng` says so, for the `lang` attribute); a page with no text at all is a 404.
 */
export async function contentPageData(request: Request, type: ContentType) {
  const store = await storefront(request);
  const page = await contentPage(store.db, type, store.lng);
  if (!page) throw json(null, { status: 404 });
  return json({ title: page.title, html: page.html, lng: page.lng, updatedAt: page.updatedAt, shownIn: store.lng });
}
