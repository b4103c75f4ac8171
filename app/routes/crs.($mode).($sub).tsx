import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { z } from "zod";
import type { surveySchema } from "~/components/feedback/schemas";
import { RATINGS } from "~/components/feedback/fields";
import type { AnyField } from "~/components/ui/Field";
import { FieldError } from "~/components/ui/FieldError";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { surveyAction, surveyPage } from "~/web/survey.server";
import { useLazyValidation } from "~/lazy-validation";

const loadSurveySchema = () => import("~/components/feedback/schemas").then((m) => m.surveySchema);

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
          <SurveyForm orderType={survey.orderType} />
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

type SurveyFields = z.input<typeof surveySchema>;

function RatingGroup({ field, legend }: { field: AnyField; legend: string }) {
  const { t } = useTranslation("content");
  return (
    <fieldset className="field" aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend>{legend}</legend>
      <div className="rating-options">
        {RATINGS.map((value) => (
          <div key={value}>
            <input
              {...getInputProps(field, { type: "radio", value: String(value), ariaDescribedBy: undefined })}
              id={`${field.id}-${value}`}
              key={`${field.key}-${value}`}
            />
            <label htmlFor={`${field.id}-${value}`}>{t(`survey.rating.${value}`)}</label>
          </div>
        ))}
      </div>
      <FieldError field={field} />
    </fieldset>
  );
}

function SurveyForm({ orderType }: { orderType: "D" | "C" }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation(["content", "validation"]);
  const [form, fields] = useForm<SurveyFields>({
    id: "survey",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadSurveySchema),
  });
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Form method="post" {...getFormProps(form)} className="panel feedback-form">
      <AuthenticityTokenInput />
      <div id={form.errorId} role="alert" className={form.errors?.length ? "notice notice-error" : undefined}>
        {form.errors?.map((key) => t(key)).join(" ")}
      </div>
      <RatingGroup field={fields.food} legend={t("survey.food")} />
      <RatingGroup field={fields.service} legend={t(orderType === "D" ? "survey.serviceD" : "survey.serviceC")} />
      <div className="field">
        <label htmlFor={fields.comment.id}>{t("survey.comment")}</label>
        <textarea {...getTextareaProps(fields.comment, { ariaDescribedBy: `${fields.comment.id}-description` })} key={fields.comment.key} rows={4} />
        <p id={`${fields.comment.id}-description`} className="hint">
          {t("survey.commentHint")}
        </p>
        <FieldError field={fields.comment} />
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("survey.busy") : t("survey.submit")}
      </button>
    </Form>
  );
}
