/** The coupons page (the menu's coupons category, routes/order.coupons); the apply forms come back to it. */
export const COUPONS_PATH = "/order/coupons";
