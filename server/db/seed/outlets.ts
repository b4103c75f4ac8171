import type { PaymentMethodId } from "../../orders/payment-methods";

/**
 * Demo outlets: eight in Mexico City plus one in Tijuana (a zone that observes daylight saving time).
 * Plain data only; `./index.ts` writes it to the database.
 */

/** One opening interval on one weekday (0 = Sunday ... 6 = Saturday), wall-clock "HH:MM:SS". */
export interface OutletHoursSeed {
  weekday: number;
  opens: string;
  closes: string;
  interval_min: number;
}

export interface OutletSeed {
  code: string;
  name: string;
  street: string;
  neighbourhood: string;
  city: string;
  state: string;
  postal_code: string;
  lat: number;
  lng: number;
  phone: string;
  time_zone: string;
  tier: 1 | 2;
  min_cart_cents: number;
  quote_delivery_min: number;
  quote_carryout_min: number;
  offers_delivery: boolean;
  offers_carryout: boolean;
  position: number;
  /** Postal codes this outlet delivers to (empty for carry-out only outlets). */
  delivery_postal_codes: string[];
  hours: OutletHoursSeed[];
  /** Pizzas per order-time slot; the database's default (30) when absent. */
  slot_capacity_pizzas?: number;
  /** Payment method ids the outlet accepts (server/orders/payment-methods.ts). */
  payment_methods: PaymentMethodId[];
  /** The most the outlet takes in cash (centavos); null: no cap. */
  cash_cap_cents: number | null;
}

/**
 * Cash and card on delivery, and the card online (offered where a payment provider is configured: issue 13), no cash
 * cap: most outlets.
 */
const CASH_AND_CARD = { payment_methods: ["cash", "eftpos", "card"] as PaymentMethodId[], cash_cap_cents: null };

/** Hours of one date replacing the weekly ones at every outlet; `opens` null = closed that date. */
export interface DateHoursSeed {
  date: string;
  opens: string | null;
  closes: string | null;
  note: string;
}

/** An advance-duration window at every outlet: slot interval per order type, -1 = the default. */
export interface AdvanceDurationSeed {
  date: string;
  opening: string;
  closing: string;
  duration_d: number;
  duration_c: number;
}

/** Closes at midnight ("00:00:00") on Friday and Saturday. */
export const MIDNIGHT_OUTLET_CODE = "MX-CON-01";
/** Has no opening hours on Monday. */
export const CLOSED_MONDAY_OUTLET_CODE = "MX-COY-01";
/** Carry-out only (a food-court kiosk): no delivery, no postal codes. */
export const CARRYOUT_ONLY_OUTLET_CODE = "MX-SFE-01";
/** The outlet in America/Tijuana; it opens at 12:00, so at the e2e's pinned 11:00 (Tijuana) it is not open yet. */
export const TIJUANA_OUTLET_CODE = "MX-TIJ-01";
/** Roma Norte: delivered by MX-ROM-01. */
export const SERVED_POSTAL_CODE = "06700";
/** San Ángel (Álvaro Obregón, CDMX): a real postal code that no outlet delivers to. */
export const UNSERVED_POSTAL_CODE = "01000";

const CDMX = { city: "Ciudad de México", state: "Ciudad de México", time_zone: "America/Mexico_City" } as const;

type Span = readonly [opens: string, closes: string];

/**
 * Opening hours for a week: `days[weekday]` is the interval of that day, or null when closed.
 * Every interval takes orders every 15 minutes.
 */
function week(days: readonly (Span | null)[]): OutletHoursSeed[] {
  const rows: OutletHoursSeed[] = [];
  days.forEach((span, weekday) => {
    if (span) rows.push({ weekday, opens: span[0], closes: span[1], interval_min: 15 });
  });
  return rows;
}

const DAY: Span = ["11:00:00", "23:00:00"];
const LATE: Span = ["11:00:00", "23:30:00"];
const SUNDAY: Span = ["12:00:00", "22:30:00"];
const MIDNIGHT: Span = ["11:00:00", "00:00:00"];
const NOON: Span = ["12:00:00", "23:00:00"];

