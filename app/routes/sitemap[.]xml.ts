import { publicBase, publicPaths, sitemapXml } from "~/web/sitemap.server";

/** /sitemap.xml: the public pages (app/web/sitemap.server.ts). */
export async function loader() {
  return new Response(sitemapXml(publicBase(), await publicPaths()), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
