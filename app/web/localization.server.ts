import { json, type TypedResponse } from "@remix-run/node";
import type { OrderType } from "#server/cart/pricing";
import { configuredGeocoder } from "#server/outlets/geocoder";
import { localize, type Localization } from "#server/outlets/localization";
import { postalCodeSchema } from "#server/orders/checkout-schema";
import { translator } from "~/i18n/translator.server";
import { storefront } from "~/web/storefront.server";

/** What /localization/:zip/:opt? and /result-localization/:zip/:opt? render. */
export interface LocalizationPage {
  /** the postal code as asked (trimmed when valid) */
  postalCode: string;
  orderType: OrderType;
  /** null: the postal code is not 5 digits (the page answers 400 with the message) */
  result: Localization | null;
  title: string;
}

/**
 * The `opt` segment: the order type letter of the spec ("D" delivery, "C" carry-out); absent means delivery,
 * the default order type (spec section 9). Anything else is not a page of ours: null (the route answers 404).
 */
export function orderTypeParam(opt: string | undefined): OrderType | null {
  if (opt === undefined) return "D";
  return opt === "D" || opt === "C" ? opt : null;
}

/**
 * The loader of the postal-code search pages: an unknown `opt` is a 404; a postal code that is not 5 digits a
 * 400 page with the validation message; otherwise the outlet delivering there and the nearest carry-out outlets
 * (`localize`, with the configured geocoder: none by default).
 */
export async function localizationPage(
  request: Request,
  params: { zip?: string; opt?: string },
  titleKey: "localization.title" | "results.title",
): Promise<TypedResponse<LocalizationPage>> {
  const orderType = orderTypeParam(params.opt);
  if (!orderType) throw json(null, { status: 404 });
  const store = await storefront(request);
  const t = translator(store.lng, "address");
  const zip = postalCodeSchema.safeParse(params.zip ?? "");
  if (!zip.success) {
    return json({ postalCode: params.zip ?? "", orderType, result: null, title: t("invalid.title") }, { status: 400 });
  }
  const result = await localize(store.db, zip.data, configuredGeocoder());
  return json({ postalCode: zip.data, orderType, result, title: t(titleKey, { postalCode: zip.data }) });
}

/** Where the home page's postal-code search leads: that postal code's results (none for an empty search). */
export function resultsPath(zip: string | null): string | null {
  const value = zip?.trim();
  return value ? `/result-localization/${encodeURIComponent(value)}` : null;
}