//                        Sun     Mon   Tue  Wed  Thu  Fri   Sat
const STANDARD = week([SUNDAY, DAY, DAY, DAY, DAY, LATE, LATE]);

export const outlets: OutletSeed[] = [
  {
    code: "MX-ROM-01",
    name: "Roma Norte",
    street: "Av. Álvaro Obregón 130",
    neighbourhood: "Roma Norte",
    ...CDMX,
    postal_code: "06700",
    lat: 19.4192,
    lng: -99.1613,
    phone: "5552648130",
    tier: 1,
    min_cart_cents: 15000,
    quote_delivery_min: 35,
    quote_carryout_min: 15,
    offers_delivery: true,
    offers_carryout: true,
    position: 1,
    ...CASH_AND_CARD,
    delivery_postal_codes: ["06700", "06760", "06600", "06720"],
    hours: STANDARD,
  },
  {
    code: MIDNIGHT_OUTLET_CODE,
    name: "Condesa",
    street: "Av. Tamaulipas 66",
    neighbourhood: "Condesa",
    ...CDMX,
    postal_code: "06140",
    lat: 19.4118,
    lng: -99.1737,
    phone: "5552860466",
    tier: 1,
    min_cart_cents: 17500,
    quote_delivery_min: 35,
    quote_carryout_min: 15,
    offers_delivery: true,
    offers_carryout: true,
    position: 2,
    ...CASH_AND_CARD,
    delivery_postal_codes: ["06140", "06100", "06170", "11800"],
    //        Sun     Mon  Tue  Wed  Thu  Fri       Sat
    hours: week([SUNDAY, DAY, DAY, DAY, DAY, MIDNIGHT, MIDNIGHT]),
  },
  {
    code: "MX-POL-01",
    name: "Polanco",
    street: "Av. Presidente Masaryk 340",
    neighbourhood: "Polanco V Sección",
    ...CDMX,
    postal_code: "11560",
    lat: 19.4319,
    lng: -99.1953,
    phone: "5552803340",
    tier: 2,
    min_cart_cents: 25000,
    quote_delivery_min: 40,
    quote_carryout_min: 20,
    offers_delivery: true,
    offers_carryout: true,
    position: 3,
    ...CASH_AND_CARD,
    delivery_postal_codes: ["11560", "11550", "11540", "11530", "11510", "11590"],
    hours: STANDARD,
  },
  {
    code: "MX-DVA-01",
    name: "Del Valle",
    street: "Av. Coyoacán 1435",
    neighbourhood: "Del Valle Centro",
    ...CDMX,
    postal_code: "03100",
    lat: 19.3757,
    lng: -99.17,
    phone: "5555241435",
    tier: 1,
    min_cart_cents: 15000,
    quote_delivery_min: 35,
    quote_carryout_min: 15,
    offers_delivery: true,
    offers_carryout: true,
    position: 4,
    ...CASH_AND_CARD,
    delivery_postal_codes: ["03100", "03103", "03104", "03200"],
    hours: STANDARD,
  },
  {
    code: "MX-NAR-01",
    name: "Narvarte",
    street: "Calle Pitágoras 820",
    neighbourhood: "Narvarte Poniente",
    ...CDMX,
    postal_code: "03020",
    lat: 19.3931,
    lng: -99.1561,
    phone: "5555190820",
    tier: 1,
    min_cart_cents: 15000,
    quote_delivery_min: 30,
    quote_carryout_min: 15,
    offers_delivery: true,
    offers_carryout: true,
    position: 5,
    ...CASH_AND_CARD,
    delivery_postal_codes: ["03020", "03023", "03000", "03600"],
    hours: STANDARD,
  },
  {
    code: CLOSED_MONDAY_OUTLET_CODE,
    name: "Coyoacán",
    street: "Calle Ignacio Allende 36",
    neighbourhood: "Del Carmen",
    ...CDMX,
    postal_code: "04100",
    lat: 19.3497,
    lng: -99.1622,
    phone: "5556580036",
    tier: 1,
    min_cart_cents: 17500,
    quote_delivery_min: 40,
    quote_carryout_min: 20,
    offers_delivery: true,
    offers_carryout: true,
    position: 6,
    ...CASH_AND_CARD,
    delivery_postal_codes: ["04000", "04010", "04100", "04040"],
    //        Sun     Mon   Tue  Wed  Thu  Fri   Sat
    hours: week([SUNDAY, null, DAY, DAY, DAY, LATE, LATE]),
  },
  {
    code: "MX-CEN-01",
    name: "Centro Histórico",
    street: "Av. 5 de Mayo 32",
    neighbourhood: "Centro",
    ...CDMX,
    postal_code: "06000",
    lat: 19.4337,
    lng: -99.1381,
    phone: "5555120532",
    tier: 1,
    min_cart_cents: 15000,
    quote_delivery_min: 45,
    quote_carryout_min: 20,
    offers_delivery: true,
    offers_carryout: true,
    position: 7,
    ...CASH_AND_CARD,
    delivery_postal_codes: ["06000", "06010", "06050", "06060"],
    hours: STANDARD,
  },
  {
    code: CARRYOUT_ONLY_OUTLET_CODE,
    name: "Santa Fe (área de comida)",
    street: "Av. Vasco de Quiroga 3800, local FC-14",
    neighbourhood: "Antigua Mina La Totolapa",
    ...CDMX,
    postal_code: "05348",
    lat: 19.3617,
    lng: -99.2755,
    phone: "5552583800",
    tier: 2,
    min_cart_cents: 15000,
    quote_delivery_min: 30,
    quote_carryout_min: 15,
    offers_delivery: false,
    offers_carryout: true,
    position: 8,
    // A food-court kiosk without a card terminal: cash, or the card online (no terminal needed).
    payment_methods: ["cash", "card"],
    cash_cap_cents: null,
    delivery_postal_codes: [],
    // Shopping-centre hours.
    hours: week([
      ["11:00:00", "20:00:00"],
      ["11:00:00", "21:00:00"],
      ["11:00:00", "21:00:00"],
      ["11:00:00", "21:00:00"],
      ["11:00:00", "21:00:00"],
      ["11:00:00", "21:00:00"],
      ["11:00:00", "21:00:00"],
    ]),
  },
  {
    code: TIJUANA_OUTLET_CODE,
    name: "Tijuana Zona Río",
    street: "Paseo de los Héroes 9415",
    neighbourhood: "Zona Urbana Río Tijuana",
    city: "Tijuana",
    state: "Baja California",
    time_zone: "America/Tijuana",
    postal_code: "22010",
    lat: 32.5246,
    lng: -117.0226,
    phone: "6646349415",
    tier: 1,
    min_cart_cents: 15000,
    quote_delivery_min: 35,
    quote_carryout_min: 15,
    offers_delivery: true,
    offers_carryout: true,
    position: 9,
    // Cash up to $1,000.00 (the change and the cash a driver carries stay small).
    ...CASH_AND_CARD,
    cash_cap_cents: 100_000,
    delivery_postal_codes: ["22010", "22000", "22020"],
    //         Sun     Mon     Tue     Wed     Thu     Fri     Sat
    hours: week([SUNDAY, NOON, NOON, NOON, NOON, NOON, NOON]),
    slot_capacity_pizzas: 20,
  },
];

/** The chain's holiday dates (every outlet): Christmas Eve and New Year's Eve close early, Christmas closed. */
export const dateHours: DateHoursSeed[] = [
  { date: "2026-12-24", opens: "11:00:00", closes: "20:00:00", note: "Nochebuena" },
  { date: "2026-12-25", opens: null, closes: null, note: "Navidad" },
  { date: "2026-12-31", opens: "11:00:00", closes: "20:00:00", note: "Fin de año" },
  { date: "2027-01-01", opens: "14:00:00", closes: "22:00:00", note: "Año nuevo" },
];

/** Christmas Eve's dinner rush: deliveries every 30 minutes from 17:00 to 20:00; carry-out keeps 15. */
export const advanceDurations: AdvanceDurationSeed[] = [
  { date: "2026-12-24", opening: "17:00:00", closing: "20:00:00", duration_d: 30, duration_c: -1 },
];
