/**
 * The mail module (issue 5) on each test database: the outbox table (enqueue once by key, claims that two senders
 * never share), the SMTP sender with real nodemailer against a real SMTP server on 127.0.0.1 (smtp-server), and
 * the order confirmation enqueued after placement.
 */
import { resetEnvCache } from "#server/config";
import { counting } from "#server/db/counting";
import { deliverMail, sendMail } from "#server/mail";
import { backoffMs, BACKOFF_BASE_MS, claimNextMail, CLAIM_TIMEOUT_MS, enqueueMail, MAX_ATTEMPTS } from "#server/mail/outbox";
import { deliverPending, messageId, smtpTransport } from "#server/mail/sender";
import { queueOrderConfirmation } from "~/web/mail.server";
import { pinStoreNow } from "../support/clock";
import { testDatabases, type TestDatabase } from "../support/db";
import { placeTestOrder } from "../support/orders";
import { decodeQuotedPrintable, smtpStandIn, type SmtpStandIn } from "../support/smtp";

const NOW = "2026-11-20T19:00:00.000Z";
pinStoreNow(NOW);
const at = (ms = 0) => new Date(new Date(NOW).getTime() + ms);
const FROM = "Horno Rojo Pizza <pedidos@pizza.example.mx>";

const mail = (n: number, extra: { key?: string; to?: string } = {}) => ({
  kind: "test",
  to: extra.to ?? `cliente${n}@correo.mx`,
  subject: `Mensaje ${n}`,
  text: `Texto ${n}`,
  html: `<p>Texto ${n}</p>`,
  ...(extra.key ? { key: extra.key } : {}),
});

