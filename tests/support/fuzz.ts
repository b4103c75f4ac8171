import fc from "fast-check";
import type { NotificationItem } from "./adyen/webhooks";
import { signItem } from "./adyen/webhooks";

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
  /**
   * Posted with the demo manager signed in to the store console (the managers' pages: the fuzz reaches their forms);
   * otherwise with a member of staff who is not a manager (those pages refuse them before reading the form).
   */
  manager?: true;
  /**
   * Generators of some fields' values, used instead of the damaged template's value half the time (the card form's
   * `data`: JSON of every shape).
   */
  values?: Record<string, fc.Arbitrary<string>>;
  /**
   * "webhook": not a form but the payment provider's JSON notifications, without a CSRF token (webhookArb,
   * webhookBody); `items` are valid-looking notification items, which the generator damages.
   */
  body?: "webhook";
  items?: Record<string, unknown>[];
  /** A route of the online payment: it needs a payment provider configured (and ids.card). */
  payment?: true;
}

/** Ids of the demo chain (server/db/seed): the seed's uuids are derived from skus, so they are known in advance. */
export interface FuzzIds {
  product: string;
  outletId: string;
  combo: string;
  order: string;
  /** An open job opening's id (/careers/:id). */
  opening: string;
  /** A contact message's id (/store/messages/contact/:id). */
  message: string;
  /**
   * Card orders waiting for their online payment (issue 13): one attempt per payment target, so that one target's
   * successes (a card authorised, the order paid at the door) do not close the next one's; the webhook's order by
   * its merchant reference and amount.
   */
  card: {
    page: string;
    pay: string;
    back: string;
    retry: string;
    door: string;
    webhook: { merchantAccount: string; merchantReference: string; amountCents: number };
  };
}

/** An empty set of ids, for listing the targets' names. */
export const NO_IDS: FuzzIds = {
  product: "",
  outletId: "",
  combo: "",
  order: "",
  opening: "",
  message: "",
  card: { page: "", pay: "", back: "", retry: "", door: "", webhook: { merchantAccount: "", merchantReference: "", amountCents: 0 } },
};

