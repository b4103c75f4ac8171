import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { RevisionInput } from "~/components/console/Revision";
import { Field } from "~/components/ui/Field";
import { FieldError } from "~/components/ui/FieldError";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { contentEditAction, contentEditPage } from "~/web/store-content.server";
import { useLazyValidation } from "~/lazy-validation";

const loadContentSchema = () => import("~/components/store/schemas").then((m) => m.contentSchema);

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /store/content/:type/:lng (managers only, beyond the spec): a content page's title and Markdown text in one
 * language. "Preview" shows it rendered beside the form, exactly as customers will see it, without saving (a plain
 * post: it works without JavaScript); "Save" stores it and goes back to the list. Unknown pages or languages: 404.
 */
// A text of 50,000 characters of Arabic is 300 KB as a form (each letter two bytes, percent-encoded): its own limit.
export const handle = { layout: "bare", i18n: ["validation"], form: { maxBytes: 320 * 1024 } };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return contentEditPage(request, params);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return contentEditAction(request, params);
}

export default function EditContent() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("store");
  const [form, fields] = useForm({
    id: `content-${data.type}-${data.language}`,
    lastResult: actionData?.result,
    defaultValue: data.defaultValue,
    onValidate: useLazyValidation(loadContentSchema),
    shouldRevalidate: "onBlur",
  });
  const preview = actionData?.preview;
  return (
    <div className="console content-editor">
      <p>
        <Link to="/store/content">{t("content.edit.back")}</Link>
      </p>
      <h1>{data.title}</h1>
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <RevisionInput loaded={data.revision} actionData={actionData} />
        <Field field={fields.title} label={t("content.edit.fieldTitle")} required dir="auto" />
        <div className="field">
          <label htmlFor={fields.body.id}>{t("content.edit.fieldBody")}</label>
          <textarea
            {...getTextareaProps(fields.body, { ariaDescribedBy: `${fields.body.id}-description` })}
            key={fields.body.key}
            rows={18}
            dir="auto"
            lang={data.language}
          />
          <p id={`${fields.body.id}-description`} className="hint">
            {t("content.edit.bodyHelp")}
          </p>
          <FieldError field={fields.body} values={{ max: String(data.bodyMax) }} />
        </div>
        <p className="form-actions">
          <button type="submit" name="intent" value="preview" className="button button-quiet">
            {t("content.edit.preview")}
          </button>
          <button type="submit" name="intent" value="save" className="button">
            {t("content.edit.save")}
          </button>
        </p>
      </Form>
      {preview ? (
        <section className="content-preview" aria-labelledby="content-preview-title">
          <h2 id="content-preview-title">{t("content.edit.previewTitle")}</h2>
          <article className="content-page" lang={data.language} aria-label={preview.title}>
            <p className="content-preview-heading">{preview.title}</p>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server rendered and sanitised this Markdown, as for customers */}
            <div className="content-body" dangerouslySetInnerHTML={{ __html: preview.html }} />
          </article>
        </section>
      ) : null}
    </div>
  );
}
