import { publicBase, robotsTxt } from "~/web/sitemap.server";

/** /robots.txt: the store console and the APIs are closed to crawlers; the sitemap names the public pages. */
export function loader() {
  return new Response(robotsTxt(publicBase()), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