/** The card form's state.data for a card (Adyen's test-only unencrypted `test_` values) and a holder name. */
const cardData = (number: string, holderName?: string) =>
  JSON.stringify({
    paymentMethod: {
      type: "scheme",
      encryptedCardNumber: `test_${number}`,
      encryptedExpiryMonth: "test_03",
      encryptedExpiryYear: "test_2030",
      encryptedSecurityCode: "test_737",
      ...(holderName ? { holderName } : {}),
    },
    browserInfo: { acceptHeader: "text/html", colorDepth: 24, language: "es-MX", javaEnabled: false, screenHeight: 900, screenWidth: 1440, userAgent: "fuzz", timeZoneOffset: 360 },
  });

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
  // Coupons (issue 12): attaching a campaign's coupon and playing the game, as the demo customer; the managers' coupon
  // form, as the demo manager.
  { name: "attach a coupon", path: "/crm/coupon", module: "crm.coupon.($code)/route", params: {}, fields: ["intent", "code"], customer: true, templates: [{ intent: "attach", code: "BIENVENIDA" }] },
  { name: "coupon game", path: "/game/ruleta", module: "game.$slug/route", params: { slug: "ruleta" }, fields: ["intent"], customer: true, templates: [{ intent: "play" }] },
  { name: "store coupons (new)", path: "/store/coupons/new", module: "store.coupons.new", params: {}, manager: true, fields: ["code", "nameEs", "type", "percent", "minAmount", "validFrom", "validUntil"], templates: [{ code: "FUZZ10", nameEs: "Fuzz", type: "3", percent: "10" }] },
  // The rest of the site (issue 14): the emergency banner's dismissal; the managers' settings, banners, campaigns,
  // content editor and customer-care inbox, as the demo manager (so their actions, not only their 403, are fuzzed).
  { name: "dismiss the emergency banner", path: "/emergency-banner", module: "emergency-banner", params: {}, fields: ["back"], templates: [{ back: "/home" }, { back: "//evil.example" }] },
  { name: "store settings", path: "/store/settings", module: "store.settings", params: {}, manager: true, fields: ["on", "phone"], templates: [{ on: "on", phone: "55 1234 5678" }] },
  {
    name: "store banners (new)", path: "/store/banners/new", module: "store.banners.$id", params: { id: "new" }, manager: true,
    fields: ["intent", "position", "image", "altEs", "altEn", "titleEs", "linkEs", "linkAr", "sortOrder", "startsAt", "endsAt"],
    templates: [{ intent: "preview", position: "home_hero", image: "/images/banners/verano.svg", altEs: "Playa", linkEs: "/faq", startsAt: "2026-12-01T10:00" }],
  },
  {
    name: "store campaigns (new)", path: "/store/campaigns/new", module: "store.campaigns.$id", params: { id: "new" }, manager: true,
    fields: ["intent", "name", "titleEs", "titleAr", "summaryEs", "termsEs", "image", "altEs", "productSkus", "couponCodes", "sortOrder", "startsAt", "endsAt"],
    templates: [{ intent: "preview", name: "fuzz", titleEs: "Fuzz", termsEs: "## x", image: "/images/banners/verano.svg", altEs: "Playa", productSkus: "PZ-PEPPERONI", couponCodes: "PIZZA15", startsAt: "2026-12-01T10:00" }],
  },
  { name: "store campaigns (pause)", path: "/store/campaigns", module: "store.campaigns._index", params: {}, manager: true, fields: ["intent", "id"], templates: [{ intent: "pause", id: "1" }, { intent: "resume", id: "1" }] },
  { name: "store banners (pause)", path: "/store/banners", module: "store.banners._index", params: {}, manager: true, fields: ["intent", "id"], templates: [{ intent: "pause", id: "1" }, { intent: "resume", id: "1" }] },
  { name: "store content", path: "/store/content/faq/es", module: "store.content.$type.$lng", params: { type: "faq", lng: "es" }, manager: true, fields: ["intent", "title", "body"], templates: [{ intent: "preview", title: "T", body: "## x" }] },
  {
    name: "store messages (handled)", path: `/store/messages/contact/${ids.message}`, module: "store.messages.$kind.$id", params: { kind: "contact", id: ids.message }, manager: true,
    fields: ["intent"], templates: [{ intent: "handle" }, { intent: "reopen" }],
  },
  {
    name: "contact", path: "/contact", module: "contact", params: {}, fields: ["name", "email", "phone", "outlet", "orderNumber", "message", "website"],
    templates: [
      { name: "Luis Pérez", email: "luis@correo.mx", phone: "5587654321", outlet: "MX-ROM-01", orderNumber: "100045", message: "Quiero felicitar al repartidor.", website: "" },
      { name: "Luis", email: "luis@correo.mx", phone: "5587654321", outlet: "none", message: "Una sugerencia para el sitio.", website: "http://spam.example" },
    ],
  },
  {
    name: "satisfaction survey", path: `/crs/order/${ids.order}`, module: "crs.($mode).($sub)", params: { mode: "order", sub: ids.order },
    fields: ["food", "service", "comment"], templates: [{ food: "5", service: "4", comment: "Muy rica" }, { food: "1", service: "2" }],
  },
  // Topics and careers (issue 14 point 4): the job application (a multipart form in the browser; here as the
  // fuzz posts every form, url-encoded: no file can be in it, so it never reaches the CV's checks, which the
  // integration suite and the hostile requests cover).
  {
    name: "job application", path: `/careers/${ids.opening}`, module: "careers.($id)", params: { id: ids.opening }, fields: ["name", "email", "phone", "message", "cv"],
    templates: [{ name: "Ana López", email: "ana@correo.mx", phone: "5512345678", message: "Hola", cv: "%PDF-1.4" }],
  },
  { name: "delete account", path: "/account/delete", module: "account.delete/route", params: {}, fields: ["password", "word"], customer: true, templates: [{ password: "not-the-password" }, { word: "BORRAR" }] },
  // Card payment online (issue 13): each on a card order of its own (ids.card). The payment page's one post opens the
  // provider's hosted page; the card form's JSON action takes `data` of every shape; the provider's return takes a
  // form from anywhere; the status page's retry and door; the webhook takes signed and unsigned JSON notifications.
  {
    name: "payment page (hosted page)", payment: true, path: `/adyen/checkout/${ids.card.page}`, module: "adyen.checkout.($transaction).($payment_url)/route",
    params: { transaction: ids.card.page }, fields: ["intent"], templates: [{}],
  },
  {
    name: "card form (pay)", payment: true, path: `/adyen/checkout/${ids.card.pay}/pay`, module: "adyen.checkout.$transaction.pay", params: { transaction: ids.card.pay },
    // The templates carry fields the action ignores, so that a damaged one keeps its own fields whole a part of the time.
    fields: ["intent", "data", "clientStateDataIndicator", "origin"],
    templates: [
      { intent: "pay", data: cardData("4917610000000000"), clientStateDataIndicator: "true", origin: "http://localhost" },
      { intent: "pay", data: cardData("4111111145551142", "DECLINED"), clientStateDataIndicator: "true", origin: "http://localhost" },
      { intent: "pay", data: cardData("4111111111111112"), clientStateDataIndicator: "true", origin: "http://localhost" },
      { intent: "details", data: JSON.stringify({ details: { redirectResult: "X3XtfGC9" } }), clientStateDataIndicator: "true", origin: "http://localhost" },
    ],
    values: { data: fc.oneof(componentDataArb(), fc.json({ maxDepth: 3 })) },
  },
  {
    name: "provider return (POST)", payment: true, path: `/adyen/checkout/${ids.card.back}/return`, module: "adyen.checkout.$transaction.return", params: { transaction: ids.card.back },
    fields: ["redirectResult", "sessionId", "sessionResult", "MD", "PaRes"],
    templates: [{ redirectResult: "X3XtfGC9!H4sIAAAAAAAA" }, { sessionId: "CS1234567890ABCDEF", sessionResult: "X3XtfGC9" }],
  },
  {
    name: "status page (retry)", payment: true, path: `/payment-status/${ids.card.retry}`, module: "payment-status.($transaction)/route", params: { transaction: ids.card.retry },
    fields: ["intent", "method", "cashTendered"], templates: [{ intent: "retry", method: "cash", cashTendered: "" }],
  },
  {
    name: "status page (door)", payment: true, path: `/payment-status/${ids.card.door}`, module: "payment-status.($transaction)/route", params: { transaction: ids.card.door },
    fields: ["intent", "method", "cashTendered"],
    templates: [
      { intent: "door", method: "cash", cashTendered: "1", back: "" },
      { intent: "door", method: "cash", cashTendered: "9999", back: "" },
      { intent: "door", method: "card", cashTendered: "", back: "" },
      { intent: "door", method: "eftpos", cashTendered: "500", back: "" },
    ],
  },
  {
    name: "webhook (JSON)", payment: true, path: "/api/adyen/webhooks", module: "api.adyen.webhooks", params: {}, body: "webhook",
    fields: ["amount", "eventCode", "eventDate", "merchantAccountCode", "merchantReference", "originalReference", "pspReference", "reason", "success", "additionalData", "operations", "paymentMethod"],
    templates: [],
    items: [
      {
        amount: { value: ids.card.webhook.amountCents, currency: "MXN" }, eventCode: "AUTHORISATION", eventDate: "2026-11-20T19:00:00+00:00",
        merchantAccountCode: ids.card.webhook.merchantAccount, merchantReference: ids.card.webhook.merchantReference, pspReference: "FZ00000000000001", reason: "", success: "true",
      },
      {
        amount: { value: ids.card.webhook.amountCents, currency: "MXN" }, eventCode: "CANCELLATION", eventDate: "2026-11-20T19:00:00+00:00",
        merchantAccountCode: ids.card.webhook.merchantAccount, merchantReference: ids.card.webhook.merchantReference, pspReference: "FZ00000000000002",
        originalReference: "FZ00000000000001", reason: "", success: "true",
      },
    ],
  },
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

