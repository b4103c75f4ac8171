import type { MetaDescriptor } from "@remix-run/node";

interface MetaArgs {
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
}

/** The document title of a page: its own (translated in its loader), then the brand (from the root loader). */
export function pageTitle(title: string | undefined, { matches }: MetaArgs): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.data as { brand?: string } | undefined;
  const brand = root?.brand ?? "";
  return [{ title: title && brand ? `${title} · ${brand}` : title || brand }];
}
