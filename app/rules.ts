/**
 * Pure business rules the browser shares with the server (for instant feedback only; the server decides).
 * Nothing here may import a database or Node module: tests/architecture and the budget check watch that.
 */
export { toppingControls, type ToppingChoice, type ToppingLimits, type ProductTopping } from "#server/cart/toppings";
export { halfAndHalfConstantCents } from "#server/cart/halves";
export { comboPriceCents, type ComboChoice, type ComboSlot } from "#server/cart/combos";
