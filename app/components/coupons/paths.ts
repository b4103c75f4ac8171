/** The coupons page (the menu's coupons category, routes/order.coupons); the apply forms come back to it. */
export const COUPONS_PATH = "/order/coupons";

/** Where both forms of /crm/coupon post (a code typed, or a campaign link's coupon): the route without its code. */
export const ATTACH_PATH = "/crm/coupon";
