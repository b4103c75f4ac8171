import { json } from "@remix-run/node";
import { z } from "zod";
import { now } from "#server/clock";
import { COUPON_TIME_ZONE } from "#server/coupons/admin-form";
import { contactOutlets } from "#server/content/feedback";
import { NO_OUTLET } from "#server/content/feedback-rules";
import { inboxMessage, listInbox, MESSAGE_KINDS, MESSAGE_STATES, type MessageKind, setHandled } from "#server/content/inbox";
import { MESSAGES_HOME } from "~/components/store/inbox";
import { translator } from "~/i18n/translator.server";
import { backToConsole, requireManager, staffSessionStorage } from "~/web/auth.server";
import type { Notice } from "~/web/session.server";

/**
 * The glue of the managers' customer-care inbox (issue 14, beyond the spec): /store/messages lists the contact
 * messages and survey answers, newest first, filtered by a GET form (kind, open or handled, outlet) and a page at a
 * time (`?page=`); /store/messages/:kind/:id shows one with a button that marks it handled (or open again): a plain
 * post with the CSRF token, a 303 back to it with a notice. Managers only (customer care is the chain's, like the
 * coupons and the content): other staff get a 403, like the other managers' pages (docs/store-console.md).
 */
/** A filter's value the form does not offer is read as no filter (an old link, a hand-typed URL): never an error. */
const filterSchema = z.object({
  kind: z.enum(MESSAGE_KINDS).optional().catch(undefined),
  state: z.enum(MESSAGE_STATES).optional().catch(undefined),
  outlet: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,32}$/)
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export async function messageListPage(request: Request) {
  const { db, session, lng } = await requireManager(request);
  const { page, ...filter } = filterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await listInbox(db, filter, page);
  if (!list) throw json(null, { status: 404 });
  const notice = session.get("notice") ?? null;
  return json(
    {
      title: translator(lng, "store")("messages.list.title"),
      lng,
      timeZone: COUPON_TIME_ZONE,
      filter,
      outlets: [...(await contactOutlets(db)), { code: NO_OUTLET, name: null }],
      items: list.items.map((item) => ({ ...item, createdAt: item.createdAt.toISOString(), handledAt: item.handledAt?.toISOString() ?? null })),
      page: list.page,
      pages: list.pages,
      total: list.total,
      notice,
    },
    notice ? { headers: { "Set-Cookie": await staffSessionStorage.commitSession(session) } } : undefined,
  );
}

/** The item a path names (/store/messages/contact/12, /store/messages/survey/34); anything else a 404. */
function messageParams(params: { kind?: string; id?: string }): { kind: MessageKind; id: number } {
  const kind = MESSAGE_KINDS.find((k) => k === params.kind);
  const id = /^[1-9]\d{0,8}$/.test(params.id ?? "") ? Number(params.id) : null;
  if (!kind || id === null || id > 2_147_483_647) throw json(null, { status: 404 });
  return { kind, id };
}

export async function messagePage(request: Request, params: { kind?: string; id?: string }) {
  const { db, session, lng } = await requireManager(request);
  const { kind, id } = messageParams(params);
  const message = await inboxMessage(db, kind, id);
  if (!message) throw json(null, { status: 404 });
  const notice = session.get("notice") ?? null;
  const t = translator(lng, "store");
  return json(
    {
      title: t(`messages.detail.title.${kind}`, { id: kind === "survey" ? message.orderNumber : id }),
      lng,
      timeZone: COUPON_TIME_ZONE,
      message: { ...message, createdAt: message.createdAt.toISOString(), handledAt: message.handledAt?.toISOString() ?? null },
      notice,
    },
    notice ? { headers: { "Set-Cookie": await staffSessionStorage.commitSession(session) } } : undefined,
  );
}

export const messageIntentSchema = z.object({ intent: z.enum(["handle", "reopen"]) });

export async function messageAction(request: Request, params: { kind?: string; id?: string }) {
  const { db, session, staff } = await requireManager(request);
  const { kind, id } = messageParams(params);
  const parsed = messageIntentSchema.safeParse(Object.fromEntries(await request.formData()));
  const refuse = (key: string, status: number) => json({ notice: { tone: "error", key: `store:messages.notice.${key}` } satisfies Notice as Notice }, { status });
  if (!parsed.success) return refuse("invalid", 400);
  const handled = parsed.data.intent === "handle";
  const outcome = await setHandled(db, { kind, id, handled, staffId: staff.id, now: now() });
  if (outcome === "missing") throw json(null, { status: 404 });
  // Someone marked it meanwhile (another tab, a colleague): the page shows its state now.
  if (outcome === "unchanged") return refuse(handled ? "alreadyHandled" : "alreadyOpen", 409);
  return backToConsole(session, `${MESSAGES_HOME}/${kind}/${id}`, { tone: "success", key: `store:messages.notice.${handled ? "handled" : "reopened"}` });
}
