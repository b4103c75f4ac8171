import type { ComboLineItem } from "../cart/line";
import type { ToppingChoice } from "../cart/toppings";
import type { I18nText } from "../db/types";

/**
 * The order history's pure rules: its pages, and what a past order's item becomes when it is ordered again (the
 * cart's own add, with the same product, size, crust, topping changes, halves and combo choice; the cart prices
 * it now and applies every rule of now).
 */
export const HISTORY_PAGE_SIZE = 10;

/** The page asked for within the history's pages (at least one, even when empty); null for a page past the last. */
export function pageWindow(total: number, page: number, size = HISTORY_PAGE_SIZE): { page: number; pages: number; offset: number } | null {
  const pages = Math.max(1, Math.ceil(total / size));
  if (!Number.isInteger(page) || page < 1 || page > pages) return null;
  return { page, pages, offset: (page - 1) * size };
}

/** What order_items.detail keeps of a line (server/orders/place.ts, orderItemRows). */
export interface OrderItemDetail {
  firstLayerId?: number | null;
  secondLayerId?: number | null;
  toppings?: ToppingChoice;
  /** product ids of a half-and-half's two halves */
  halves?: number[];
  combo?: ComboLineItem[];
  /** the coupon that brought the line (a free item, a deal's combo) */
  couponCode?: string;
}

/** An item of a past order, with its product's uuid (null when the product is no longer in the catalog). */
export interface PastItem {
  productUuid: string | null;
  name: I18nText;
  quantity: number;
  detail: OrderItemDetail;
}

/** A line to add again, in the cart form's shape (an "add" intent without its name), with the name it had. */
export interface ReorderLine {
  name: I18nText;
  /** null: the product is gone from the catalog (the line is left out as unavailable) */
  productUuid: string | null;
  quantity: number;
  firstLayerId?: number;
  secondLayerId?: number;
  remove: number[];
  extra: { toppingId: number; count: number }[];
  half: string[];
  combo: { slotId: number; productUuid: string }[];
}

/**
 * A past item as a cart add: its layers, its topping changes, its halves and its combo choice, with the product
 * ids of halves and combo items turned into uuids (`uuidOf`; an id it does not know leaves a uuid no product has,
 * so the cart refuses that line as it refuses any unknown choice).
 */
export function reorderLine(item: PastItem, uuidOf: (productId: number) => string | undefined): ReorderLine {
  const { detail } = item;
  const unknown = "00000000-0000-0000-0000-000000000000";
  return {
    name: item.name,
    productUuid: item.productUuid,
    quantity: item.quantity,
    ...(detail.firstLayerId ? { firstLayerId: detail.firstLayerId } : {}),
    ...(detail.secondLayerId ? { secondLayerId: detail.secondLayerId } : {}),
    remove: detail.toppings?.removed ?? [],
    extra: Object.entries(detail.toppings?.extras ?? {}).map(([toppingId, count]) => ({ toppingId: Number(toppingId), count })),
    half: (detail.halves ?? []).map((id) => uuidOf(id) ?? unknown),
    combo: (detail.combo ?? []).map((c) => ({ slotId: c.slotId, productUuid: uuidOf(c.productId) ?? unknown })),
  };
}

/** The product ids a past item names besides its own (halves, combo items): what to look up as uuids. */
export function namedProducts(detail: OrderItemDetail): number[] {
  return [...(detail.halves ?? []), ...(detail.combo ?? []).map((c) => c.productId)];
}