describe.each(testDatabases())("the mail outbox on $name", (kind) => {
  let t: TestDatabase;
  let smtp: SmtpStandIn;
  const rows = () => t.db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();

  beforeAll(async () => {
    t = await kind.create();
    smtp = await smtpStandIn();
  });
  afterAll(async () => {
    await smtp?.close();
    await t?.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("mail_outbox").execute();
    smtp.received.length = 0;
    smtp.refuse.clear();
  });
  afterEach(() => resetEnvCache());

  it("a mail with a key is enqueued once, however often it is sent; mails without a key each get their own", async () => {
    expect(await enqueueMail(t.db, mail(1, { key: "order-confirmation:x" }), at())).toBe(true);
    expect(await enqueueMail(t.db, mail(2, { key: "order-confirmation:x" }), at(1_000))).toBe(false);
    expect(await enqueueMail(t.db, mail(3), at())).toBe(true);
    expect(await enqueueMail(t.db, mail(3), at())).toBe(true);
    const stored = await rows();
    expect(stored.map((r) => r.subject)).toEqual(["Mensaje 1", "Mensaje 3", "Mensaje 3"]);
    expect(stored[0]).toMatchObject({ kind: "test", key: "order-confirmation:x", to: "cliente1@correo.mx", text: "Texto 1", html: "<p>Texto 1</p>", sent_at: null, error: null, attempts: 0 });
    expect(new Date(stored[0].created_at).toISOString()).toBe(NOW);
    expect(new Set(stored.map((r) => r.key)).size).toBe(3);
  });

  it("two writers racing with the same key make one row (the unique key decides)", async () => {
    const results = await Promise.all([1, 2, 3].map((n) => enqueueMail(t.db, mail(n, { key: "race" }), at())));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await rows()).toHaveLength(1);
  });

  it("without SMTP_URL, sendMail only writes the outbox: nothing is sent", async () => {
    vi.stubEnv("SMTP_URL", "");
    resetEnvCache();
    const result = await sendMail(t.db, mail(1));
    expect(result).toEqual({ queued: true, delivery: null });
    expect(await rows()).toMatchObject([{ subject: "Mensaje 1", sent_at: null }]);
    expect(smtp.received).toHaveLength(0);
  });

  it("claims: oldest first, a claimed mail is not claimed again until its claim is stale, attempts are counted", async () => {
    await enqueueMail(t.db, mail(1), at());
    await enqueueMail(t.db, mail(2), at());
    const first = await claimNextMail(t.db, at());
    const second = await claimNextMail(t.db, at());
    expect([first?.subject, second?.subject]).toEqual(["Mensaje 1", "Mensaje 2"]);
    expect(first?.attempts).toBe(1);
    expect(await claimNextMail(t.db, at(CLAIM_TIMEOUT_MS - 1_000))).toBeUndefined();
    const again = await claimNextMail(t.db, at(CLAIM_TIMEOUT_MS + 1_000));
    expect(again).toMatchObject({ subject: "Mensaje 1", attempts: 2 });
  });

  it("a mail tried MAX_ATTEMPTS times is left alone (with its error) for a person to look at", async () => {
    await enqueueMail(t.db, mail(1), at());
    await t.db.updateTable("mail_outbox").set({ attempts: MAX_ATTEMPTS, error: "550 No such mailbox" }).execute();
    expect(await claimNextMail(t.db, at())).toBeUndefined();
  });

  it("the sender sends every due mail through SMTP with nodemailer and marks it sent; a second run sends nothing", async () => {
    await enqueueMail(t.db, mail(1), at());
    await enqueueMail(t.db, { ...mail(2), subject: "Tu pedido · ñandú" }, at());
    const report = await deliverPending(t.db, smtpTransport(smtp.url), FROM);
    expect(report).toEqual({ sent: 2, failed: 0 });
    expect(smtp.received.map((m) => [m.from, m.to])).toEqual([
      ["pedidos@pizza.example.mx", ["cliente1@correo.mx"]],
      ["pedidos@pizza.example.mx", ["cliente2@correo.mx"]],
    ]);
    expect(smtp.received[0].raw).toMatch(/^Subject: Mensaje 1\r$/m);
    expect(smtp.received[0].raw).toMatch(/^From: Horno Rojo Pizza <pedidos@pizza\.example\.mx>\r$/m);
    expect(smtp.received[0].raw).toContain("Texto 1");
    expect(smtp.received[0].raw).toContain("<p>Texto 1</p>");
    // A non-ASCII subject travels as a MIME encoded word.
    expect(smtp.received[1].raw).toMatch(/^Subject: =\?UTF-8\?/m);
    const stored = await rows();
    expect(stored.every((r) => r.sent_at !== null && r.error === null && r.next_attempt_at === null)).toBe(true);
    // The Message-ID is the key's, the same on every try (a copy sent again after a crash shows as the same mail).
    expect(smtp.received[0].raw).toContain(`Message-ID: ${messageId(stored[0].key, FROM)}`);
    expect(new Date(stored[0].sent_at!).toISOString()).toBe(NOW);
    expect(await deliverPending(t.db, smtpTransport(smtp.url), FROM)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it("a refused recipient: the error stays on the row and a later run tries again (and sends once it is accepted)", async () => {
    smtp.refuse.add("cliente1@correo.mx");
    await enqueueMail(t.db, mail(1), at());
    await enqueueMail(t.db, mail(2), at());
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await deliverPending(t.db, smtpTransport(smtp.url), FROM)).toEqual({ sent: 1, failed: 1 });
    const [refused, sent] = await rows();
    // The log says it too, by the mail's id, never its address.
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringMatching(new RegExp(`^\\[mail\\] mail #${refused.id} not sent \\(try 1 of ${MAX_ATTEMPTS}, tried again later\\): .*No such mailbox`))]);
    expect(String(warn.mock.calls[0]?.[0])).not.toContain("cliente1@correo.mx");
    warn.mockRestore();
    expect(refused).toMatchObject({ sent_at: null, attempts: 1 });
    expect(refused.error).toMatch(/No such mailbox/);
    expect(sent.sent_at).not.toBeNull();
    smtp.refuse.clear();
    // Not at once: a failed mail waits for its backoff (30 s after a first failure) before the next try.
    expect(await deliverPending(t.db, smtpTransport(smtp.url), FROM)).toEqual({ sent: 0, failed: 0 });
    vi.stubEnv("STORE_NOW", at(BACKOFF_BASE_MS - 1_000).toISOString());
    expect(await deliverPending(t.db, smtpTransport(smtp.url), FROM)).toEqual({ sent: 0, failed: 0 });
    vi.stubEnv("STORE_NOW", at(BACKOFF_BASE_MS).toISOString());
    expect(await deliverPending(t.db, smtpTransport(smtp.url), FROM)).toEqual({ sent: 1, failed: 0 });
    expect((await rows())[0]).toMatchObject({ attempts: 2, error: null });
    expect(smtp.received.map((m) => m.to[0])).toEqual(["cliente2@correo.mx", "cliente1@correo.mx"]);
  });

  it("failures back off, doubling from 30 s up to an hour; after MAX_ATTEMPTS tries the mail waits for a person", async () => {
    expect([1, 2, 3, 4, 5, 8, 20].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 3_600_000, 3_600_000]);
    const gone = await smtpStandIn();
    await gone.close();
    await enqueueMail(t.db, mail(1), at());
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    let clock = 0;
    const tries: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS + 2; attempt++) {
      vi.stubEnv("STORE_NOW", at(clock).toISOString());
      const report = await deliverPending(t.db, smtpTransport(gone.url), FROM);
      if (report.failed === 1) tries.push(clock);
      const [row] = await rows();
      if (!row.next_attempt_at || row.attempts >= MAX_ATTEMPTS) break;
      expect(new Date(row.next_attempt_at).getTime() - at(clock).getTime()).toBe(backoffMs(row.attempts));
      clock = new Date(row.next_attempt_at).getTime() - at().getTime();
    }
    expect(tries).toHaveLength(MAX_ATTEMPTS);
    expect(error.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringContaining(`not sent after ${MAX_ATTEMPTS} tries, left for a person`)]);
    vi.stubEnv("STORE_NOW", at(clock + 24 * 3_600_000).toISOString());
    expect(await deliverPending(t.db, smtpTransport(smtp.url), FROM)).toEqual({ sent: 0, failed: 0 });
    expect((await rows())[0]).toMatchObject({ sent_at: null, attempts: MAX_ATTEMPTS });
  });

  it("a sender that dies while sending frees its mail when the lease ends: it is sent then, not before", async () => {
    await enqueueMail(t.db, mail(1), at());
    expect(await claimNextMail(t.db, at())).toBeDefined(); // claimed, then the process died
    expect(await deliverPending(t.db, smtpTransport(smtp.url), FROM)).toEqual({ sent: 0, failed: 0 });
    vi.stubEnv("STORE_NOW", at(CLAIM_TIMEOUT_MS).toISOString());
    expect(await deliverPending(t.db, smtpTransport(smtp.url), FROM)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("a mail server that is not there: the connection error is kept, nothing is lost", async () => {
    const gone = await smtpStandIn();
    await gone.close();
    await enqueueMail(t.db, mail(1), at());
    expect(await deliverPending(t.db, smtpTransport(gone.url), FROM)).toEqual({ sent: 0, failed: 1 });
    expect((await rows())[0]).toMatchObject({ sent_at: null, attempts: 1 });
    expect((await rows())[0].error).toMatch(/ECONNREFUSED|connect/i);
  });

  it("two senders at once send each mail exactly once", async () => {
    for (let n = 1; n <= 6; n++) await enqueueMail(t.db, mail(n), at());
    const reports = await Promise.all([
      deliverPending(t.db, smtpTransport(smtp.url), FROM),
      deliverPending(t.db, smtpTransport(smtp.url), FROM),
    ]);
    expect(reports[0].sent + reports[1].sent).toBe(6);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `cliente${n}@correo.mx`).sort());
  });

  it("with SMTP_URL set, sendMail enqueues and the in-process sender ships it through the server", async () => {
    vi.stubEnv("SMTP_URL", smtp.url);
    vi.stubEnv("MAIL_FROM", FROM);
    resetEnvCache();
    const { queued, delivery } = await sendMail(t.db, mail(1));
    expect(queued).toBe(true);
    expect(await delivery).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.map((m) => m.to)).toEqual([["cliente1@correo.mx"]]);
    expect((await rows())[0].sent_at).not.toBeNull();
    // Overlapping requests for a run share the runs, each through its own request's counting handle of the same
    // database: the second and third get the run after the first; none sends a mail twice.
    await enqueueMail(t.db, mail(2), at());
    const asked = [1, 2, 3].map(() => deliverMail(counting(t.db, { count: 0 })));
    expect(asked[1]).toBe(asked[2]);
    expect(asked[0]).not.toBe(asked[1]);
    const runs = await Promise.all(asked);
    expect(runs.reduce((sum, r) => sum + (r?.sent ?? 0), 0)).toBe(1);
    expect(smtp.received).toHaveLength(2);
  });

  it("an order's confirmation is written in the order's own transaction, once, in its language, with its tracker link", async () => {
    const order = await placeTestOrder(t.db, {
      email: "Ana.Lopez@Correo.mx",
      locale: "en",
      withOrder: async (trx, placed) => {
        // Inside the transaction: the order is there for the mail, and not yet for anyone else.
        expect(await queueOrderConfirmation(trx, placed.uuid)).toBe(true);
        expect(await queueOrderConfirmation(trx, placed.uuid)).toBe(false);
      },
    });
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      kind: "order-confirmation",
      key: `order-confirmation:${order.uuid}`,
      to: "Ana.Lopez@Correo.mx",
      subject: `We received your order ${order.number} · Horno Rojo Pizza`,
    });
    expect(stored[0].text).toContain("Hello Ana,");
    expect(stored[0].text).toContain(`http://localhost:3000/tracker-order/${order.uuid}`);
    expect(stored[0].text).toContain("Carry-out at Roma Norte");
    expect(stored[0].text).toContain("Time: as soon as possible");
    expect(await queueOrderConfirmation(t.db, "00000000-0000-4000-8000-000000000000")).toBe(false);
  });

  it("an order and its mail exist together or not at all: a failure after the mail rolls both back", async () => {
    const before = await t.db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    await expect(
      placeTestOrder(t.db, {
        withOrder: async (trx, placed) => {
          await queueOrderConfirmation(trx, placed.uuid);
          throw new Error("the process died before the commit");
        },
      }),
    ).rejects.toThrow(/died/);
    const after = await t.db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await rows()).toHaveLength(0);
  });

  it("the confirmation travels through SMTP whole: recipient, subject and the tracker link in the body", async () => {
    vi.stubEnv("PUBLIC_URL", "https://pizza.example.mx/");
    resetEnvCache();
    const order = await placeTestOrder(t.db, { email: "beto@correo.mx", withOrder: (trx, placed) => queueOrderConfirmation(trx, placed.uuid).then(() => {}) });
    expect(await deliverPending(t.db, smtpTransport(smtp.url), FROM)).toEqual({ sent: 1, failed: 0 });
    const [received] = smtp.received;
    expect(received.to).toEqual(["beto@correo.mx"]);
    const body = decodeQuotedPrintable(received.raw);
    expect(body).toContain(`https://pizza.example.mx/tracker-order/${order.uuid}`);
    expect(body).toContain(`Gracias por tu pedido ${order.number}.`);
  });
});
