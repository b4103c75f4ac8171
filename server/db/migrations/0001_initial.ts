import { type Kysely, sql } from "kysely";

/** Statements run one by one: PGlite's extended protocol takes one statement per query. */
const up_statements = [
  `create table outlets (
    id serial primary key,
    code text not null unique,
    name text not null,
    street text not null,
    neighbourhood text not null,
    city text not null,
    state text not null,
    postal_code text not null,
    lat double precision not null,
    lng double precision not null,
    phone text not null,
    time_zone text not null default 'America/Mexico_City',
    tier smallint not null default 1,
    min_cart_cents integer not null default 0 check (min_cart_cents >= 0),
    quote_delivery_min integer not null check (quote_delivery_min > 0),
    quote_carryout_min integer not null check (quote_carryout_min > 0),
    offers_delivery boolean not null default true,
    offers_carryout boolean not null default true,
    active boolean not null default true,
    position integer not null default 0
  )`,
  `create table outlet_postal_codes (
    outlet_id integer not null references outlets on delete cascade,
    postal_code text not null check (postal_code ~ '^[0-9]{5}$'),
    primary key (outlet_id, postal_code)
  )`,
  `create index outlet_postal_codes_code on outlet_postal_codes (postal_code)`,
  `create table outlet_hours (
    id serial primary key,
    outlet_id integer not null references outlets on delete cascade,
    weekday smallint not null check (weekday between 0 and 6),
    opens time not null,
    closes time not null,
    interval_min smallint not null default 15 check (interval_min > 0),
    unique (outlet_id, weekday, opens)
  )`,
  `create table categories (
    id serial primary key,
    uuid uuid not null unique,
    slug text not null,
    parent_id integer references categories on delete cascade,
    kind text not null,
    name jsonb not null,
    position integer not null default 0
  )`,
  `create unique index categories_slug on categories (coalesce(parent_id, 0), slug)`,
  `create table products (
    id serial primary key,
    uuid uuid not null unique,
    sku text not null unique,
    category_id integer not null references categories,
    product_type smallint not null default 0 check (product_type in (0, 1, 2)),
    name jsonb not null,
    description jsonb not null default '{}',
    image text not null,
    price_cents integer not null default 0 check (price_cents >= 0),
    position integer not null default 0,
    active boolean not null default true,
    half_set smallint check (half_set in (0, 1, 2)),
    lunch_only boolean not null default false,
    hut_day smallint check (hut_day between 0 and 6),
    selling_start time,
    selling_end time,
    max_extras smallint not null default 1,
    max_removals smallint not null default 1,
    max_per_topping smallint not null default 1
  )`,
  `create index products_category on products (category_id, position)`,
  `create table product_layers (
    id serial primary key,
    product_id integer not null references products on delete cascade,
    parent_id integer references product_layers on delete cascade,
    sku text not null,
    name jsonb not null,
    price_cents integer not null check (price_cents >= 0),
    position integer not null default 0,
    unique (product_id, sku)
  )`,
  `create table toppings (
    id serial primary key,
    code text not null unique,
    name jsonb not null,
    price_cents integer not null check (price_cents >= 0),
    position integer not null default 0
  )`,
  `create table product_toppings (
    product_id integer not null references products on delete cascade,
    topping_id integer not null references toppings on delete cascade,
    type smallint not null check (type in (0, 1, 2)),
    primary key (product_id, topping_id)
  )`,
  `create table carts (
    uuid uuid primary key,
    outlet_id integer references outlets,
    order_type char(1) check (order_type in ('D', 'C')),
    order_time timestamptz,
    customer_id integer,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`,
  `create table cart_lines (
    id serial primary key,
    cart_uuid uuid not null references carts on delete cascade,
    product_id integer not null references products,
    product_type smallint not null check (product_type in (0, 1, 2)),
    first_layer_id integer references product_layers,
    second_layer_id integer references product_layers,
    quantity integer not null check (quantity between 1 and 99),
    options jsonb not null default '{}',
    created_at timestamptz not null
  )`,
  `create index cart_lines_cart on cart_lines (cart_uuid)`,
  `create sequence order_number_seq start 100001`,
  `create table orders (
    id serial primary key,
    uuid uuid not null unique,
    number text not null unique,
    idempotency_key text not null unique,
    cart_uuid uuid,
    outlet_id integer not null references outlets,
    outlet_code text not null,
    order_type char(1) not null check (order_type in ('D', 'C')),
    status smallint not null,
    currency char(3) not null default 'MXN',
    subtotal_cents integer not null,
    tax_percent real not null,
    tax_cents integer not null,
    delivery_fee_cents integer not null,
    discount_cents integer not null default 0,
    total_cents integer not null,
    advance_order smallint not null default 0,
    collection_time timestamptz,
    time_zone text not null,
    customer jsonb not null,
    delivery_address jsonb,
    comment text not null default '',
    payment_method text not null,
    payment_id text,
    locale text not null,
    created_at timestamptz not null
  )`,
  `create index orders_outlet_created on orders (outlet_id, created_at desc)`,
  `create table order_items (
    id serial primary key,
    order_id integer not null references orders on delete cascade,
    position integer not null,
    product_id integer not null references products,
    product_type smallint not null,
    sku text not null,
    name jsonb not null,
    detail jsonb not null default '{}',
    quantity integer not null check (quantity > 0),
    unit_price_cents integer not null,
    total_cents integer not null
  )`,
  `create table order_status_history (
    id serial primary key,
    order_id integer not null references orders on delete cascade,
    status smallint not null,
    at timestamptz not null,
    actor text not null
  )`,
  `create index order_status_history_order on order_status_history (order_id, at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of up_statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "order_status_history", "order_items", "orders", "cart_lines", "carts", "product_toppings",
    "toppings", "product_layers", "products", "categories", "outlet_hours", "outlet_postal_codes", "outlets",
  ]) {
    await sql.raw(`drop table if exists ${table} cascade`).execute(db);
  }
  await sql.raw("drop sequence if exists order_number_seq").execute(db);
}
