import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { RevisionInput } from "~/components/console/Revision";
import type { Topic } from "#server/content/topics";
import { TextAreaField } from "~/components/console/TextAreaField";
import { Field } from "~/components/ui/Field";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { topicFormAction, topicFormPage } from "~/web/store-topics.server";
import { EDITOR_LANGUAGES } from "~/components/console/languages";
import { useLazyValidation } from "~/lazy-validation";

const loadTopicFormSchema = () => import("~/components/store/editor-schemas").then((m) => m.topicFormSchema);

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /store/topics/new and /store/topics/:slug (managers only, beyond the spec): an article's address (set once), its
 * date (a later one schedules it), and per language its title, summary and Markdown body (Spanish required; a
 * language left empty has no text). "Preview" shows it as /topic/:name will, nothing saved; "Save" stores it and goes
 * back to the list. Plain posts: the form works without JavaScript.
 */
export const handle = { layout: "bare", i18n: ["validation"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return topicFormPage(request, params.slug);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return topicFormAction(request, params.slug);
}

export default function EditTopic() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["store", "common"]);
  const [form, fields] = useForm({
    id: `topic-${data.topic?.slug ?? "new"}`,
    lastResult: actionData?.result,
    defaultValue: data.defaultValue,
    onValidate: useLazyValidation(loadTopicFormSchema),
    shouldRevalidate: "onBlur",
  });
  const preview: Topic[] | null | undefined = actionData?.preview;
  return (
    <div className="console topic-editor">
      <p>
        <Link to="/store/topics">{t("topics.form.back")}</Link>
      </p>
      <h1>{data.title}</h1>
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <RevisionInput loaded={data.revision} actionData={actionData} />
        <Field field={fields.slug} label={t("topics.form.slug")} description={t("topics.form.slugHelp")} required readOnly={data.topic !== null} dir="ltr" />
        <Field field={fields.publishedAt} label={t("topics.form.publishedAt")} type="datetime-local" description={t("topics.form.publishedAtHelp")} required />
        {EDITOR_LANGUAGES.map(([suffix, lng]) => (
          <fieldset key={lng} className="field panel" lang={lng}>
            <legend>{t(`common:language.names.${lng}`)}</legend>
            <Field field={fields[`title${suffix}`]} label={t("topics.form.title")} required={lng === "es"} dir="auto" />
            <Field field={fields[`summary${suffix}`]} label={t("topics.form.summary")} dir="auto" />
            <TextAreaField field={fields[`body${suffix}`]} label={t("topics.form.body")} hint={t("content.edit.bodyHelp")} rows={12} lang={lng} />
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
        <section className="content-preview" aria-labelledby="topic-preview-title">
          <h2 id="topic-preview-title">{t("banners.form.previewTitle")}</h2>
          {preview.map((article) => (
            <article key={article.lng} className="content-page" lang={article.lng} aria-label={article.title}>
              <p className="content-preview-heading">{article.title}</p>
              {article.summary ? <p className="muted">{article.summary}</p> : null}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server rendered and sanitised this Markdown, as for customers */}
              <div className="content-body" dangerouslySetInnerHTML={{ __html: article.html }} />
            </article>
          ))}
        </section>
      ) : null}
    </div>
  );
}