/** A target's own generators (`values`) take over their fields half the time. */
function withValues(target: FuzzTarget, form: fc.Arbitrary<[string, string][]>): fc.Arbitrary<[string, string][]> {
  const own = target.values;
  if (!own) return form;
  return fc.tuple(form, fc.record(own), fc.boolean()).map(([pairs, values, use]) =>
    use ? pairs.map(([name, value]): [string, string] => [name, name in values ? values[name]! : value]) : pairs,
  );
}

/** A random post for a target: mostly a damaged valid form, sometimes anything at all. */
export function formArb(target: FuzzTarget): fc.Arbitrary<[string, string][]> {
  return withValues(target, fc.oneof({ weight: 3, arbitrary: damagedForm(target) }, { weight: 1, arbitrary: randomForm(target) }));
}

// ---- the card form's data and the provider's webhooks (issue 13) ----------------------------------------------

/** Any JSON value: the nasty strings, numbers, booleans, null, small lists and objects. */
const jsonValueArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: valueArb },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null)) },
  { weight: 1, arbitrary: fc.array(valueArb, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), valueArb, { maxKeys: 3 }) },
);

/** What one of the card component's encrypted fields might hold: mostly a test value of its own, else anything. */
const blobArb = (...own: string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...own) },
    { weight: 1, arbitrary: fc.constantFrom("test_", "test_13", "test_1999", "adyenjs_0_1_25$garbage") },
    { weight: 2, arbitrary: valueArb },
    { weight: 1, arbitrary: fc.string({ maxLength: 24 }).map((s) => `test_${s}`) },
    { weight: 1, arbitrary: fc.integer({ min: 19_990, max: 20_010 }).map((n) => "a".repeat(n)) },
  );

