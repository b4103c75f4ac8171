import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

/** Localised text kept in jsonb: Spanish always, other languages when written. */
export type I18nText = { es: string; en?: string; ar?: string };

type Json<T> = ColumnType<T, string, string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface OutletsTable {
  id: Generated<number>;
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
  tier: number;
  min_cart_cents: number;
  quote_delivery_min: number;
  quote_carryout_min: number;
  offers_delivery: boolean;
  offers_carryout: boolean;
  active: Generated<boolean>;
  position: Generated<number>;
  /** Pizzas the kitchen takes per order-time slot (issue 4's slot capacity). */
  slot_capacity_pizzas: Generated<number>;
  /** Payment method ids the outlet accepts ("cash", "eftpos"; migration 0004). */
  payment_methods: ColumnType<string[], string[] | undefined, string[]>;
  /** The most the outlet takes in cash, in centavos; null: no cap (migration 0004). */
  cash_cap_cents: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OutletPostalCodesTable {
  outlet_id: number;
  postal_code: string;
}

export interface OutletHoursTable {
  id: Generated<number>;
  outlet_id: number;
  /** 0 = Sunday ... 6 = Saturday, in the outlet's time zone. */
  weekday: number;
  /** "HH:MM:SS" wall-clock times; a closing of "00:00:00" means midnight. */
  opens: string;
  closes: string;
  interval_min: number;
  /** Quote time of this interval per order type; null = the outlet's. */
  quote_delivery_min: ColumnType<number | null, number | null | undefined, number | null>;
  quote_carryout_min: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Hours of one date replacing the weekly hours (null times: closed that date). */
export interface OutletDateHoursTable {
  id: Generated<number>;
  outlet_id: number;
  /** "YYYY-MM-DD" in the outlet's time zone. */
  date: ColumnType<string, string, string>;
  opens: string | null;
  closes: string | null;
  interval_min: Generated<number>;
  note: Generated<string>;
}

/** An advance-duration window (spec section 3): the slot interval per order type inside it; -1 = default. */
export interface OutletAdvanceDurationsTable {
  id: Generated<number>;
  outlet_id: number;
  date: ColumnType<string, string, string>;
  opening: string;
  closing: string;
  duration_d: Generated<number>;
  duration_c: Generated<number>;
}

/** Pizzas booked into an outlet's slot (the slot's value instant). */
export interface SlotBookingsTable {
  outlet_id: number;
  slot_at: Timestamp;
  pizzas: number;
}

export interface CategoriesTable {
  id: Generated<number>;
  uuid: string;
  slug: string;
  parent_id: number | null;
  kind: string;
  name: Json<I18nText>;
  position: number;
}

export interface ProductsTable {
  id: Generated<number>;
  uuid: string;
  sku: string;
  category_id: number;
  /** 0 single, 1 combo, 2 half-and-half */
  product_type: number;
  name: Json<I18nText>;
  description: Json<I18nText>;
  image: string;
  price_cents: number;
  position: number;
  active: Generated<boolean>;
  /** Member of the half-and-half sets: 0 normal, 1 lunch, 2 both; null = not offered as a half. */
  half_set: number | null;
  lunch_only: Generated<boolean>;
  /** Weekday (0 = Sunday) on which a hut-day item sells; null = every day. */
  hut_day: number | null;
  selling_start: string | null;
  selling_end: string | null;
  max_extras: Generated<number>;
  max_removals: Generated<number>;
  max_per_topping: Generated<number>;
  /** Allergen codes of the product itself (server/catalog/allergens.ts); its recipe toppings add theirs. */
  allergens: Generated<string[]>;
  /** kcal keyed by size sku, or by "" for a product without sizes. */
  kcal: ColumnType<Record<string, number>, string | undefined, string>;
  /** The home page's favourite products, in this order; null: not one of them (migration 0023). */
  featured: ColumnType<number | null, number | null | undefined, number | null>;
  /** Pizzas in one unit of a product sold without sizes (a deal, a package); a sized product is one (migration 0033). */
  pizzas: Generated<number>;
}

export interface ProductLayersTable {
  id: Generated<number>;
  product_id: number;
  /** null: a first layer (size); otherwise a second layer (crust) of that size. */
  parent_id: number | null;
  sku: string;
  name: Json<I18nText>;
  price_cents: number;
  position: number;
}

export interface ToppingsTable {
  id: Generated<number>;
  code: string;
  name: Json<I18nText>;
  price_cents: number;
  position: number;
  /** Allergen codes the topping brings to the products whose recipe has it. */
  allergens: Generated<string[]>;
}

export interface ProductToppingsTable {
  product_id: number;
  topping_id: number;
  /** 0 both, 1 default, 2 extra */
  type: number;
}

export interface CartsTable {
  uuid: string;
  outlet_id: number | null;
  order_type: "D" | "C" | null;
  /** null = as soon as possible */
  order_time: Timestamp | null;
  customer_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** the key of the last add posted to the cart (a rendered form's `once` with its choice), and when */
  last_add: string | null;
  last_add_at: Timestamp | null;
}

export interface CartLinesTable {
  id: Generated<number>;
  cart_uuid: string;
  product_id: number;
  product_type: number;
  first_layer_id: number | null;
  second_layer_id: number | null;
  quantity: number;
  options: Json<Record<string, unknown>>;
  /** A combo line's own uuid (spec section 3: combo_uuid); null for other lines. */
  combo_uuid: ColumnType<string | null, string | null | undefined, string | null>;
  /** The coupon that brought this line (a free item, a deal's combo; migration 0011); null for the customer's own. */
  coupon_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

export interface ComboSlotsTable {
  id: Generated<number>;
  /** the combo product */
  product_id: number;
  position: number;
  name: Json<I18nText>;
}

export interface ComboSlotOptionsTable {
  slot_id: number;
  product_id: number;
  /** For a layered product: the size (first layer sku) the slot gives, e.g. "M"; null for products without layers. */
  size_sku: string | null;
  surcharge_cents: Generated<number>;
  position: Generated<number>;
}

export interface OrdersTable {
  id: Generated<number>;
  uuid: string;
  number: string;
  idempotency_key: string;
  cart_uuid: string | null;
  outlet_id: number;
  outlet_code: string;
  order_type: "D" | "C";
  status: number;
  currency: string;
  subtotal_cents: number;
  tax_percent: number;
  tax_cents: number;
  delivery_fee_cents: number;
  discount_cents: number;
  total_cents: number;
  advance_order: number;
  collection_time: Timestamp | null;
  /** the slot's start when scheduled (migration 0024) */
  collection_from: Timestamp | null;
  /** Pizzas this order booked into its slot (0 for ASAP). */
  slot_pizzas: Generated<number>;
  time_zone: string;
  customer: Json<OrderCustomer>;
  delivery_address: Json<Record<string, string>> | null;
  comment: string;
  payment_method: string;
  payment_id: string | null;
  locale: string;
  created_at: Timestamp;
  /** Checkout (migration 0004): company and property type of a delivery ('' and null for carry-out). */
  company: Generated<string>;
  property_type: ColumnType<string | null, string | null | undefined, string | null>;
  /** A printed receipt (ticket) goes with the order. */
  receipt: Generated<boolean>;
  /** The CFDI invoice the customer asked for; null when none. */
  invoice: ColumnType<OrderInvoice | null, string | null | undefined, string | null>;
  /** The spec's order_payment {id, method}; cash adds tenderedCents (what the customer pays with) and changeCents. */
  payment: Json<OrderPayment>;
  /** The spec's order_coupons: the coupons applied when it was placed (none until coupons exist). */
  coupons: ColumnType<OrderCoupon[], string | undefined, string>;
  /** Why the order was canceled (status 8; migration 0005). */
  cancel_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The account that placed it, or whose confirmed email a guest order carried (migration 0009). */
  customer_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OrderCoupon {
  code: string;
  name: string;
  discountCents: number;
}

/** orders.payment: id is the method's spec code (9 cash), method its id ("cash", "eftpos"). */
export interface OrderPayment {
  id: number;
  method: string;
  /** Cash: what the customer pays with and the change the driver or the counter gives back (centavos). */
  tenderedCents?: number;
  changeCents?: number;
}

/** orders.invoice: a CFDI request (RFC, legal name, SAT tax regime, fiscal postal code, CFDI use). */
export interface OrderInvoice {
  rfc: string;
  personType: "fisica" | "moral";
  legalName: string;
  taxRegime: string;
  fiscalPostalCode: string;
  cfdiUse: string;
}

export interface OrderCustomer {
  name: string;
  surname: string;
  email: string;
  mobile: string;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  product_id: number;
  product_type: number;
  sku: string;
  name: Json<I18nText>;
  detail: Json<Record<string, unknown>>;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  status: number;
  at: Timestamp;
  actor: string;
}

/** A mail of the outbox (migration 0006): written first, sent by the SMTP sender when one is configured. */
export interface MailOutboxTable {
  id: Generated<number>;
  kind: string;
  /** Unique: a mail that must go once (an order's confirmation) is enqueued once. */
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: Timestamp;
  /** When a sender last took the row; a claim older than a few minutes is taken again (a dead sender, a retry). */
  claimed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  attempts: Generated<number>;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the pending mail is next due: a claim's lease end, or after a failure the backoff's end; null: now. */
  next_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The mail's Reply-To, when answers go elsewhere than the sender (a contact message: the customer; migration 0021). */
  reply_to: ColumnType<string | null, string | null | undefined, string | null>;
  /** A file the sender attaches, by reference ("job_application:<id>": its CV), resolved when it sends (migration 0022). */
  attachment: ColumnType<string | null, string | null | undefined, string | null>;
}

/** rate-limiter-flexible's Postgres store (server/security/rate-limits.ts). */
export interface RateLimitsTable {
  key: string;
  points: number;
  /** Epoch milliseconds; null: never. */
  expire: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A signed-in session (server/security/sessions.ts): the cookie holds the token, this row its SHA-256. */
export interface AuthSessionsTable {
  token_hash: string;
  subject: "staff" | "customer";
  subject_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  user_agent: Generated<string>;
}

/** A member of a store's staff (migration 0005): signs in at /store with an argon2id password. */
export interface StaffTable {
  id: Generated<number>;
  /** Lower-cased, unique. */
  email: string;
  name: string;
  password_hash: string;
  active: Generated<boolean>;
  created_at: Timestamp;
  /** 'manager' also manages the chain's coupons (/store/coupons; migration 0012). */
  role: Generated<StaffRole>;
}

export type StaffRole = "staff" | "manager";

/** The outlets a member of staff works for. */
export interface StaffOutletsTable {
  staff_id: number;
  outlet_id: number;
}

/** A failed staff sign-in, by the (lower-cased) email typed, whether or not it exists: the attempt limit. */
type MaybeTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A customer account (migration 0009). `email` lower-cased and unique. */
export interface CustomersTable {
  id: Generated<number>;
  email: string;
  first_name: string;
  last_name: string;
  /** 10 to 12 digits, or '' for an account made by a social sign-in that has not given one. */
  phone: Generated<string>;
  /** 'YYYY-MM-DD', a valid date (the app checks it; a text column reads the same on pg and PGlite). */
  birthdate: ColumnType<string | null, string | null | undefined, string | null>;
  gender: ColumnType<"M" | "F" | "O" | null, "M" | "F" | "O" | null | undefined, "M" | "F" | "O" | null>;
  /** argon2id; null for an account made by a social sign-in that never set a password. */
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  news: Generated<boolean>;
  html_mail: Generated<boolean>;
  locale: Generated<string>;
  terms_accepted_at: MaybeTime;
  email_confirmed_at: MaybeTime;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A single-use link (confirm, reset, email-change): only the token's SHA-256 is kept. */
export interface CustomerTokensTable {
  id: Generated<number>;
  customer_id: number;
  purpose: "confirm" | "reset" | "email-change";
  token_hash: string;
  /** The address the link was sent to (the new one for an email change). */
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: MaybeTime;
}

/** A social provider's subject linked to an account. */
export interface CustomerIdentitiesTable {
  provider: number;
  subject: string;
  customer_id: number;
  created_at: Timestamp;
}

/** A saved place (the spec's Location). */
export interface CustomerLocationsTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  street: string;
  exterior_number: string;
  interior_number: Generated<string>;
  house_number: Generated<string>;
  reference: Generated<string>;
  landmark: string;
  instructions: Generated<string>;
  postal_code: string;
  city: string;
  state: string;
  is_default: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A loyalty card attached to an account: both keys unique. */
export interface LoyaltyCardsTable {
  card_number: string;
  customer_id: number;
  attached_at: Timestamp;
}

/** A card the chain issued, with its holder's mobile (10 digits) and birthday (migration 0035). */
export interface IssuedLoyaltyCardsTable {
  card_number: string;
  phone: string;
  /** 'YYYY-MM-DD', as customers.birthdate */
  birthdate: string;
  issued_at: Timestamp;
}

/** A one-time code for a phone change; `request_id` is what the form carries back. */
export interface PhoneCodesTable {
  request_id: string;
  customer_id: number;
  phone: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: MaybeTime;
}

/** A text message of the SMS outbox, shipped by the provider adapter when one is configured. */
export interface SmsOutboxTable {
  id: Generated<number>;
  kind: string;
  key: string;
  to: string;
  text: string;
  created_at: Timestamp;
  attempts: Generated<number>;
  sent_at: MaybeTime;
  next_attempt_at: MaybeTime;
  error: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A coupon (migration 0010; server/coupons/types.ts gives `benefit` and `conditions` their shapes). */
export interface CouponsTable {
  id: Generated<number>;
  /** Upper-case, unique. */
  code: string;
  name: Json<I18nText>;
  /** Image URLs by kind and language, e.g. {"desktop": {"es": "/images/coupons/x.svg"}}. */
  image: ColumnType<Record<string, Partial<Record<string, string>>>, string | undefined, string>;
  type: number;
  group: "promotion" | "discount" | "freeGift" | "circleDiscount";
  benefit: Json<Record<string, unknown>>;
  conditions: ColumnType<Record<string, unknown>, string | undefined, string>;
  active: Generated<boolean>;
  /** Shown to every visitor on /order/coupons (true), or only to the accounts it is attached to (migration 0014). */
  listed: Generated<boolean>;
  /** Orders that used it so far (the generation limit is checked against it, in the order's transaction). */
  uses: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CartCouponsTable {
  cart_uuid: string;
  coupon_id: number;
  applied_at: Timestamp;
  /** the order the coupons were applied in (migration 0011) */
  seq: Generated<number>;
}

export interface CouponUsesTable {
  id: Generated<number>;
  coupon_id: number;
  order_id: number;
  customer_id: number | null;
  discount_cents: number;
  used_at: Timestamp;
}

export interface CustomerCouponsTable {
  customer_id: number;
  coupon_id: number;
  source: "crm" | "game";
  attached_at: Timestamp;
}

export interface CouponGamesTable {
  id: Generated<number>;
  slug: string;
  name: Json<I18nText>;
  kind: "wheel" | "scratch";
  plays_per_period: number;
  period_hours: number;
  active: Generated<boolean>;
}

export interface CouponGamePrizesTable {
  id: Generated<number>;
  game_id: number;
  /** null: a "try again" slot */
  coupon_id: number | null;
  weight: number;
  label: Json<I18nText>;
}

export interface CouponGamePlaysTable {
  id: Generated<number>;
  game_id: number;
  customer_id: number;
  period_start: Timestamp;
  play_number: number;
  prize_id: number | null;
  played_at: Timestamp;
}

/** An online payment attempt (migration 0015; server/payments). */
export interface PaymentsTable {
  id: Generated<number>;
  /** The attempt's public id: /adyen/checkout/:transaction, /payment-status/:transaction. */
  transaction: string;
  order_id: number;
  /** 1, 2, … per order. */
  attempt: number;
  provider: string;
  method: string;
  /** What the provider knows the attempt by: `<order number>-<attempt>`. */
  merchant_reference: string;
  amount_cents: number;
  currency: string;
  /** server/payments/state.ts's PaymentState. */
  state: string;
  /** The provider's last result code (Authorised, Refused, …). */
  result_code: ColumnType<string | null, string | null | undefined, string | null>;
  refusal_reason: ColumnType<string | null, string | null | undefined, string | null>;
  psp_reference: ColumnType<string | null, string | null | undefined, string | null>;
  /** "web" (the card component) or "hosted" (the provider's page, without JavaScript); null until chosen. */
  channel: ColumnType<string | null, string | null | undefined, string | null>;
  session_id: ColumnType<string | null, string | null | undefined, string | null>;
  hosted_url: ColumnType<string | null, string | null | undefined, string | null>;
  confirming_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  expires_at: Timestamp;
}

/** The payment provider's webhook inbox (migration 0015). */
export interface PaymentEventsTable {
  id: Generated<number>;
  provider: string;
  psp_reference: string;
  event_code: string;
  success: boolean;
  merchant_reference: string | null;
  original_reference: string | null;
  amount_cents: number | null;
  reason: string | null;
  payload: Json<unknown>;
  received_at: Timestamp;
  processed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  attempts: Generated<number>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A call to the payment provider that follows a committed change (migration 0015). */
export interface PaymentTasksTable {
  id: Generated<number>;
  payment_id: number;
  kind: "capture" | "refund" | "cancel";
  due_at: Timestamp;
  claimed_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  attempts: Generated<number>;
  done_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** A setting of the whole site that managers change without a deploy (migration 0016). */
export interface SiteSettingsTable {
  key: string;
  value: Json<unknown>;
  updated_at: Timestamp;
  updated_by: number | null;
}

/** A content page in one language: its title and Markdown body (migration 0017). */
export interface ContentPagesTable {
  type: string;
  lng: string;
  title: string;
  body: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: number | null;
}

/** A message of the contact form (/contact, migration 0021). */
export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  outlet_id: number | null;
  order_number: string | null;
  message: string;
  lng: string;
  customer_id: number | null;
  created_at: Timestamp;
  /** When a manager marked it handled (/store/messages, migration 0027); null while open. */
  handled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  handled_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A completed order's satisfaction survey answer (/crs/order/<uuid>, migration 0021): one per order. */
export interface SurveyAnswersTable {
  order_id: number;
  food: number;
  service: number;
  comment: Generated<string>;
  lng: string;
  created_at: Timestamp;
  /** When a manager marked it handled (/store/messages, migration 0027); null while open. */
  handled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  handled_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/** An article of the chain (issue 14 point 4, migration 0022): per slug and language, shown from published_at on. */
export interface TopicsTable {
  slug: string;
  lng: string;
  title: string;
  summary: Generated<string>;
  body: string;
  published_at: ColumnType<Date, Date | string, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** false: taken off the site by a manager, whatever its date (migration 0028). */
  published: Generated<boolean>;
}

/** A job opening at an outlet (issue 14 point 4, migration 0022); title and Markdown description per language. */
export interface JobOpeningsTable {
  id: Generated<number>;
  code: string;
  outlet_id: number;
  title: Json<I18nText>;
  description: Json<I18nText>;
  open: Generated<boolean>;
  position: Generated<number>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** migration 0034 */
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** An application to an opening, with its CV (a PDF of at most 2 MiB) (migration 0022). */
export interface JobApplicationsTable {
  id: Generated<number>;
  opening_id: number;
  name: string;
  email: string;
  phone: string;
  message: Generated<string>;
  lng: string;
  cv: Uint8Array;
  cv_filename: string;
  created_at: ColumnType<Date, Date | string, Date | string>;
}

/** A picture at a position of the site, per language its alt text, headline and link, on a schedule (migration 0023). */
export interface BannersTable {
  id: Generated<number>;
  position: string;
  image: string;
  alt: Json<I18nText>;
  /** Optional headline per language ({} when none). */
  title: ColumnType<Partial<I18nText>, string | undefined, string>;
  /** This site's path per language ({} when the banner links nowhere). */
  link: ColumnType<Partial<I18nText>, string | undefined, string>;
  sort_order: Generated<number>;
  active: Generated<boolean>;
  starts_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: number | null;
}

/** A campaign's landing page /campaign/:name (migration 0023). */
export interface CampaignsTable {
  id: Generated<number>;
  name: string;
  title: Json<I18nText>;
  summary: ColumnType<Partial<I18nText>, string | undefined, string>;
  /** Markdown terms per language ({} when none: the page links the campaigns' terms only). */
  terms: ColumnType<Partial<I18nText>, string | undefined, string>;
  image: string;
  alt: Json<I18nText>;
  product_skus: ColumnType<string[], string[] | undefined, string[]>;
  coupon_codes: ColumnType<string[], string[] | undefined, string[]>;
  sort_order: Generated<number>;
  active: Generated<boolean>;
  starts_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: number | null;
}

/** The catalogue's version: one row, raised by triggers on every change to the menu's tables (0026). */
export interface CatalogVersionTable {
  id: Generated<boolean>;
  version: Generated<number>;
}

/** The site content's version: one row, raised by triggers on banners, campaigns, site settings and content pages (0029). */
export interface ContentVersionTable {
  id: Generated<boolean>;
  version: Generated<number>;
}

export interface DB {
  catalog_version: CatalogVersionTable;
  content_version: ContentVersionTable;
  contact_messages: ContactMessagesTable;
  survey_answers: SurveyAnswersTable;
  topics: TopicsTable;
  job_openings: JobOpeningsTable;
  job_applications: JobApplicationsTable;
  banners: BannersTable;
  campaigns: CampaignsTable;
  site_settings: SiteSettingsTable;
  content_pages: ContentPagesTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  payment_tasks: PaymentTasksTable;
  outlets: OutletsTable;
  outlet_postal_codes: OutletPostalCodesTable;
  outlet_hours: OutletHoursTable;
  outlet_date_hours: OutletDateHoursTable;
  outlet_advance_durations: OutletAdvanceDurationsTable;
  slot_bookings: SlotBookingsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_layers: ProductLayersTable;
  toppings: ToppingsTable;
  product_toppings: ProductToppingsTable;
  carts: CartsTable;
  cart_lines: CartLinesTable;
  combo_slots: ComboSlotsTable;
  combo_slot_options: ComboSlotOptionsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_history: OrderStatusHistoryTable;
  staff: StaffTable;
  staff_outlets: StaffOutletsTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  auth_sessions: AuthSessionsTable;
  customers: CustomersTable;
  customer_tokens: CustomerTokensTable;
  customer_identities: CustomerIdentitiesTable;
  customer_locations: CustomerLocationsTable;
  loyalty_cards: LoyaltyCardsTable;
  issued_loyalty_cards: IssuedLoyaltyCardsTable;
  phone_codes: PhoneCodesTable;
  sms_outbox: SmsOutboxTable;
  coupons: CouponsTable;
  cart_coupons: CartCouponsTable;
  coupon_uses: CouponUsesTable;
  customer_coupons: CustomerCouponsTable;
  coupon_games: CouponGamesTable;
  coupon_game_prizes: CouponGamePrizesTable;
  coupon_game_plays: CouponGamePlaysTable;
}

export type Outlet = Selectable<OutletsTable>;
export type NewOutlet = Insertable<OutletsTable>;
export type Product = Selectable<ProductsTable>;
export type Order = Selectable<OrdersTable>;
