import { sql } from "kysely";
import type { Database } from "../client";

/**
 * A database of a chain that has been selling for a while (issue 15, point 6): `count` orders over the `days` days
 * before `at`, each with 3 items and 2 status rows, spread over every outlet, both order types and the statuses a
 * day ends with; one in four by one of 2,000 registered customers (the demo customer among them, so their history
 * is long), one in ten with a coupon use. Written by a few `generate_series` statements (seconds for 100,000),
 * never through the app. Marked: their idempotency keys start with "volume-" and their numbers with "V", and
 * `npm run db:seed -- --orders N` adds only what is missing up to N. Answers how many orders it wrote.
 */
export async function seedOrderVolume(db: Database, count: number, at: Date, days = 90): Promise<number> {
  const have = await sql<{ n: number }>`select count(*)::int as n from orders where idempotency_key like 'volume-%'`.execute(db);
  const from = have.rows[0]!.n + 1;
  if (from > count) return 0;
  await db.transaction().execute(async (trx) => {
    await sql`
      insert into customers (email, first_name, last_name, created_at, updated_at)
      select 'volumen' || g || '@clientes.example', 'Cliente', 'Volumen ' || g, ${at}::timestamptz - interval '1 year', ${at}
      from generate_series(1, 2000) g
      on conflict (email) do nothing`.execute(trx);
    // The registered buyers: the generated customers and whoever else is registered (the demo customer).
    await sql`create temporary table volume_buyers on commit drop as
      select row_number() over (order by id) as n, id from customers`.execute(trx);
    await sql`create temporary table volume_outlets on commit drop as
      select row_number() over (order by id) as n, id, code, time_zone from outlets where active`.execute(trx);
    await sql`create temporary table volume_products on commit drop as
      select row_number() over (order by id) as n, id, product_type, sku, name from products`.execute(trx);
    await sql`
      insert into orders (uuid, number, idempotency_key, outlet_id, outlet_code, order_type, status, subtotal_cents, tax_percent,
        tax_cents, delivery_fee_cents, total_cents, time_zone, customer, payment_method, payment, locale, created_at, customer_id)
      select gen_random_uuid(), 'V' || g, 'volume-' || g, o.id, o.code, case when g % 3 = 0 then 'D' else 'C' end,
        (array[9, 7, 9, 8, 3, 5, 16, 9])[1 + g % 8], 15900, 16, 2193, case when g % 3 = 0 then 3500 else 0 end,
        case when g % 3 = 0 then 19400 else 15900 end, o.time_zone,
        jsonb_build_object('name', 'Cliente', 'surname', 'Volumen', 'email', 'volumen' || (g % 5000) || '@pedidos.example', 'mobile', '5512345678'),
        'cash', '{"method":"cash"}', 'es',
        ${at}::timestamptz - (interval '1 second' * ((g * 7919) % (${days} * 86400))),
        case when g % 4 = 0 then (select id from volume_buyers b where b.n = 1 + (g / 4) % (select count(*) from volume_buyers)) end
      from generate_series(${from}::int, ${count}::int) g
      join volume_outlets o on o.n = 1 + g % (select count(*) from volume_outlets)`.execute(trx);
    await sql`
      insert into order_items (order_id, position, product_id, product_type, sku, name, quantity, unit_price_cents, total_cents)
      select o.id, p.position, pr.id, pr.product_type, pr.sku, pr.name, 1, 5300, 5300
      from orders o cross join generate_series(0, 2) as p(position)
      join volume_products pr on pr.n = 1 + (o.id + p.position) % (select count(*) from volume_products)
      where o.idempotency_key like 'volume-%' and substr(o.number, 2)::int >= ${from}`.execute(trx);
    await sql`
      insert into order_status_history (order_id, status, at, actor)
      select o.id, 3, o.created_at, 'customer' from orders o
      where o.idempotency_key like 'volume-%' and substr(o.number, 2)::int >= ${from}
      union all
      select o.id, o.status, o.created_at + interval '20 minutes', 'staff' from orders o
      where o.idempotency_key like 'volume-%' and substr(o.number, 2)::int >= ${from} and o.status <> 3`.execute(trx);
    await sql`
      insert into coupon_uses (coupon_id, order_id, customer_id, discount_cents, used_at)
      select (select id from coupons order by id limit 1), o.id, o.customer_id, 1000, o.created_at from orders o
      where o.idempotency_key like 'volume-%' and substr(o.number, 2)::int >= ${from} and substr(o.number, 2)::int % 10 = 0
        and exists (select 1 from coupons)`.execute(trx);
  });
  await sql`analyze orders, order_items, order_status_history, coupon_uses, customers`.execute(db);
  return count - from + 1;
}
