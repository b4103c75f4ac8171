import fc from "fast-check";

/**
 * Random form posts for every action of the storefront: the property tests (tests/integration/fuzz.test.ts, in
 * process, through the edge) and `npm run fuzz` (scripts/fuzz.ts, over HTTP against the built server) draw from
 * the same generators. A post is a list of [name, value] pairs: the action's real field names, strangers, repeated
 * names, and values chosen to break things (ids past int4, broken dates, CR/LF and TAB, uuids that are not,
 * long and non-Latin text, numbers in every notation).
 */
export interface FuzzTarget {
  /** How the table names it. */
  name: string;
  /** The URL the browser posts to (a path of the demo chain). */
  path: string;
  /** The route module (app/routes/<module>.tsx) and the params Remix would give it for `path`. */
  module: string;
  params: Record<string, string>;
  /** The action's own field names. */
  fields: readonly string[];
  /** Valid-looking forms of the action, which the generator then damages (so the fuzz reaches past the schemas). */
  templates: Record<string, string>[];
  /** Posted by the demo customer, signed in (the account pages); otherwise by a guest. */
  customer?: true;
}

/** Ids of the demo chain (server/db/seed): the seed's uuids are derived from skus, so they are known in advance. */
export interface FuzzIds {
  product: string;
  outletId: string;
  combo: string;
  order: string;
}

const addressFields = ["st", "houseNo", "interiorNo", "villeageName", "cityName", "prefectureName", "postalCode", "landmark"];
const address = { st: "Av. Álvaro Obregón", houseNo: "12", cityName: "CDMX", prefectureName: "CDMX", postalCode: "06700", landmark: "Portón verde" };
const checkout = { name: "Ana", surname: "López", email: "ana@correo.mx", mobile: "5512345678", comment: "", paymentMethod: "cash", idempotencyKey: "6f1c2a9e-4b7d-4e0a-9c55-3d2f8b1e7a40" };

