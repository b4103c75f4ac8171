import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { HeroBanners } from "~/components/promotions/Promotions";
import { Field } from "~/components/ui/Field";
import { FieldError } from "~/components/ui/FieldError";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { bannerFormAction, bannerFormPage } from "~/web/store-banners.server";
import { EDITOR_LANGUAGES } from "~/components/console/languages";
import { RevisionInput } from "~/components/console/Revision";
import { useLazyValidation } from "~/lazy-validation";

const loadBannerFormSchema = () => import("~/components/store/banner-schema").then((m) => m.bannerFormSchema);

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /store/banners/new and /store/banners/:id (managers only, beyond the spec): a banner's position, picture (a public
 * image: the list suggests those of public/images), per language its alt text, headline and link (this site's), its
 * order and its schedule (local date-times in the chain's time zone). "Preview" shows it as customers will, without
 * saving; "Save" stores it and goes back to the list. Both are plain posts: the form works without JavaScript.
 */
export const handle = { layout: "bare", i18n: ["validation", "campaigns"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return bannerFormPage(request, params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return bannerFormAction(request, params.id);
}

export default function EditBanner() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["store", "common"]);
  const [form, fields] = useForm({
    id: `banner-${data.banner?.id ?? "new"}`,
    lastResult: actionData?.result,
    defaultValue: data.defaultValue,
    onValidate: useLazyValidation(loadBannerFormSchema),
    shouldRevalidate: "onBlur",
  });
  const preview = actionData?.preview;
  return (
    <div className="console banner-editor">
      <p>
        <Link to="/store/banners">{t("banners.form.back")}</Link>
      </p>
      <h1>{data.title}</h1>
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <RevisionInput loaded={data.revision} actionData={actionData} />
        <div className="field">
          <label htmlFor={fields.position.id}>{t("banners.form.position")}</label>
          <select {...getSelectProps(fields.position)} key={fields.position.key}>
            {data.positions.map((position) => (
              <option key={position} value={position}>
                {t(`banners.positions.${position}`)}
              </option>
            ))}
          </select>
          <FieldError field={fields.position} />
        </div>
        <Field field={fields.image} label={t("banners.form.image")} description={t("banners.form.imageHelp")} required list="banner-images" dir="ltr" />
        <datalist id="banner-images">
          {data.images.map((image) => (
            <option key={image} value={image} />
          ))}
        </datalist>
        {EDITOR_LANGUAGES.map(([suffix, lng]) => (
          <fieldset key={lng} className="field panel" lang={lng}>
            <legend>{t(`common:language.names.${lng}`)}</legend>
            <Field field={fields[`alt${suffix}`]} label={t("banners.form.alt")} required={lng === "es"} dir="auto" />
            <Field field={fields[`title${suffix}`]} label={t("banners.form.headline")} dir="auto" />
            <Field field={fields[`link${suffix}`]} label={t("banners.form.link")} description={t("banners.form.linkHelp")} dir="ltr" />
          </fieldset>
        ))}
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
        <section className="content-preview" aria-labelledby="banner-preview-title">
          <h2 id="banner-preview-title">{t("banners.form.previewTitle")}</h2>
          <HeroBanners banners={[preview]} label={t("banners.form.previewTitle")} />
        </section>
      ) : null}
    </div>
  );
}
