import { Link as RemixLink, type LinkProps } from "@remix-run/react";
import { createElement, forwardRef, type ForwardedRef } from "react";

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
  if (ON_SERVER && drawnAsIs(props)) return createElement("a", anchorOf(props, ref));
  return <RemixLink {...props} ref={ref} />;
});

const ON_SERVER = typeof document === "undefined";

/** The router's own props of a `<Link>`: not drawn on its anchor. */
const ROUTER_PROPS: ReadonlySet<string> = new Set(["to", "discover", "reloadDocument", "target", "prefetch", "replace", "state", "preventScrollReset", "relative", "viewTransition"]);

/**
 * The anchor's props in react-router's order: the link's own props, data-discover, href, target (and the ref). Copied
 * in a loop rather than by a rest destructuring: V8 copies a rest that leaves out ten names through a slow runtime
 * path, three to four times the loop's cost, and a menu page draws about thirty links (docs/performance.md).
 */
function anchorOf(props: LinkProps, ref: ForwardedRef<HTMLAnchorElement>): Record<string, unknown> {
  const anchor: Record<string, unknown> = {};
  for (const key in props) if (!ROUTER_PROPS.has(key)) anchor[key] = props[key as keyof LinkProps];
  anchor["data-discover"] = (props.discover ?? "render") === "render" && !props.reloadDocument ? "true" : undefined;
  anchor.href = props.to;
  anchor.target = props.target;
  anchor.ref = ref;
  return anchor;
}

/**
 * A site path that react-router resolves to itself: "/" and segments, none empty ("//" is collapsed, and leads to
 * another host) and none "." or ".." (resolved away), then a search and a hash that are not empty (an empty "?" or
 * "#" is dropped).
 */
const SITE_PATH = /^(?=\/)(?:\/(?!\.{1,2}(?:[/?#]|$))[^/?#]+)*\/?(?:\?[^#]+)?(?:#.+)?$/;

function drawnAsIs({ to, prefetch = "none" }: LinkProps): boolean {
  return typeof to === "string" && prefetch === "none" && SITE_PATH.test(to);
}
