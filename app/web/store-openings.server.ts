import { parseWithZod } from "~/web/forms.server";
import { revisionOf } from "#server/content/revision";
import { json } from "@remix-run/node";
import { listOpeningsAdmin, openingById, openingOutlets, type OpeningValues, saveOpening, setOpeningOpen } from "#server/careers/openings";
import { renderMarkdown } from "#server/content/markdown";
import { localize } from "#server/i18n/text";
import { type OpeningForm, openingFormSchema } from "~/components/store/editor-schemas";
import { translator } from "~/i18n/translator.server";
import { backToConsole, requireManager } from "~/web/auth.server";
import { consoleParam, texts } from "~/web/store-banners.server";
import { consoleListPage, editConflict, formRevision, rowId, switchAction } from "~/web/store-console.server";
import { now } from "#server/clock";

/**
 * The glue of the managers' job openings (issue 14 point 8, beyond the spec), as the banners': /store/openings lists
 * every opening by outlet, open or closed, with a close/reopen switch (a closed one leaves /careers at once);
 * /store/openings/new and /store/openings/:id edit one (its code, outlet, order, per language its title and Markdown
 * description, Spanish required) with a preview (as /careers/:id shows it, nothing saved).
 */
export const OPENINGS_HOME = "/store/openings";

export function openingListPage(request: Request) {
  return consoleListPage(request, "openings", async ({ db, lng }) =>
    (await listOpeningsAdmin(db)).map((o) => ({ id: o.id, code: o.code, title: localize(o.title, lng), outlet: o.outlet.name, position: o.position, open: o.open })),
  );
}

export function openingStatusAction(request: Request) {
  return switchAction(request, {
    ns: "openings",
    home: OPENINGS_HOME,
    key: rowId,
    flip: (db, change) => setOpeningOpen(db, { id: change.key, open: change.on, now: change.now }),
  });
}

export async function openingFormPage(request: Request, param: string | undefined) {
  const { db, lng } = await requireManager(request);
  const t = translator(lng, "store");
  const which = consoleParam(param);
  const opening = which === "new" ? null : await openingById(db, which);
  if (opening === null && which !== "new") throw json(null, { status: 404 });
  const defaultValue: Partial<Record<Exclude<keyof OpeningForm, "intent">, string>> = opening
    ? {
        code: opening.code,
        outletId: String(opening.outletId),
        titleEs: opening.title.es,
        titleEn: opening.title.en,
        titleAr: opening.title.ar,
        descriptionEs: opening.description.es,
        descriptionEn: opening.description.en,
        descriptionAr: opening.description.ar,
        position: String(opening.position),
      }
    : { position: "0" };
  const outlets = (await openingOutlets(db)).map((o) => ({ id: o.id, name: o.name, city: o.city }));
  return json({
    title: opening ? t("openings.form.editTitle", { code: opening.code }) : t("openings.form.newTitle"),
    opening: opening && { id: opening.id, open: opening.open },
    revision: opening ? revisionOf(opening.updatedAt) : null,
    defaultValue,
    outlets,
  });
}

export async function openingFormAction(request: Request, param: string | undefined) {
  const { db, session, lng } = await requireManager(request);
  const which = consoleParam(param);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: openingFormSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), preview: null }, { status: 400 });
  const form = submission.value;
  const outlet = (await openingOutlets(db)).find((o) => o.id === form.outletId);
  if (!outlet) return json({ result: submission.reply({ fieldErrors: { outletId: ["store:openings.v.outlet"] } }), preview: null }, { status: 400 });
  const values: OpeningValues = {
    code: form.code,
    outletId: outlet.id,
    title: { es: form.titleEs, ...texts(undefined, form.titleEn, form.titleAr) },
    description: { es: form.descriptionEs, ...texts(undefined, form.descriptionEn, form.descriptionAr) },
    position: form.position,
  };
  if (form.intent === "preview") {
    const preview = { title: localize(values.title, lng), html: renderMarkdown(localize(values.description, lng)), outlet: { name: outlet.name, street: outlet.street, city: outlet.city } };
    return json({ result: submission.reply(), preview });
  }
  const id = await saveOpening(db, { id: which === "new" ? undefined : which, values, now: now(), revision: formRevision(formData) });
  if (id === null) throw json(null, { status: 404 });
  if (id === "changed") {
    const current = which === "new" ? null : await openingById(db, which);
    if (!current) throw json(null, { status: 404 });
    return editConflict(submission.reply(), current.updatedAt);
  }
  if (id === "taken") return json({ result: submission.reply({ fieldErrors: { code: ["store:openings.v.codeTaken"] } }), preview: null }, { status: 409 });
  return backToConsole(session, OPENINGS_HOME, { tone: "success", key: which === "new" ? "store:openings.notice.created" : "store:openings.notice.saved", values: { code: values.code } });
}