/** The card form's state.data (or its additional details) in every shape, as the JSON text of `data`. */
export function componentDataArb(): fc.Arbitrary<string> {
  const card = fc.record({
    type: fc.oneof({ weight: 6, arbitrary: fc.constant<unknown>("scheme") }, { weight: 1, arbitrary: fc.constantFrom<unknown>("ideal", "Scheme", "", 1) }),
    encryptedCardNumber: blobArb("test_4111111145551142", "test_4917610000000000", "test_5454545454545454", "test_4111111111111112", "test_6011111111111117"),
    encryptedExpiryMonth: blobArb("test_03"),
    encryptedExpiryYear: blobArb("test_2030"),
  });
  const extras = fc.record(
    {
      encryptedSecurityCode: blobArb("test_737", "test_000"),
      holderName: fc.oneof(fc.constantFrom("DECLINED", "ERROR", "RECEIVED", "STANDIN_PENDING", "capture failed", "UNKNOWN", "a".repeat(101)), valueArb),
      brand: jsonValueArb,
      storedPaymentMethodId: valueArb,
    },
    { requiredKeys: [] },
  );
  const paymentMethod = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(card, extras).map(([c, e]) => ({ ...c, ...e })) },
    { weight: 1, arbitrary: jsonValueArb },
  );
  const browserInfo = fc.oneof(
    fc.record({ colorDepth: fc.oneof(fc.integer(), jsonValueArb), javaEnabled: fc.oneof(fc.boolean(), jsonValueArb), userAgent: valueArb, screenWidth: jsonValueArb }, { requiredKeys: [] }),
    jsonValueArb,
  );
  const details = fc.oneof(
    fc.dictionary(fc.oneof(fc.constantFrom("redirectResult", "threeDSResult", "MD", "PaRes", "payload"), fc.string({ maxLength: 8 })), jsonValueArb, { maxKeys: 12 }),
    jsonValueArb,
  );
  return fc
    .record({ paymentMethod, browserInfo, details, riskData: jsonValueArb, shopperEmail: valueArb, amount: jsonValueArb }, { requiredKeys: ["paymentMethod"] })
    .map((data) => JSON.stringify(data));
}

