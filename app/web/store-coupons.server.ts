import { parseWithZod } from "~/web/forms.server";
import { json } from "@remix-run/node";
import { now } from "#server/clock";
import { couponChoices, couponForEdit, listCoupons, saveCoupon, setCouponActive } from "#server/coupons/admin";
import { COUPON_TIME_ZONE, COUPON_TYPE_LIST, couponFormSchema, GROUP_OF_TYPE } from "#server/coupons/admin-form";
import { translator } from "~/i18n/translator.server";
import { backToConsole, requireManager } from "~/web/auth.server";
import { consoleListPage, rowId, switchAction } from "~/web/store-console.server";

/**
 * The glue of the managers' coupon pages (issue 12 point 8): /store/coupons (the list, and its pause and resume
 * buttons), /store/coupons/new and /store/coupons/:id (the form). Managers only (`requireManager`: others a 403);
 * the rows are read and written by server/coupons/admin.ts, the form is read by server/coupons/admin-form.ts.
 * Success is a 303 to the list with a notice; a refusal is the form again with the messages beside their fields
 * (400 for what the form itself refuses, 422 for what the database does: a code taken, a product that is gone).
 */
export const COUPONS_HOME = "/store/coupons";

export function couponListPage(request: Request) {
  return consoleListPage(request, "coupons", ({ db, staff, lng }) => listCoupons(db, staff, lng));
}

/** A pause or resume button: back to the list with a notice; a forged post a 400, an unknown coupon a 404. */
export function couponStatusAction(request: Request) {
  return switchAction(request, {
    ns: "coupons",
    home: COUPONS_HOME,
    key: rowId,
    flip: async (db, change) => {
      const code = await setCouponActive(db, change.staff, { id: change.key, active: change.on, now: change.now });
      return code ? { code } : false;
    },
  });
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
