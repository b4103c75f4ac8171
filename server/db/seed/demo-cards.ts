/**
 * Demo cards the chain "issued" and nobody holds yet, for the tour (README: link one at /loyalty-card from an account
 * registered with this mobile and birthday). Public details, so written with the demo customer only, never for a
 * deployment that did not ask for the demo: with them anyone could hold a members' coupon.
 */
export const demoIssuedCards = {
  phone: "5512349876",
  birthdate: "1994-03-09",
  /** 15 digits with their Luhn check digit; the end-to-end projects take one each. */
  numbers: ["600000000000020", "600000000000038", "600000000000046", "600000000000053"],
};