const eventCodes = [
  "AUTHORISATION", "CANCELLATION", "CAPTURE", "CAPTURE_FAILED", "REFUND", "REFUND_FAILED", "CANCEL_OR_REFUND", "TECHNICAL_CANCEL",
  "OFFER_CLOSED", "REPORT_AVAILABLE", "CHARGEBACK", "NOTIFICATIONTEST", "authorisation", "",
];

/** A webhook body as drawn: notification items (to sign or not) in Adyen's envelope, or any text at all. */
export type WebhookDraw = { items: Record<string, unknown>[]; live: unknown; signed: boolean } | { raw: string };

/** One of the target's items with a few of its values replaced (by any JSON), a field dropped or one added. */
function damagedItem(target: FuzzTarget): fc.Arbitrary<Record<string, unknown>> {
  const change = fc.oneof(jsonValueArb, fc.constantFrom<unknown>(...eventCodes, "true", "false", { value: -1, currency: "MXN" }, { value: 1e20, currency: "XXXX" }, { value: "1" }));
  return fc
    .record({
      template: fc.constantFrom(...(target.items ?? [{}])),
      // A third of the items as the provider would send them (but their PSP reference), so that many reach the inbox.
      changes: fc.oneof(
        { weight: 1, arbitrary: fc.constant<[string, unknown][]>([]) },
        { weight: 2, arbitrary: fc.array(fc.tuple(fc.constantFrom(...target.fields), change), { minLength: 1, maxLength: 3 }) },
      ),
      drop: fc.option(fc.constantFrom(...target.fields), { freq: 4 }),
      psp: fc.option(fc.stringMatching(/^[A-Z0-9]{16}$/)),
    })
    .map(({ template, changes, drop, psp }) => {
      const item: Record<string, unknown> = { ...template, ...(psp ? { pspReference: psp } : {}) };
      for (const [name, value] of changes) item[name] = value;
      if (drop) delete item[drop];
      return item;
    });
}

/** A random webhook body: mostly Adyen's envelope around damaged items (mostly signed), sometimes any JSON or text. */
export function webhookArb(target: FuzzTarget): fc.Arbitrary<WebhookDraw> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        items: fc.array(damagedItem(target), { minLength: 1, maxLength: 3 }),
        live: fc.oneof({ weight: 4, arbitrary: fc.constant<unknown>("false") }, { weight: 1, arbitrary: jsonValueArb }),
        signed: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      }),
    },
    { weight: 1, arbitrary: fc.json({ maxDepth: 4 }).map((raw) => ({ raw })) },
    { weight: 1, arbitrary: valueArb.map((raw) => ({ raw })) },
  );
}

/**
 * The body to post: each item signed with the webhook's HMAC key when drawn so and when a key is given (an item the
 * library cannot sign, its amount gone, stays unsigned), so that the fuzz reaches past the signature check.
 */
export function webhookBody(draw: WebhookDraw, hmacKey?: string): string {
  if ("raw" in draw) return draw.raw;
  const items = draw.items.map((item) => {
    if (!draw.signed || !hmacKey) return item;
    try {
      return signItem(item as unknown as NotificationItem, hmacKey);
    } catch {
      return item;
    }
  });
  return JSON.stringify({ live: draw.live, notificationItems: items.map((item) => ({ NotificationRequestItem: item })) });
}

export function urlEncoded(pairs: [string, string][], csrf: string): string {
  const body = new URLSearchParams(pairs);
  body.append("csrf", csrf);
  return body.toString();
}
