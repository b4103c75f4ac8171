// Pure data: only the tenant file's currency and country (named imports, so a bundle takes those fields alone), so
// browser code (components such as ProductBuilder) may use it without pulling zod or env parsing along.
import { country, currency } from "../tenant.config";

/**
 * Tenant constants from the spec (section 9). Money is in integer centavos.
 * These are business facts, not deployment settings; env-tunable values live in `env()`. Section 9's opening and
 * closing times, collection quote and tier are each outlet's (its rows: `outlet_hours`, `quote_delivery_min` / `quote_carryout_min`, `tier`), and
 * its default menu and order type are the menu's first category and the home page's first choice: not here
 * (docs/design.md, "Section 9's defaults").
 */
export const constants = {
  currency: currency.code,
  currencySymbol: currency.symbol,
  country,
  decimals: currency.decimals,
  maxCartCents: 200_000,
  halfAndHalfCents: 5_000,
  halfAndHalfLunchCents: 4_000,
  phoneMinDigits: 10,
  phoneMaxDigits: 12,
  earliestBirthYear: 1900,
  idleResetMinutes: 60,
  toppingLimits: { extra: 1, removal: 1, perTopping: 1 },
  driverChangeLimitCents: 20_000,
  defaultTimeZone: "America/Mexico_City",
  languages: ["es", "en", "ar"] as const,
  defaultLanguage: "es" as const,
  checkoutFieldMaxLength: 60,
  commentMaxLength: 250,
  /**
   * Spec section 9, "Coupon page login required" (flag on): /order/coupons, the page that lists the coupons a
   * visitor may use, sends a guest to sign in first. Off, a guest sees the public coupons (those that need an
   * account say so). /crm/coupon needs an account either way: it attaches a coupon to one.
   */
  couponPageLoginRequired: true as boolean,
};

export type Language = (typeof constants.languages)[number];

/** The spec's product types (section 3) that change how a product is built: a combo opens slots, a half-and-half takes two halves. */
export const PRODUCT_TYPE = { combo: 1, halfAndHalf: 2 } as const;
