/** The query parameters the order-time dialog owns in a page's URL. */
const DIALOG_PARAMS = ["dialog", "day", "value", "back"];

/** A page path ("/order/pizzas?x=1&dialog=order-time&day=...") without the dialog's parameters. */
export function withoutOrderTimeDialog(path: string): string {
  const url = new URL(path, "http://x");
  for (const name of DIALOG_PARAMS) url.searchParams.delete(name);
  return url.pathname + url.search;
}

/** The same page with the order-time dialog open. */
export function withOrderTimeDialogOpen(path: string): string {
  const url = new URL(withoutOrderTimeDialog(path), "http://x");
  url.searchParams.set("dialog", "order-time");
  return url.pathname + url.search;
}
