import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { now } from "#server/clock";
import { couponChoices, couponForEdit, listCoupons, saveCoupon, setCouponActive } from "#server/coupons/admin";
import { COUPON_TIME_ZONE, COUPON_TYPE_LIST, couponFormSchema, GROUP_OF_TYPE } from "#server/coupons/admin-form";
import { couponStatusSchema } from "~/components/store/schemas";
import { translator } from "~/i18n/translator.server";
import { backToConsole, requireManager, staffSessionStorage } from "~/web/auth.server";
import type { Notice } from "~/web/session.server";

/**
 * The glue of the managers' coupon pages (issue 12 point 8): /store/coupons (the list, and its pause and resume
 * buttons), /store/coupons/new and /store/coupons/:id (the form). Managers only (`requireManager`: others a 403);
 * the rows are read and written by server/coupons/admin.ts, the form is read by server/coupons/admin-form.ts.
 * Success is a 303 to the list with a notice; a refusal is the form again with the messages beside their fields
 * (400 for what the form itself refuses, 422 for what the database does: a code taken, a product that is gone).
 */
export const COUPONS_HOME = "/store/coupons";

export async function couponListPage(request: Request) {
  const { db, session, staff, lng } = await requireManager(request);
  const notice = session.get("notice") ?? null;
  return json(
    {
      title: translator(lng, "store")("coupons.list.title"),
      lng,
      timeZone: COUPON_TIME_ZONE,
      coupons: await listCoupons(db, staff, lng),
      notice,
    },
    notice ? { headers: { "Set-Cookie": await staffSessionStorage.commitSession(session) } } : undefined,
  );
}

/** A pause or resume button: back to the list with a notice; a forged post a 400, an unknown coupon a 404. */
export async function couponStatusAction(request: Request) {
  const { db, session, staff } = await requireManager(request);
  const parsed = couponStatusSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return json({ notice: { tone: "error", key: "store:coupons.notice.invalid" } satisfies Notice as Notice }, { status: 400 });
  const { intent, id } = parsed.data;
  const code = await setCouponActive(db, staff, { id, active: intent === "resume", now: now() });
  if (!code) return json({ notice: { tone: "error", key: "store:coupons.notice.missing" } satisfies Notice as Notice }, { status: 404 });
  return backToConsole(session, COUPONS_HOME, { tone: "success", key: `store:coupons.notice.${intent === "pause" ? "paused" : "resumed"}`, values: { code } });
}

/** The id in /store/coupons/:id, or a 404. */
function couponId(param: string | undefined): number {
  const id = /^\d{1,10}$/.test(param ?? "") ? Number(param) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw json(null, { status: 404 });
  return id;
}

/** The form page: empty for a new coupon, the coupon's values (and its uses) for /store/coupons/:id. */
export async function couponFormPage(request: Request, param?: string) {
  const { db, staff, lng } = await requireManager(request);
  const t = translator(lng, "store");
  const coupon = param === undefined ? null : await couponForEdit(db, staff, couponId(param));
  if (coupon === undefined) throw json(null, { status: 404 });
  return json({
    title: coupon ? t("coupons.form.editTitle", { code: coupon.code }) : t("coupons.form.newTitle"),
    coupon: coupon && { id: coupon.id, code: coupon.code, active: coupon.active, uses: coupon.uses },
    defaultValue: coupon?.values ?? { type: "", freeQuantity: "1" },
    types: COUPON_TYPE_LIST.map((type) => ({ type, group: GROUP_OF_TYPE[type] })),
    choices: await couponChoices(db, staff, lng),
  });
}

/** Saves the form: a new coupon, or the coupon of /store/coupons/:id (its uses and its pause kept). */
export async function couponFormAction(request: Request, param?: string) {
  const { db, session, staff } = await requireManager(request);
  const id = param === undefined ? undefined : couponId(param);
  const submission = parseWithZod(await request.formData(), { schema: couponFormSchema(COUPON_TIME_ZONE) });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const outcome = await saveCoupon(db, staff, { id, draft: submission.value, now: now() });
  if ("missing" in outcome) throw json(null, { status: 404 });
  if (!outcome.ok) return json({ result: submission.reply({ fieldErrors: outcome.errors as Record<string, string[]> }) }, { status: 422 });
  return backToConsole(session, COUPONS_HOME, {
    tone: "success",
    key: id === undefined ? "store:coupons.notice.created" : "store:coupons.notice.saved",
    values: { code: outcome.code },
  });
}
