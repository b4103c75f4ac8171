import { parseWithZod } from "~/web/forms.server";
import { json } from "@remix-run/node";
import { now } from "#server/clock";
import { answerSurvey, surveyFor } from "#server/content/feedback";
import { surveySchema } from "#server/content/feedback-rules";
import { translator } from "~/i18n/translator.server";
import { redirectWith, storefront } from "~/web/storefront.server";

/**
 * /crs/:mode?/:sub? glue (the spec names the route, not its purpose; docs/design.md): the satisfaction survey of a
 * completed order. `/crs` explains it; `/crs/order/<order uuid>` (the tracker's link once the order is delivered or
 * picked up) shows the survey, or where it stands; anything else is a 404.
 */
const notFound = () => json({ code: "ORDER-1" }, { status: 404 });

export const surveyPath = (uuid: string) => `/crs/order/${uuid}`;

export async function surveyPage(request: Request, params: { mode?: string; sub?: string }) {
  const store = await storefront(request);
  const title = translator(store.lng, "content")("survey.title");
  if (params.mode === undefined && params.sub === undefined) return json({ title, survey: null, sent: false });
  if (params.mode !== "order" || params.sub === undefined) throw notFound();
  const survey = await surveyFor(store.db, params.sub);
  if (!survey) throw notFound();
  return json({ title, survey, sent: new URL(request.url).searchParams.get("sent") === "1" });
}

export async function surveyAction(request: Request, params: { mode?: string; sub?: string }) {
  const store = await storefront(request);
  if (params.mode !== "order" || params.sub === undefined) throw notFound();
  const submission = parseWithZod(await request.formData(), { schema: surveySchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const outcome = await answerSurvey(store.db, params.sub, { ...submission.value, lng: store.lng }, now());
  if (outcome === "notFound") throw notFound();
  if (outcome === "saved") return redirectWith(store.session, `${surveyPath(params.sub.toLowerCase())}?sent=1`);
  // A second answer, or an order that is not completed: the page says so (409: the order's state refuses it).
  const survey = await surveyFor(store.db, params.sub);
  const key = outcome === "answered" ? "content:survey.answered" : survey?.state === "closed" ? "content:survey.closed" : "content:survey.notYet";
  return json({ result: submission.reply({ formErrors: [key] }) }, { status: 409 });
}
