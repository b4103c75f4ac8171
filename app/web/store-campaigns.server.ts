import { parseWithZod } from "~/web/forms.server";
import { json } from "@remix-run/node";
import { now } from "#server/clock";
import { campaignById, campaignChoices, campaignPreview, type CampaignValues, listCampaigns, saveCampaign, setCampaignActive } from "#server/content/campaigns";
import { scheduleState } from "#server/content/schedule";
import { type CampaignForm, campaignFormSchema } from "~/components/store/campaign-schema";
import { translator } from "~/i18n/translator.server";
import { backToConsole, requireManager } from "~/web/auth.server";
import { campaignView } from "~/web/promotions.server";
import { revisionOf } from "#server/content/revision";
import { consoleListPage, editConflict, formRevision, rowId, switchAction } from "~/web/store-console.server";
import { checkImageExists, consoleParam, local, publicImages, refusedWithLaterChecks, scheduleOf, texts } from "~/web/store-banners.server";

/**
 * The glue of the managers' campaigns (issue 14 point 8, beyond the spec), as the banners' (store-banners.server.ts):
 * /store/campaigns lists them with their schedule's state and a pause or resume button; /store/campaigns/new and
 * /store/campaigns/:id edit one (its name, per language its title, summary, Markdown terms and alt text; its picture,
 * products, coupons, order and schedule) with a preview (intent "preview": the campaign's page as customers will see
 * it, nothing saved). Managers only: others a 403. Saved: 303 to the list with a notice.
 */
export const CAMPAIGNS_HOME = "/store/campaigns";

export function campaignListPage(request: Request) {
  return consoleListPage(request, "campaigns", async ({ db, at }) =>
    (await listCampaigns(db)).map((c) => ({
      id: c.id,
      name: c.name,
      title: c.title.es,
      image: c.image,
      sortOrder: c.sortOrder,
      active: c.active,
      state: scheduleState(c, at),
      startsAt: c.startsAt ? c.startsAt.toISOString() : null,
      endsAt: c.endsAt ? c.endsAt.toISOString() : null,
    })),
  );
}

export function campaignStatusAction(request: Request) {
  return switchAction(request, {
    ns: "campaigns",
    home: CAMPAIGNS_HOME,
    key: rowId,
    flip: (db, change) => setCampaignActive(db, { id: change.key, active: change.on, staffId: change.staff.id, now: change.now }),
  });
}

type FormDefaults = Partial<Record<Exclude<keyof CampaignForm, "intent" | "productSkus" | "couponCodes">, string>> & { productSkus?: string[]; couponCodes?: string[] };

export async function campaignFormPage(request: Request, param: string | undefined) {
  const { db, lng } = await requireManager(request);
  const t = translator(lng, "store");
  const which = consoleParam(param);
  const campaign = which === "new" ? null : await campaignById(db, which);
  if (campaign === null && which !== "new") throw json(null, { status: 404 });
  const defaultValue: FormDefaults = campaign
    ? {
        name: campaign.name,
        titleEs: campaign.title.es,
        titleEn: campaign.title.en,
        titleAr: campaign.title.ar,
        summaryEs: campaign.summary.es,
        summaryEn: campaign.summary.en,
        summaryAr: campaign.summary.ar,
        termsEs: campaign.terms.es,
        termsEn: campaign.terms.en,
        termsAr: campaign.terms.ar,
        image: campaign.image,
        altEs: campaign.alt.es,
        altEn: campaign.alt.en,
        altAr: campaign.alt.ar,
        productSkus: campaign.productSkus,
        couponCodes: campaign.couponCodes,
        sortOrder: String(campaign.sortOrder),
        startsAt: local(campaign.startsAt),
        endsAt: local(campaign.endsAt),
      }
    : { sortOrder: "0", productSkus: [], couponCodes: [] };
  return json({
    title: campaign ? t("campaigns.form.editTitle", { name: campaign.name }) : t("campaigns.form.newTitle"),
    campaign: campaign && { id: campaign.id, name: campaign.name, active: campaign.active },
    revision: campaign ? revisionOf(campaign.updatedAt) : null,
    defaultValue,
    choices: await campaignChoices(db, lng),
    images: publicImages(),
  });
}

/** A campaign form's checks after its schema's: its picture is a file of the site, its schedule; problems go to `errors`. */
function laterChecks(form: { image?: string; startsAt?: string; endsAt?: string }, errors: Record<string, string[]>) {
  checkImageExists(form.image, errors);
  return scheduleOf(form, errors);
}

/** The form's values as a campaign's, or the messages per field (dates in the chain's zone). */
function campaignValues(form: CampaignForm): { ok: true; values: CampaignValues } | { ok: false; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const { startsAt, endsAt } = laterChecks(form, errors);
  if (Object.keys(errors).length) return { ok: false, errors };
  const unique = (list: string[]) => [...new Set(list)];
  return {
    ok: true,
    values: {
      name: form.name,
      title: { es: form.titleEs, ...texts(undefined, form.titleEn, form.titleAr) },
      summary: texts(form.summaryEs, form.summaryEn, form.summaryAr),
      terms: texts(form.termsEs, form.termsEn, form.termsAr),
      image: form.image,
      alt: { es: form.altEs, ...texts(undefined, form.altEn, form.altAr) },
      productSkus: unique(form.productSkus),
      couponCodes: unique(form.couponCodes),
      sortOrder: form.sortOrder,
      startsAt,
      endsAt,
    },
  };
}

export async function campaignFormAction(request: Request, param: string | undefined) {
  const { db, session, staff, lng } = await requireManager(request);
  const which = consoleParam(param);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: campaignFormSchema });
  if (submission.status !== "success") return json({ result: refusedWithLaterChecks(submission, laterChecks), preview: null }, { status: 400 });
  const outcome = campaignValues(submission.value);
  if (!outcome.ok) return json({ result: submission.reply({ fieldErrors: outcome.errors }), preview: null }, { status: 400 });
  const v = outcome.values;
  if (submission.value.intent === "preview") {
    return json({ result: submission.reply(), preview: campaignView(await campaignPreview(db, v, lng), lng) });
  }
  const saved = await saveCampaign(db, { id: which === "new" ? undefined : which, values: v, staffId: staff.id, now: now(), revision: formRevision(form) });
  if (!saved.ok) {
    if (saved.problem === "missing") throw json(null, { status: 404 });
    if (saved.problem === "changed") {
      const current = which === "new" ? null : await campaignById(db, which);
      if (!current) throw json(null, { status: 404 });
      return editConflict(submission.reply(), current.updatedAt);
    }
    const field = saved.problem === "nameTaken" ? "name" : saved.problem === "unknownProducts" ? "productSkus" : "couponCodes";
    return json({ result: submission.reply({ fieldErrors: { [field]: [`store:campaigns.v.${saved.problem}`] } }), preview: null }, { status: 400 });
  }
  return backToConsole(session, CAMPAIGNS_HOME, {
    tone: "success",
    key: which === "new" ? "store:campaigns.notice.created" : "store:campaigns.notice.saved",
    values: { name: v.name },
  });
}
