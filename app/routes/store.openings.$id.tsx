import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { RevisionInput } from "~/components/console/Revision";
import { TextAreaField } from "~/components/console/TextAreaField";
import { Field } from "~/components/ui/Field";
import { FieldError } from "~/components/ui/FieldError";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { openingFormAction, openingFormPage } from "~/web/store-openings.server";
import { EDITOR_LANGUAGES } from "~/components/console/languages";
import { useLazyValidation } from "~/lazy-validation";

const loadOpeningFormSchema = () => import("~/components/store/editor-schemas").then((m) => m.openingFormSchema);

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /store/openings/new and /store/openings/:id (managers only, beyond the spec): a job opening's code, outlet and order,
 * and per language its title and Markdown description (Spanish required). "Preview" shows it as /careers/:id will,
 * in the console's language, nothing saved; "Save" stores it and goes back to the list. Plain posts: no JavaScript needed.
 */
export const handle = { layout: "bare", i18n: ["validation"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return openingFormPage(request, params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return openingFormAction(request, params.id);
}

type Preview = { title: string; html: string; outlet: { name: string; street: string; city: string } };

export default function EditOpening() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["store", "common"]);
  const [form, fields] = useForm({
    id: `opening-${data.opening?.id ?? "new"}`,
    lastResult: actionData?.result,
    defaultValue: data.defaultValue,
    onValidate: useLazyValidation(loadOpeningFormSchema),
    shouldRevalidate: "onBlur",
  });
  const preview: Preview | null | undefined = actionData?.preview;
  return (
    <div className="console opening-editor">
      <p>
        <Link to="/store/openings">{t("openings.form.back")}</Link>
      </p>
      <h1>{data.title}</h1>
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <RevisionInput loaded={data.revision} actionData={actionData} />
        <Field field={fields.code} label={t("openings.form.code")} description={t("openings.form.codeHelp")} required dir="ltr" />
        <div className="field">
          <label htmlFor={fields.outletId.id}>{t("openings.form.outlet")}</label>
          <select {...getSelectProps(fields.outletId)} key={fields.outletId.key}>
            <option value="">{t("openings.form.chooseOutlet")}</option>
            {data.outlets.map((outlet) => (
              <option key={outlet.id} value={outlet.id}>
                {outlet.name} ({outlet.city})
              </option>
            ))}
          </select>
          <FieldError field={fields.outletId} />
        </div>
        <Field field={fields.position} label={t("banners.form.order")} type="number" min={0} max={9999} />
        {EDITOR_LANGUAGES.map(([suffix, lng]) => (
          <fieldset key={lng} className="field panel" lang={lng}>
            <legend>{t(`common:language.names.${lng}`)}</legend>
            <Field field={fields[`title${suffix}`]} label={t("openings.form.title")} required={lng === "es"} dir="auto" />
            <TextAreaField field={fields[`description${suffix}`]} label={t("openings.form.description")} hint={t("content.edit.bodyHelp")} rows={10} lang={lng} />
          </fieldset>
        ))}
        <p className="form-actions">
          <button type="submit" name="intent" value="preview" className="button button-quiet">
            {t("banners.form.preview")}
          </button>
          <button type="submit" name="intent" value="save" className="button">
            {t("banners.form.save")}
          </button>
        </p>
      </Form>
      {preview ? (
        <section className="content-preview" aria-labelledby="opening-preview-title">
          <h2 id="opening-preview-title">{t("banners.form.previewTitle")}</h2>
          <article className="content-page" aria-label={preview.title}>
            <p className="content-preview-heading">{preview.title}</p>
            <p className="muted">{t("openings.form.where", preview.outlet)}</p>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server rendered and sanitised this Markdown, as for customers */}
            <div className="content-body" dangerouslySetInnerHTML={{ __html: preview.html }} />
          </article>
        </section>
      ) : null}
    </div>
  );
}
