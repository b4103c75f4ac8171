import { Link as RemixLink, type LinkProps } from "@remix-run/react";
import { forwardRef } from "react";

/**
 * Remix's `<Link>`, drawn on the server as the anchor it renders there, without the router's work.
 *
 * On the server a link is markup only: Remix's `<Link>` resolves its `to` against the route matches (react-router
 * serialises the matches to JSON for each link), sets up its click handler, prefetch state and ref, and draws
 * `<a href={to} data-discover="true">`. A menu page draws about thirty links, and that work was a tenth of its server
 * time (docs/performance.md). Here a site path that resolves to itself (SITE_PATH) is drawn directly, byte for byte
 * what Remix draws (link.test.tsx). In the browser, and for any other `to` (relative paths, objects, full URLs,
 * prefetching), it is Remix's `<Link>`: hydration finds the same anchor and client navigation works as before.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  if (ON_SERVER && drawnAsIs(props)) {
    // In react-router's order: the anchor's own props, data-discover, href, target.
    const { to, discover = "render", reloadDocument, target, prefetch, replace, state, preventScrollReset, relative, viewTransition, ...anchor } = props;
    return <a {...anchor} data-discover={discover === "render" && !reloadDocument ? "true" : undefined} href={to as string} target={target} ref={ref} />;
  }
  return <RemixLink {...props} ref={ref} />;
});

const ON_SERVER = typeof document === "undefined";

/**
 * A site path that react-router resolves to itself: "/" and segments, none empty ("//" is collapsed, and leads to
 * another host) and none "." or ".." (resolved away), then a search and a hash that are not empty (an empty "?" or
 * "#" is dropped).
 */
const SITE_PATH = /^(?=\/)(?:\/(?!\.{1,2}(?:[/?#]|$))[^/?#]+)*\/?(?:\?[^#]+)?(?:#.+)?$/;

function drawnAsIs({ to, prefetch = "none" }: LinkProps): boolean {
  return typeof to === "string" && prefetch === "none" && SITE_PATH.test(to);
}
