/**
 * The tenant: the chain this storefront sells for (issue 14 point 7). One file, validated by server/tenant.ts; the
 * browser takes only `currency` and `country` from it (named exports, so its bundle carries those alone). Read when
 * the app is built: another chain edits this file and builds. The demo is a fictional brand.
 */

/** The brand's name in each language (header, titles, mails, texts). */
export const name = { es: "Horno Rojo Pizza", en: "Horno Rojo Pizza", ar: "بيتزا هورنو روخو" };
/** The company behind it (footer, legal pages). */
export const legalName = "Horno Rojo Alimentos, S.A. de C.V.";
/** A picture under public/, shown beside the name in the header. */
export const logo = { src: "/images/logo.svg", width: 40, height: 40 };
/** The header, buttons and links (#rrggbb). */
export const colours = { brand: "#c8102e", brandDark: "#9b0c23" };
/** The customer-care line customers phone (footer, emergency banner, legal pages). */
export const customerCarePhone = "800 555 7492";
/** Prices: integer minor units (centavos) of this currency. */
export const currency = { code: "MXN", symbol: "$", decimals: 2 };
/** The tax rate included in prices (spec section 9: 6). */
export const taxPercent = 6;
/** Where the stores are (ISO 3166 code): the geocoder searches this country. */
export const country = "MX";
/** The sender of the shop's mails, unless MAIL_FROM says otherwise. */
export const mailFrom = "Horno Rojo Pizza <pedidos@localhost>";
