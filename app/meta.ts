import type { MetaDescriptor } from "@remix-run/node";

interface MetaArgs {
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
  /** What the route's boundary caught: a refusal of the edge carries its translated title (edge.server.ts). */
  error?: unknown;
}

/**
 * The document title of a page: its own (translated in its loader), or on its error page the refusal's, then the
 * brand (from the root loader).
 */
export function pageTitle(title: string | undefined, { matches, error }: MetaArgs): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.data as { brand?: { name: string } } | undefined;
  const brand = root?.brand?.name ?? "";
  const caught = (error as { data?: { title?: unknown } } | undefined)?.data?.title;
  const own = typeof caught === "string" ? caught : title;
  return [{ title: own && brand ? `${own} · ${brand}` : own || brand }];
}
