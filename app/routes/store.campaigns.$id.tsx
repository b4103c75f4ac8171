import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { RevisionInput } from "~/components/console/Revision";
import { CampaignArticle } from "~/components/promotions/CampaignArticle";
import { Field, type AnyField } from "~/components/ui/Field";
import { FieldError } from "~/components/ui/FieldError";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { campaignFormAction, campaignFormPage } from "~/web/store-campaigns.server";
import { EDITOR_LANGUAGES } from "~/components/console/languages";
import { useLazyValidation } from "~/lazy-validation";

const loadCampaignFormSchema = () => import("~/components/store/campaign-schema").then((m) => m.campaignFormSchema);

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /store/campaigns/new and /store/campaigns/:id (managers only, beyond the spec): a campaign's name (its address,
 * /campaign/<name>), per language its title, summary, Markdown terms and alt text, its picture (a public image: the
 * list suggests those of public/images), its products and coupons (checkboxes: no script), its order and its schedule
 * (local date-times in the chain's time zone). "Preview" renders its page as customers will see it, without saving;
 * "Save" stores it and goes back to the list. Both are plain posts: the form works without JavaScript.
 */
export const handle = { layout: "bare", i18n: ["validation", "campaigns", "coupons"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return campaignFormPage(request, params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return campaignFormAction(request, params.id);
}

/** The codes a checkbox group starts ticked with (conform's initial value: one string, a list, or nothing). */
const ticked = (field: AnyField): Set<string> => {
  const value = field.initialValue as unknown;
  return new Set(Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : []);
};

function Choices({ field, legend, choices }: { field: AnyField; legend: string; choices: { value: string; label: string }[] }) {
  const checked = ticked(field);
  return (
    <fieldset className="field panel" aria-describedby={field.errorId}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={`${field.key ?? ""}-${choice.value}`} className="checkbox">
          <input type="checkbox" name={field.name} value={choice.value} defaultChecked={checked.has(choice.value)} /> {choice.label}{" "}
          <span dir="ltr">({choice.value})</span>
        </label>
      ))}
      <FieldError field={field} />
    </fieldset>
  );
}

export default function EditCampaign() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["store", "common"]);
  const [form, fields] = useForm({
    id: `campaign-${data.campaign?.id ?? "new"}`,
    lastResult: actionData?.result,
    defaultValue: data.defaultValue,
    onValidate: useLazyValidation(loadCampaignFormSchema),
    shouldRevalidate: "onBlur",
  });
  const preview = actionData?.preview;
  return (
    <div className="console banner-editor">
      <p>
        <Link to="/store/campaigns">{t("campaigns.form.back")}</Link>
      </p>
      <h1>{data.title}</h1>
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <RevisionInput loaded={data.revision} actionData={actionData} />
        <Field field={fields.name} label={t("campaigns.form.name")} description={t("campaigns.form.nameHelp")} required dir="ltr" />
        <Field field={fields.image} label={t("banners.form.image")} description={t("campaigns.form.imageHelp")} required list="campaign-images" dir="ltr" />
        <datalist id="campaign-images">
          {data.images.map((image) => (
            <option key={image} value={image} />
          ))}
        </datalist>
        {EDITOR_LANGUAGES.map(([suffix, lng]) => {
          const terms = fields[`terms${suffix}`];
          return (
            <fieldset key={lng} className="field panel" lang={lng}>
              <legend>{t(`common:language.names.${lng}`)}</legend>
              <Field field={fields[`title${suffix}`]} label={t("campaigns.form.title")} required={lng === "es"} dir="auto" />
              <Field field={fields[`summary${suffix}`]} label={t("campaigns.form.summary")} dir="auto" />
              <Field field={fields[`alt${suffix}`]} label={t("banners.form.alt")} required={lng === "es"} dir="auto" />
              <div className="field">
                <label htmlFor={terms.id}>{t("campaigns.form.terms")}</label>
                <textarea {...getTextareaProps(terms, { ariaDescribedBy: `${terms.id}-description` })} key={terms.key} rows={6} dir="auto" />
                <p id={`${terms.id}-description`} className="hint">
                  {t("campaigns.form.termsHelp")}
                </p>
                <FieldError field={terms} />
              </div>
            </fieldset>
          );
        })}
        <Choices field={fields.productSkus} legend={t("campaigns.form.products")} choices={data.choices.products.map((p) => ({ value: p.sku, label: p.name }))} />
        <Choices field={fields.couponCodes} legend={t("campaigns.form.coupons")} choices={data.choices.coupons.map((c) => ({ value: c.code, label: c.name }))} />
        <Field field={fields.sortOrder} label={t("banners.form.order")} type="number" min={0} max={9999} />
        <Field field={fields.startsAt} label={t("banners.form.startsAt")} type="datetime-local" description={t("banners.form.timeZoneHelp")} />
        <Field field={fields.endsAt} label={t("banners.form.endsAt")} type="datetime-local" description={t("banners.form.endsHelp")} />
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
        <section className="content-preview" aria-labelledby="campaign-preview-title">
          <h2 id="campaign-preview-title">{t("banners.form.previewTitle")}</h2>
          <CampaignArticle page={preview} preview />
        </section>
      ) : null}
    </div>
  );
}
