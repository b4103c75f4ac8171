/**
 * The part of Adyen Web the card form uses, imported by name so that the bundler keeps only it (v6's tree-shakable
 * API: the checkout core and the Card, with the action components the core registers itself: redirect and
 * 3-D Secure 2). AdyenCard loads this module with a dynamic import, in the browser only: its own chunk, fetched by
 * the payment page alone.
 */
export { AdyenCheckout, Card } from "@adyen/adyen-web";
