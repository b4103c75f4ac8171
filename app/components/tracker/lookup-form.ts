/** The order lookup's schema for the browser and the server alike (conform validates with it on both sides). */
export { trackingSchema } from "#server/orders/tracking-schema";
