import { parseWithZod } from "~/web/forms.server";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { json } from "@remix-run/node";
import { now } from "#server/clock";
import { BANNER_POSITIONS, BANNER_SIZE, bannerById, listBanners, saveBanner, setBannerActive, type BannerValues } from "#server/content/banners";
import { siteLink } from "#server/content/links";
import { scheduleState } from "#server/content/schedule";
import { COUPON_TIME_ZONE, instantToLocal, localToInstant } from "#server/coupons/admin-form";
import type { I18nText } from "#server/db/types";
import { bannerFormSchema, type BannerForm } from "~/components/store/banner-schema";
import { translator } from "~/i18n/translator.server";
import { backToConsole, requireManager } from "~/web/auth.server";
import { publicUrl } from "~/web/mail.server";
import { revisionOf } from "#server/content/revision";
import { consoleListPage, editConflict, formRevision, rowId, switchAction } from "~/web/store-console.server";

/**
 * The glue of the managers' banners (issue 14 point 8, beyond the spec): /store/banners lists them with their
 * schedule's state and a pause or resume button; /store/banners/new and /store/banners/:id edit one (per language
 * its alt text, headline and link; its picture, position, order and schedule) with a preview (intent "preview": the
 * banner as customers will see it, nothing saved). Managers only: others a 403. Saved: 303 to the list with a notice.
 */
export const BANNERS_HOME = "/store/banners";

/** The public pictures a banner may use (public/images/banners, then the products'), for the form's suggestions. */
export function publicImages(): string[] {
  const root = join(process.cwd(), "public", "images");
  const list = (dir: string) => {
    try {
      return readdirSync(join(root, dir))
        .filter((name) => /\.(svg|png|jpe?g|webp)$/.test(name))
        .sort()
        .map((name) => `/images/${dir}/${name}`);
    } catch {
      return [];
    }
  };
  return [...list("banners"), ...list("products")];
}

/**
 * A picture path (its form already checked: under /images/, no "..") that names no file of public/: customers would
 * see a broken picture (content review, 2026-11-29). Its problem goes to `errors`.
 */
export function checkImageExists(image: string | undefined, errors: Record<string, string[]>): void {
  if (image && !errors.image && !existsSync(join(process.cwd(), "public", image))) errors.image = ["store:banners.v.imageMissing"];
}

export function bannerListPage(request: Request) {
  return consoleListPage(request, "banners", async ({ db, at }) =>
    (await listBanners(db)).map((b) => ({
      id: b.id,
      position: b.position,
      image: b.image,
      alt: b.alt.es,
      title: b.title.es ?? null,
      sortOrder: b.sortOrder,
      active: b.active,
      state: scheduleState(b, at),
      startsAt: b.startsAt ? b.startsAt.toISOString() : null,
      endsAt: b.endsAt ? b.endsAt.toISOString() : null,
    })),
  );
}

export function bannerStatusAction(request: Request) {
  return switchAction(request, {
    ns: "banners",
    home: BANNERS_HOME,
    key: rowId,
    flip: (db, change) => setBannerActive(db, { id: change.key, active: change.on, staffId: change.staff.id, now: change.now }),
  });
}

/** "new", or the id in /store/banners/:id (and /store/campaigns/:id); anything else a 404. */
export function consoleParam(param: string | undefined): number | "new" {
  if (param === "new") return "new";
  const id = /^\d{1,9}$/.test(param ?? "") ? Number(param) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw json(null, { status: 404 });
  return id;
}

export const local = (date: Date | null) => (date ? instantToLocal(date.toISOString(), COUPON_TIME_ZONE) : undefined);

export async function bannerFormPage(request: Request, param: string | undefined) {
  const { db, lng } = await requireManager(request);
  const t = translator(lng, "store");
  const which = consoleParam(param);
  const banner = which === "new" ? null : await bannerById(db, which);
  if (banner === null && which !== "new") throw json(null, { status: 404 });
  const defaultValue: Partial<Record<Exclude<keyof BannerForm, "intent">, string>> = banner
    ? {
        position: banner.position,
        image: banner.image,
        altEs: banner.alt.es,
        altEn: banner.alt.en,
        altAr: banner.alt.ar,
        titleEs: banner.title.es,
        titleEn: banner.title.en,
        titleAr: banner.title.ar,
        linkEs: banner.link.es,
        linkEn: banner.link.en,
        linkAr: banner.link.ar,
        sortOrder: String(banner.sortOrder),
        startsAt: local(banner.startsAt),
        endsAt: local(banner.endsAt),
      }
    : { position: "home_hero", sortOrder: "0" };
  return json({
    title: banner ? t("banners.form.editTitle", { id: banner.id }) : t("banners.form.newTitle"),
    banner: banner && { id: banner.id, active: banner.active },
    revision: banner ? revisionOf(banner.updatedAt) : null,
    defaultValue,
    positions: BANNER_POSITIONS,
    images: publicImages(),
  });
}

