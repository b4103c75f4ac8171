import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { CAREERS_FORM_LIMIT_BYTES } from "~/components/careers/limits";
import { Field } from "~/components/ui/Field";
import { FieldError } from "~/components/ui/FieldError";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { careersAction, careersPage } from "~/web/careers.server";
import { useLazyValidation } from "~/lazy-validation";

const loadApplicationSchema = () => import("~/components/careers/schemas").then((m) => m.applicationSchema);

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /careers/:id? (spec section 2): without an id, the open openings grouped by outlet; with one, that opening and its
 * application form, a multipart form with a CV (a PDF of at most 2 MB). The rules: app/web/careers.server.ts.
 */
export const handle = { layout: "simple", i18n: ["careers", "validation"], form: { maxBytes: CAREERS_FORM_LIMIT_BYTES } };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return careersPage(request, params);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return careersAction(request, params, context);
}

export default function Careers() {
  const data = useLoaderData<typeof loader>();
  return data.opening ? <OpeningPage /> : <OpeningList />;
}

function OpeningList() {
  const { groups } = useLoaderData<typeof loader>();
  const { t } = useTranslation("careers");
  return (
    <div className="careers">
      <h1>{t("title")}</h1>
      <p>{t("lead")}</p>
      {!groups || groups.length === 0 ? <p>{t("none")}</p> : null}
      {groups?.map((group) => (
        <section key={group.outlet.code} aria-labelledby={`careers-${group.outlet.code}`} className="careers-outlet">
          <h2 id={`careers-${group.outlet.code}`}>{t("outlet", { outlet: group.outlet.name, city: group.outlet.city })}</h2>
          <ul>
            {group.openings.map((opening) => (
              <li key={opening.id}>
                <Link to={`/careers/${opening.id}`}>{opening.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function OpeningPage() {
  const { opening, cvMaxBytes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["careers", "validation"]);
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `application-${opening?.id}`,
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadApplicationSchema),
  });
  if (!opening) return null;
  const busy = navigation.state === "submitting";
  const sizeMb = String(Math.round(cvMaxBytes / (1024 * 1024)));
  return (
    <div className="careers">
      <p>
        <Link to="/careers">{t("back")}</Link>
      </p>
      <article aria-labelledby="opening-title" className="content-page">
        <h1 id="opening-title">{opening.title}</h1>
        <p className="muted">{t("where", { outlet: opening.outlet.name, street: opening.outlet.street, city: opening.outlet.city })}</p>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML the server rendered from Markdown and sanitised with an allow-list */}
        <div className="content-body" dangerouslySetInnerHTML={{ __html: opening.html }} />
      </article>
      <section aria-labelledby="apply-title" className="panel careers-apply">
        <h2 id="apply-title">{t("apply.title")}</h2>
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
          <AuthenticityTokenInput />
          <div id={form.errorId} role="alert" className={form.errors?.length ? "notice notice-error" : undefined}>
            {form.errors?.map((key) => t(key)).join(" ")}
          </div>
          <Field field={fields.name} label={t("apply.name")} required autoComplete="name" />
          <Field field={fields.email} label={t("apply.email")} type="email" required autoComplete="email" />
          <Field field={fields.phone} label={t("apply.phone")} type="tel" required autoComplete="tel" inputMode="tel" />
          <div className="field">
            <label htmlFor={fields.message.id}>{t("apply.message")}</label>
            <textarea {...getTextareaProps(fields.message)} key={fields.message.key} rows={5} dir="auto" />
            <FieldError field={fields.message} />
          </div>
          <div className="field">
            <label htmlFor={fields.cv.id}>{t("apply.cv")}</label>
            <input
              {...getInputProps(fields.cv, { type: "file", ariaDescribedBy: `${fields.cv.id}-description` })}
              key={fields.cv.key}
              accept="application/pdf,.pdf"
              aria-required
            />
            <p id={`${fields.cv.id}-description`} className="hint">
              {t("apply.cvHint", { size: sizeMb })}
            </p>
            <FieldError field={fields.cv} values={{ size: sizeMb }} />
          </div>
          <p className="muted">{t("apply.privacy")}</p>
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("apply.sending") : t("apply.submit")}
          </button>
        </Form>
      </section>
    </div>
  );
}
