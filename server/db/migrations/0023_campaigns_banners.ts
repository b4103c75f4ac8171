import { type Kysely, sql } from "kysely";

/**
 * Banners and campaigns (issue 14 points 3 and 8; spec: the banner positions call and the campaign detail call).
 * - `banners`: a picture at a position of the site (`home_hero`, `menu_top`), with its alt text, an optional headline
 *   and a link per language (jsonb `{es, en?, ar?}`), an order among the position's banners, a pause switch and a
 *   schedule (`starts_at` inclusive, `ends_at` exclusive; null: no bound).
 * - `campaigns`: a landing page /campaign/:name: its picture, title, summary and Markdown terms per language, the
 *   skus of its products and the codes of its coupons (read against the catalogue and the coupons when shown, so a
 *   product or coupon gone later is skipped, never an error), an order, a pause switch and a schedule.
 * - `products.featured`: the home page's favourite products, in this order (null: not one of them).
 * Images are paths of this site's public files (`/images/...`); links are this site's paths (server/content/links.ts).
 * Statements run one by one: PGlite's extended protocol takes one statement per query.
 */
const up_statements = [
  `create table banners (
    id serial primary key,
    position text not null check (position in ('home_hero', 'menu_top')),
    image text not null check (image ~ '^/images/[A-Za-z0-9_./-]{1,200}$' and position('..' in image) = 0),
    alt jsonb not null,
    title jsonb not null default '{}'::jsonb,
    link jsonb not null default '{}'::jsonb,
    sort_order integer not null default 0 check (sort_order between 0 and 9999),
    active boolean not null default true,
    starts_at timestamptz,
    ends_at timestamptz,
    updated_at timestamptz not null default now(),
    updated_by integer references staff (id) on delete set null,
    check (starts_at is null or ends_at is null or ends_at > starts_at)
  )`,
  `create index banners_position_order on banners (position, sort_order, id)`,
  `create table campaigns (
    id serial primary key,
    name text not null unique check (name ~ '^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$'),
    title jsonb not null,
    summary jsonb not null default '{}'::jsonb,
    terms jsonb not null default '{}'::jsonb,
    image text not null check (image ~ '^/images/[A-Za-z0-9_./-]{1,200}$' and position('..' in image) = 0),
    alt jsonb not null,
    product_skus text[] not null default '{}',
    coupon_codes text[] not null default '{}',
    sort_order integer not null default 0 check (sort_order between 0 and 9999),
    active boolean not null default true,
    starts_at timestamptz,
    ends_at timestamptz,
    updated_at timestamptz not null default now(),
    updated_by integer references staff (id) on delete set null,
    check (starts_at is null or ends_at is null or ends_at > starts_at)
  )`,
  `alter table products add column featured integer check (featured between 1 and 99)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of up_statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products drop column featured`.execute(db);
  await sql`drop table campaigns`.execute(db);
  await sql`drop table banners`.execute(db);
}
