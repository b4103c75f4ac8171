import { type Kysely, sql } from "kysely";

/**
 * Coupons (issue 12): a coupon is data (server/coupons/types.ts).
 * - `coupons`: the code (upper-case, unique), name and image per language, type (the spec's 1-4, plus 5 circle
 *   discount and 6 deal), group, what it takes off (`benefit`) and the conditions the CP codes name
 *   (`conditions`), paused or not, and `uses`: the total count, raised by one conditional update per order
 *   (`uses < generation limit`), so concurrent orders cannot pass the limit.
 * - `cart_coupons`: the coupons applied to a cart (re-checked whenever the cart could change).
 * - `coupon_uses`: one row per order and coupon, with the discount it gave and the customer (for the
 *   uses-per-customer rule and the customer's coupon history); unique per (order, coupon).
 * - `customer_coupons`: coupons attached to an account (/crm/coupon, the game's prizes).
 * - `coupon_games`, `coupon_game_prizes`, `coupon_game_plays`: the coupon game; a play is unique per customer,
 *   game and period slot, so plays per period are limited by the database.
 * Statements run one by one: PGlite's extended protocol takes one statement per query.
 */
const up_statements = [
  `create table coupons (
    id serial primary key,
    code text not null unique check (code = upper(code) and code ~ '^[A-Z0-9-]{3,32}$'),
    name jsonb not null,
    image jsonb not null default '{}',
    type smallint not null check (type between 1 and 6),
    "group" text not null check ("group" in ('promotion', 'discount', 'freeGift', 'circleDiscount')),
    benefit jsonb not null,
    conditions jsonb not null default '{}',
    active boolean not null default true,
    uses integer not null default 0 check (uses >= 0),
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`,
  `create table cart_coupons (
    cart_uuid uuid not null references carts on delete cascade,
    coupon_id integer not null references coupons,
    applied_at timestamptz not null,
    primary key (cart_uuid, coupon_id)
  )`,
  `create table coupon_uses (
    id serial primary key,
    coupon_id integer not null references coupons,
    order_id integer not null references orders on delete cascade,
    customer_id integer references customers on delete set null,
    discount_cents integer not null check (discount_cents >= 0),
    used_at timestamptz not null,
    unique (order_id, coupon_id)
  )`,
  `create index coupon_uses_customer on coupon_uses (customer_id, coupon_id) where customer_id is not null`,
  `create table customer_coupons (
    customer_id integer not null references customers on delete cascade,
    coupon_id integer not null references coupons,
    source text not null check (source in ('crm', 'game')),
    attached_at timestamptz not null,
    primary key (customer_id, coupon_id)
  )`,
  `create table coupon_games (
    id serial primary key,
    slug text not null unique,
    name jsonb not null,
    kind text not null check (kind in ('wheel', 'scratch')),
    plays_per_period integer not null check (plays_per_period > 0),
    period_hours integer not null check (period_hours > 0),
    active boolean not null default true
  )`,
  `create table coupon_game_prizes (
    id serial primary key,
    game_id integer not null references coupon_games on delete cascade,
    coupon_id integer references coupons,
    weight integer not null check (weight > 0),
    label jsonb not null
  )`,
  `create table coupon_game_plays (
    id serial primary key,
    game_id integer not null references coupon_games on delete cascade,
    customer_id integer not null references customers on delete cascade,
    period_start timestamptz not null,
    play_number integer not null check (play_number > 0),
    prize_id integer references coupon_game_prizes,
    played_at timestamptz not null,
    unique (game_id, customer_id, period_start, play_number)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of up_statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["coupon_game_plays", "coupon_game_prizes", "coupon_games", "customer_coupons", "coupon_uses", "cart_coupons", "coupons"]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