/** The actions and their forms; `ids` fills in the demo chain's ids. */
export const fuzzTargets = (ids: FuzzIds): FuzzTarget[] => [
  {
    name: "home (disposition)", path: "/home", module: "home", params: {}, fields: ["orderType", "outletId", "confirm", ...addressFields],
    templates: [{ orderType: "C", outletId: ids.outletId }, { orderType: "C", outletId: ids.outletId, confirm: "1" }, { orderType: "D", ...address }],
  },
  {
    name: "cart",
    path: "/cart",
    module: "cart",
    params: {},
    fields: [
      "intent", "productUuid", "quantity", "option", "firstLayerId", "secondLayerId", "remove", "extra[0].toppingId", "extra[0].count",
      "extra[1].count", "extra[999].toppingId", "extra[1000].toppingId", "half[0]", "half[1]", "half[2]", "lineId", "back", "redirectTo",
      "combo[0].slotId", "combo[0].productUuid", "combo[20].slotId",
    ],
    templates: [
      { intent: "add", productUuid: ids.product, option: "1:2", quantity: "1", back: "/order/pizzas/clasicas" },
      { intent: "add", productUuid: ids.product, firstLayerId: "1", secondLayerId: "2", "extra[0].toppingId": "1", "extra[0].count": "1", remove: "2" },
      { intent: "update", lineId: "1", firstLayerId: "1", secondLayerId: "2" },
      { intent: "quantity", lineId: "1", quantity: "2" },
      { intent: "remove", lineId: "1" },
      { intent: "empty" },
    ],
  },
  {
    name: "cart (a combo's form)",
    path: "/cart",
    module: "cart",
    params: {},
    fields: ["intent", "productUuid", "quantity", "combo[0].slotId", "combo[0].productUuid", "combo[1].slotId", "combo[1].productUuid", "redirectTo"],
    templates: [
      {
        intent: "add", productUuid: ids.combo, quantity: "1", redirectTo: "/order/combos",
        "combo[0].slotId": "1", "combo[0].productUuid": ids.product, "combo[1].slotId": "2", "combo[1].productUuid": ids.product,
      },
    ],
  },
  {
    name: "cart (coupons)",
    path: "/cart",
    module: "cart",
    params: {},
    fields: ["intent", "code", "source", "back", "productUuid", "coupon", "combo[0].slotId", "combo[0].productUuid", "discountCents"],
    templates: [
      { intent: "apply-coupon", code: "PIZZA15", source: "typed", back: "/cart" },
      { intent: "apply-coupon", code: "COMBOPAREJA", source: "list", back: "/order/coupons" },
      { intent: "remove-coupon", code: "PIZZA15", back: "/checkout" },
      { intent: "add", productUuid: ids.combo, coupon: "COMBOPAREJA", "combo[0].slotId": "1", "combo[0].productUuid": ids.product },
    ],
  },
  { name: "order time", path: "/order-time", module: "order-time/route", params: {}, fields: ["value", "back", "day"], templates: [{ value: "2026-11-21 19:00", back: "/order" }, { value: "asap", back: "/order" }] },
  { name: "language", path: "/language", module: "language", params: {}, fields: ["lng", "back"], templates: [{ lng: "en", back: "/home" }] },
  {
    name: "checkout",
    path: "/checkout",
    module: "checkout/route",
    params: {},
    fields: [
      "name", "surname", "email", "mobile", "comment", "company", "propertyType", "receipt", "paymentMethod", "cashTendered",
      "invoiceWanted", "rfc", "legalName", "taxRegime", "fiscalPostalCode", "cfdiUse", "idempotencyKey", ...addressFields,
    ],
    templates: [
      checkout,
      { ...checkout, cashTendered: "500" },
      { ...checkout, paymentMethod: "eftpos", receipt: "on", invoiceWanted: "on", rfc: "ABCD010101AB1", legalName: "ANA SA", taxRegime: "601", fiscalPostalCode: "06700", cfdiUse: "G03" },
    ],
  },
  {
    name: "delivery by postal code", path: "/localization/06700", module: "localization.$zip.($opt)", params: { zip: "06700" }, fields: ["orderType", ...addressFields],
    templates: [{ orderType: "D", ...address }],
  },
  { name: "order lookup", path: "/tracking", module: "tracking/route", params: {}, fields: ["number", "email"], templates: [{ number: "100001", email: "ana@correo.mx" }, { email: "ana@correo.mx" }] },
  { name: "store sign-in", path: "/store/login", module: "store.login", params: {}, fields: ["email", "password"], templates: [{ email: "coyoacan@tienda.example", password: "not-the-password" }] },
  {
    name: "store console", path: "/store?index", module: "store._index/route", params: {}, fields: ["intent", "order", "from", "to", "reason"],
    templates: [{ intent: "status", order: ids.order, from: "3", to: "5" }, { intent: "cancel", order: ids.order, from: "3", reason: "El cliente llamó" }],
  },
  { name: "store sign-out", path: "/store/logout", module: "store.logout", params: {}, fields: [], templates: [{}] },
  // Customer accounts (issue 11). The account pages' posts come from the demo customer, signed in (`customer`), so
  // they reach the forms' parsing; the guest pages' from a guest. The account's own password is never a template
  // (the deletion's is wrong), so the demo customer outlives the run.
  {
    name: "register", path: "/register", module: "register/route", params: {},
    fields: ["firstName", "lastName", "email", "phone", "birthDay", "birthMonth", "birthYear", "gender", "password", "confirmPassword", "terms", "news", "htmlMail", "redirectTo"],
    templates: [{ firstName: "Rosa", lastName: "Díaz", email: "rosa@correo.mx", phone: "5512349876", birthDay: "9", birthMonth: "3", birthYear: "1994", gender: "F", password: "Horno*Lento7", confirmPassword: "Horno*Lento7", terms: "on" }],
  },
  { name: "sign-in", path: "/login", module: "login.($method)/route", params: {}, fields: ["email", "password", "redirectTo"], templates: [{ email: "cliente@pizzademo.mx", password: "not-the-password", redirectTo: "/profile" }] },
  { name: "forgot password", path: "/getmypassword", module: "getmypassword/route", params: {}, fields: ["email"], templates: [{ email: "cliente@pizzademo.mx" }] },
  {
    name: "new password", path: "/setnewpassword/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", module: "setnewpassword.$token/route", params: { token: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
    fields: ["password", "confirmPassword"], templates: [{ password: "Masa*Madre42", confirmPassword: "Masa*Madre42" }],
  },
  { name: "resend confirmation", path: "/confirmation/resend", module: "confirmation.$regis/route", params: { regis: "resend" }, fields: [], customer: true, templates: [{}] },
  { name: "sign-out", path: "/logout", module: "logout", params: {}, fields: [], customer: true, templates: [{}] },
  {
    name: "saved place", path: "/add-location", module: "add-location.($id)/route", params: {},
    fields: ["intent", "name", "street", "exteriorNumber", "interiorNumber", "houseNumber", "reference", "landmark", "instructions", "postalCode", "city", "state", "redirectTo"],
    customer: true, templates: [{ intent: "save", name: "Casa", street: "Calle Colima", exteriorNumber: "220", postalCode: "06700", city: "CDMX", state: "CDMX", landmark: "Parque" }],
  },
  { name: "loyalty card", path: "/loyalty-card", module: "loyalty-card/route", params: {}, fields: ["cardNumber", "phone", "birthDay", "birthMonth", "birthYear"], customer: true, templates: [{ cardNumber: "600000000000012", phone: "5512345678", birthDay: "17", birthMonth: "5", birthYear: "1990" }] },
  { name: "reorder", path: "/history", module: "history/route", params: {}, fields: ["intent", "order"], customer: true, templates: [{ intent: "reorder", order: ids.order }] },
  {
    name: "edit profile", path: "/edit-profile", module: "edit-profile/route", params: {},
    fields: ["intent", "firstName", "lastName", "birthDay", "birthMonth", "birthYear", "gender", "news", "htmlMail", "newEmail", "currentPassword", "phone", "requestId", "code"],
    customer: true, templates: [{ intent: "profile", firstName: "Ana", lastName: "López", birthDay: "17", birthMonth: "5", birthYear: "1990", gender: "F" }, { intent: "phone-verify", requestId: ids.order, code: "123456" }],
  },
  // Coupons (issue 12): attaching a campaign's coupon and playing the game, as the demo customer; a manager's coupon
  // form from the fuzz's staff (not a manager: refused before the form is read, which is the point for them).
  { name: "attach a coupon", path: "/crm/coupon", module: "crm.coupon.($code)/route", params: {}, fields: ["intent", "code"], customer: true, templates: [{ intent: "attach", code: "BIENVENIDA" }] },
  { name: "coupon game", path: "/game/ruleta", module: "game.$slug/route", params: { slug: "ruleta" }, fields: ["intent"], customer: true, templates: [{ intent: "play" }] },
  { name: "store coupons (new)", path: "/store/coupons/new", module: "store.coupons.new", params: {}, fields: ["code", "nameEs", "type", "percent", "minAmount", "validFrom", "validUntil"], templates: [{ code: "FUZZ10", nameEs: "Fuzz", type: "3", percent: "10" }] },
  { name: "delete account", path: "/account/delete", module: "account.delete/route", params: {}, fields: ["password", "word"], customer: true, templates: [{ password: "not-the-password" }, { word: "BORRAR" }] },
];

/** Values that have broken web apps: each is tried, and mixed with random text. */
const nasty = [
  "", " ", "0", "-1", "1", "2147483647", "2147483648", "-2147483649", "1e20", "1e308", "NaN", "Infinity", "0x1f", "1.5", "１２",
  "99999999999999999999999", "9999-99-99 99:99", "2026-02-30 25:61", "2026-13-01 10:00", "2026-11-21 19:00", "asap",
  "not-a-uuid", "------------------------------------", "6f1c2a9e-4b7d-4e0a-9c55-3d2f8b1e7a40", "00000000-0000-0000-0000-000000000000",
  "/\t/evil.example", "/\r\nSet-Cookie: x=1", "//evil.example", "https://evil.example/", "javascript:alert(1)", "/order/../..",
  "C", "D", "X", "add", "update", "quantity", "remove", "empty", "status", "cancel", "cash", "eftpos", "adyen", "es", "en", "ar", "zz",
  "true", "on", "06700", "01000", "ABCD010101AB1", "XAXX010101000", "601", "G03", "ana@correo.mx", "a@b", "@", "<script>alert(1)</script>",
  "' or 1=1 --", "\u0000", "\uFFFF", "\uD800", "😀🍕", "مرحبا", "ñandú", "a".repeat(300), "1:2", "1:2147483648", "9999999999:1",
];

export const valueArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nasty) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.uuid() },
);

