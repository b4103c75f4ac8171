import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { z } from "zod";
import { RATINGS } from "~/components/feedback/fields";
import type { surveySchema } from "~/components/feedback/schemas";
import type { AnyField } from "~/components/ui/Field";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { FieldError } from "~/components/ui/FieldError";
import { useTranslation } from "~/i18n/react";
import { useLazyValidation } from "~/lazy-validation";

const loadSurveySchema = () => import("~/components/feedback/schemas").then((m) => m.surveySchema);

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

/** The satisfaction survey of an order on /crs/order/:uuid (the route loads it after the page's first load: app/lazy-form.tsx). */
export function SurveyForm({ orderType, lastResult }: { orderType: "D" | "C"; lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const { t } = useTranslation(["content", "validation"]);
  const [form, fields] = useForm<SurveyFields>({
    id: "survey",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadSurveySchema),
  });
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Form method="post" {...getFormProps(form)} className="panel feedback-form">
      {/* A rating's link leads to its first choice (a fieldset takes no focus). */}
      <ErrorSummary
        formId={form.id}
        shown={lastResult?.status === "error"}
        fields={[
          { id: `${fields.food.id}-${RATINGS[0]}`, label: t("survey.food"), errors: fields.food.errors },
          { id: `${fields.service.id}-${RATINGS[0]}`, label: t(orderType === "D" ? "survey.serviceD" : "survey.serviceC"), errors: fields.service.errors },
          { id: fields.comment.id, label: t("survey.comment"), errors: fields.comment.errors },
        ]}
      />
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
