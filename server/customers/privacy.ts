import { sql } from "kysely";
import type { Database } from "../db/client";
import { DomainError } from "../errors";
import { FINAL_STATUSES } from "../orders/lifecycle";
import { STATUS_PAID_TOO_LATE, STATUS_PAYMENT_EXPIRED } from "../orders/status";
import { revokeAllSessions } from "../security/sessions";

/**
 * The customer's privacy rights under Mexico's LFPDPPP (the "ARCO" rights; beyond the spec): access (the account's
 * data as one JSON document) and cancellation (the account is deleted; its orders stay for the shop's records,
 * without the personal data). Neither ever reads out a password hash or a token hash.
 */
export const PROVIDERS: Record<number, string> = { 1: "facebook", 2: "google", 3: "yahoo" };

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Everything the shop keeps about a customer, in a shape a person can read (the access right). */
export async function exportCustomerData(db: Database, customerId: number, now: Date) {
  const c = await db.selectFrom("customers").selectAll().where("id", "=", customerId).executeTakeFirst();
  if (!c) throw new DomainError("CUS-100002");
  const [identities, places, card, tokens, sessions, orders] = await Promise.all([
    db.selectFrom("customer_identities").select(["provider", "subject", "created_at"]).where("customer_id", "=", customerId).execute(),
    db.selectFrom("customer_locations").selectAll().where("customer_id", "=", customerId).orderBy("id").execute(),
    db.selectFrom("loyalty_cards").select(["card_number", "attached_at"]).where("customer_id", "=", customerId).executeTakeFirst(),
    db
      .selectFrom("customer_tokens")
      .select(["email"])
      .where("customer_id", "=", customerId)
      .where("purpose", "=", "email-change")
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .orderBy("created_at", "desc")
      .execute(),
    db
      .selectFrom("auth_sessions")
      .select(["created_at", "expires_at", "user_agent"])
      .where("subject", "=", "customer")
      .where("subject_id", "=", customerId)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", now)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("orders as o")
      .innerJoin("outlets as t", "t.id", "o.outlet_id")
      .select([
        "o.id", "o.uuid", "o.number", "o.created_at", "o.order_type", "o.status", "o.collection_time", "t.name as outlet", "o.customer",
        "o.delivery_address", "o.company", "o.comment", "o.payment_method", "o.invoice", "o.subtotal_cents", "o.discount_cents",
        "o.delivery_fee_cents", "o.total_cents", "o.currency", "o.locale",
      ])
      .where("o.customer_id", "=", customerId)
      .orderBy("o.created_at", "desc")
      .execute(),
  ]);
  const items = orders.length
    ? await db
        .selectFrom("order_items")
        .select(["order_id", "position", "sku", "name", "quantity", "unit_price_cents", "total_cents"])
        .where("order_id", "in", orders.map((o) => o.id))
        .orderBy("order_id")
        .orderBy("position")
        .execute()
    : [];
  return {
    exportedAt: now.toISOString(),
    profile: {
      email: c.email,
      emailConfirmedAt: iso(c.email_confirmed_at),
      pendingEmail: tokens[0]?.email ?? null,
      firstName: c.first_name,
      lastName: c.last_name,
      phone: c.phone,
      birthdate: c.birthdate,
      gender: c.gender,
      language: c.locale,
      hasPassword: c.password_hash !== null,
      createdAt: iso(c.created_at),
      updatedAt: iso(c.updated_at),
    },
    consents: { termsAcceptedAt: iso(c.terms_accepted_at), news: c.news, htmlMail: c.html_mail },
    socialSignIn: identities.map((i) => ({ provider: PROVIDERS[i.provider] ?? String(i.provider), subject: i.subject, linkedAt: iso(i.created_at) })),
    places: places.map((p) => ({
      name: p.name,
      street: p.street,
      exteriorNumber: p.exterior_number,
      interiorNumber: p.interior_number,
      houseNumber: p.house_number,
      reference: p.reference,
      landmark: p.landmark,
      instructions: p.instructions,
      postalCode: p.postal_code,
      city: p.city,
      state: p.state,
      isDefault: p.is_default,
    })),
    loyaltyCard: card ? { number: card.card_number, attachedAt: iso(card.attached_at) } : null,
    sessions: sessions.map((s) => ({ startedAt: iso(s.created_at), endsAt: iso(s.expires_at), browser: s.user_agent })),
    orders: orders.map((o) => ({
      number: o.number,
      uuid: o.uuid,
      placedAt: iso(o.created_at),
      type: o.order_type === "D" ? "delivery" : "carryout",
      status: o.status,
      outlet: o.outlet,
      time: iso(o.collection_time),
      customer: o.customer,
      deliveryAddress: o.delivery_address,
      company: o.company,
      comment: o.comment,
      paymentMethod: o.payment_method,
      invoice: o.invoice,
      currency: o.currency,
      subtotalCents: o.subtotal_cents,
      discountCents: o.discount_cents,
      deliveryFeeCents: o.delivery_fee_cents,
      totalCents: o.total_cents,
      items: items
        .filter((i) => i.order_id === o.id)
        .map((i) => ({ sku: i.sku, name: i.name, quantity: i.quantity, unitPriceCents: i.unit_price_cents, totalCents: i.total_cents })),
    })),
  };
}
export type CustomerData = Awaited<ReturnType<typeof exportCustomerData>>;

