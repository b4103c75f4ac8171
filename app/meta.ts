import type { MetaDescriptor } from "@remix-run/node";

interface MetaArgs {
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
  /** What the route's boundary caught: a refusal of the edge carries its translated title (edge.server.ts). */
  error?: unknown;
  /** The route's own data: its `description` (translated in its loader), when it has one. */
  data?: unknown;
}

/**
 * The document title of a page: its own (translated in its loader), or on its error page the refusal's, then the
 * brand (from the root loader). And its description for search results: the page's own (`description` in its data)
 * or the brand's (the root's, translated).
 */
export function pageTitle(title: string | undefined, { matches, error, data }: MetaArgs): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.data as { brand?: { name: string; description?: string } } | undefined;
  const brand = root?.brand?.name ?? "";
  const caught = (error as { data?: { title?: unknown } } | undefined)?.data?.title;
  const own = typeof caught === "string" ? caught : title;
  const ownDescription = (data as { description?: unknown } | undefined)?.description;
  const description = typeof ownDescription === "string" && ownDescription ? ownDescription : root?.brand?.description;
  return [{ title: own && brand ? `${own} · ${brand}` : own || brand }, ...(description ? [{ name: "description", content: description }] : [])];
}
