import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { surveyAction, surveyPage } from "~/web/survey.server";
import { lazyForm, withFormPreload } from "~/lazy-form";

// The form (conform, its inline validation) arrives after the page's first load (app/lazy-form.tsx).
const SurveyForm = lazyForm(() => import("~/components/feedback/SurveyForm").then((m) => m.SurveyForm));
export const clientLoader = withFormPreload(SurveyForm);

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /crs/:mode?/:sub?: the satisfaction survey of a completed order (the spec does not say what the route is for; the
 * decision is in docs/design.md). `/crs/order/<order uuid>` rates the food and the delivery or the service at the
 * store from 1 to 5, with an optional comment, once per order; `/crs` says what the survey is. Plain posts: 400 with
 * the translated errors, 409 when the order was already rated (or is not completed), 303 to `?sent=1` after success.
 */
export const handle = { layout: "simple", i18n: ["content", "validation"], noStore: true };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return surveyPage(request, params);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return surveyAction(request, params);
}

export default function Survey() {
  const { survey, sent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("content");
  if (!survey) {
    return (
      <div className="feedback-page">
        <h1>{t("survey.aboutTitle")}</h1>
        <p>{t("survey.about")}</p>
        <p>
          <Link to="/tracking">{t("survey.lookup")}</Link>
        </p>
      </div>
    );
  }
  const tracker = (
    <p>
      <Link to={`/tracker-order/${survey.uuid}`}>{t("survey.tracker")}</Link>
    </p>
  );
  return (
    <div className="feedback-page">
      <h1>{t("survey.orderTitle", { number: survey.number })}</h1>
      {survey.state === "open" ? (
        <>
          <p>{t("survey.intro", { outlet: survey.outletName })}</p>
          <SurveyForm orderType={survey.orderType} lastResult={actionData?.result} />
        </>
      ) : (
        <p role="status" className="notice notice-info">
          {survey.state === "answered" ? t(sent ? "survey.thanks" : "survey.answered") : t(`survey.${survey.state}`)}
        </p>
      )}
      {tracker}
    </div>
  );
}