/** A form's schedule (local date-times in the chain's zone) as instants; its problems are added to `errors`. */
export function scheduleOf(form: { startsAt?: string; endsAt?: string }, errors: Record<string, string[]>): { startsAt: Date | null; endsAt: Date | null } {
  const instant = (field: "startsAt" | "endsAt") => {
    const text = form[field];
    if (!text) return null;
    const iso = localToInstant(text, COUPON_TIME_ZONE);
    if (!iso) errors[field] = ["store:banners.v.dateTime"];
    return iso ? new Date(iso) : null;
  };
  const startsAt = instant("startsAt");
  const endsAt = instant("endsAt");
  if (startsAt && endsAt && endsAt <= startsAt) errors.endsAt = ["store:banners.v.endsBeforeStart"];
  return { startsAt, endsAt };
}

/**
 * A form the schema refused, answered with the checks that come after the schema's too (`later`: the schedule, the
 * links), for the fields the schema found nothing wrong with: every mistake shows at once, not a second round after
 * the first is mended.
 */
export function refusedWithLaterChecks(
  submission: { payload: Record<string, unknown>; error?: Record<string, string[] | null> | null; reply: (options?: { fieldErrors: Record<string, string[]> }) => unknown },
  later: (form: Record<string, string | undefined>, errors: Record<string, string[]>) => unknown,
) {
  const raw = Object.fromEntries(Object.entries(submission.payload).map(([key, value]) => [key, typeof value === "string" ? value : undefined]));
  const errors: Record<string, string[]> = {};
  later(raw, errors);
  const fieldErrors = Object.fromEntries(Object.entries(errors).filter(([field]) => !submission.error?.[field]?.length));
  return submission.reply(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : undefined);
}

/** The languages' texts that are not empty. */
export const texts = (es: string | undefined, en: string | undefined, ar: string | undefined) =>
  Object.fromEntries(Object.entries({ es, en, ar }).filter(([, v]) => v)) as Partial<I18nText>;

/** A banner form's checks after its schema's: the schedule and the links (this site's); problems go to `errors`. */
function bannerChecks(form: { image?: string; startsAt?: string; endsAt?: string; linkEs?: string; linkEn?: string; linkAr?: string }, errors: Record<string, string[]>) {
  checkImageExists(form.image, errors);
  const { startsAt, endsAt } = scheduleOf(form, errors);
  const link: Partial<I18nText> = {};
  for (const [field, lng] of [["linkEs", "es"], ["linkEn", "en"], ["linkAr", "ar"]] as const) {
    const text = form[field];
    if (!text) continue;
    const path = siteLink(text, publicUrl());
    if (path) link[lng] = path;
    else errors[field] = ["store:banners.v.link"];
  }
  return { startsAt, endsAt, link };
}

/** The form's values as a banner's, or the messages per field (dates in the chain's zone, links of this site). */
function bannerValues(form: BannerForm): { ok: true; values: BannerValues } | { ok: false; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const { startsAt, endsAt, link } = bannerChecks(form, errors);
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    values: {
      position: form.position,
      image: form.image,
      alt: { es: form.altEs, ...texts(undefined, form.altEn, form.altAr) },
      title: texts(form.titleEs, form.titleEn, form.titleAr),
      link,
      sortOrder: form.sortOrder,
      startsAt,
      endsAt,
    },
  };
}

export async function bannerFormAction(request: Request, param: string | undefined) {
  const { db, session, staff } = await requireManager(request);
  const which = consoleParam(param);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: bannerFormSchema });
  if (submission.status !== "success") return json({ result: refusedWithLaterChecks(submission, bannerChecks), preview: null }, { status: 400 });
  const outcome = bannerValues(submission.value);
  if (!outcome.ok) return json({ result: submission.reply({ fieldErrors: outcome.errors }), preview: null }, { status: 400 });
  const v = outcome.values;
  if (submission.value.intent === "preview") {
    const size = BANNER_SIZE[v.position];
    return json({
      result: submission.reply(),
      preview: { id: 0, image: v.image, ...size, alt: v.alt.es, title: v.title.es ?? null, href: v.link.es ?? null },
    });
  }
  const id = await saveBanner(db, { id: which === "new" ? undefined : which, values: v, staffId: staff.id, now: now(), revision: formRevision(form) });
  if (id === null) throw json(null, { status: 404 });
  if (id === "changed") {
    const current = which === "new" ? null : await bannerById(db, which);
    if (!current) throw json(null, { status: 404 });
    return editConflict(submission.reply(), current.updatedAt);
  }
  return backToConsole(session, BANNERS_HOME, { tone: "success", key: which === "new" ? "store:banners.notice.created" : "store:banners.notice.saved", values: { id } });
}