/** Random fields: the action's own names (some left out, some repeated) and strangers, with nasty values. */
function randomForm(target: FuzzTarget): fc.Arbitrary<[string, string][]> {
  const name = target.fields.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...target.fields) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }) : fc.string({ maxLength: 12 });
  return fc.array(fc.tuple(name, valueArb), { maxLength: 16 });
}

/** The values that broke this app before (issue 9): tried first when a valid form is damaged. */
const killers = fc.constantFrom("2147483648", "1e20", "-1", "0", "9999-99-99 99:99", "2026-02-30 25:61", "2026-13-01 10:00", "not-a-uuid", "/\t/evil.example", "/\r\nX: y", "");
const damage = fc.oneof({ weight: 2, arbitrary: killers }, { weight: 1, arbitrary: valueArb });

/** One of the action's valid forms with one or two of its values replaced, a field dropped or one added. */
function damagedForm(target: FuzzTarget): fc.Arbitrary<[string, string][]> {
  return fc
    .record({
      template: fc.constantFrom(...target.templates),
      changes: fc.array(fc.tuple(fc.nat(), damage), { minLength: 1, maxLength: 2 }),
      drop: fc.option(fc.nat()),
      extra: fc.option(fc.tuple(fc.constantFrom(...target.fields, "x"), valueArb)),
    })
    .map(({ template, changes, drop, extra }) => {
      const pairs = Object.entries(template);
      for (const [at, value] of changes) if (pairs.length > 0) pairs[at % pairs.length] = [pairs[at % pairs.length]![0], value];
      if (drop !== null && pairs.length > 1) pairs.splice(drop % pairs.length, 1);
      if (extra) pairs.push(extra);
      return pairs;
    });
}

/** A random post for a target: mostly a damaged valid form, sometimes anything at all. */
export function formArb(target: FuzzTarget): fc.Arbitrary<[string, string][]> {
  return fc.oneof({ weight: 3, arbitrary: damagedForm(target) }, { weight: 1, arbitrary: randomForm(target) });
}

export function urlEncoded(pairs: [string, string][], csrf: string): string {
  const body = new URLSearchParams(pairs);
  body.append("csrf", csrf);
  return body.toString();
}