/** What stays of a delivery address in a kept order: the area (postal code, city, state), for the shop's figures. */
const anonymisedAddress = sql<string | null>`case when delivery_address is null then null else jsonb_build_object(
  'postalCode', coalesce(delivery_address->>'postalCode', ''),
  'cityName', coalesce(delivery_address->>'cityName', ''),
  'prefectureName', coalesce(delivery_address->>'prefectureName', '')) end`;

/**
 * Deletes an account (the cancellation right), in one transaction; CUS-100018 while one of its orders is still open.
 * Every session of it ends; its orders lose the
 * personal data (name, email, phone, street address, company, comment; the invoice request stays, a fiscal record
 * the law makes the shop keep) and the link to the account (the foreign key sets it null when the row goes); the
 * texts and mails still in the outboxes for its addresses go; the row goes, and with it (cascades) its places,
 * links, social identities, loyalty card and phone codes. Answers how many orders were kept anonymised.
 */
export async function deleteCustomer(db: Database, customerId: number, now: Date): Promise<{ orders: number }> {
  return db.transaction().execute(async (trx) => {
    const customer = await trx.selectFrom("customers").select(["email", "phone"]).where("id", "=", customerId).forUpdate().executeTakeFirst();
    if (!customer) throw new DomainError("CUS-100002");
    // An order on its way needs its name, phone and address until it ends (the store, the driver, the tracker): the
    // account goes once it is delivered, picked up or canceled. A card order still waiting for its payment counts (paid,
    // it goes to the store) and ends by itself when its time runs out (the sweeper: 4); one that never reached the
    // store (4, or 22: paid too late and returned) is over, though no move of the store's will ever end it.
    const open = await trx
      .selectFrom("orders")
      .select("id")
      .where("customer_id", "=", customerId)
      .where("status", "not in", [...FINAL_STATUSES, STATUS_PAYMENT_EXPIRED, STATUS_PAID_TOO_LATE])
      .limit(1)
      .executeTakeFirst();
    if (open) throw new DomainError("CUS-100018");
    await revokeAllSessions(trx, "customer", customerId, now);
    const orders = await trx
      .updateTable("orders")
      .set({
        customer: JSON.stringify({ name: "", surname: "", email: "", mobile: "" }),
        delivery_address: anonymisedAddress,
        company: "",
        comment: "",
      })
      .where("customer_id", "=", customerId)
      .executeTakeFirst();
    const emails = await trx.selectFrom("customer_tokens").select("email").where("customer_id", "=", customerId).execute();
    const phones = await trx.selectFrom("phone_codes").select("phone").where("customer_id", "=", customerId).execute();
    await trx.deleteFrom("mail_outbox").where("to", "in", [customer.email, ...emails.map((e) => e.email)]).execute();
    // The contact messages written while signed in (/contact), and their mails to customer care (Reply-To them).
    await trx.deleteFrom("contact_messages").where("customer_id", "=", customerId).execute();
    await trx.deleteFrom("mail_outbox").where("kind", "=", "contact").where("reply_to", "in", [customer.email, ...emails.map((e) => e.email)]).execute();
    const numbers = [customer.phone, ...phones.map((p) => p.phone)].filter(Boolean);
    if (numbers.length) await trx.deleteFrom("sms_outbox").where("to", "in", numbers).execute();
    await trx.deleteFrom("customers").where("id", "=", customerId).execute();
    return { orders: Number(orders.numUpdatedRows) };
  });
}
