/** The document title of a page: the page's own (translated in its loader), then the brand. */
export function pageTitle(title: string | undefined) {
  return [{ title: title ? `${title} · Pizza Hut` : "Pizza Hut" }];
}
