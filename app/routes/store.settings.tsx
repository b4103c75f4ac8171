import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Field } from "~/components/ui/Field";
import { NoticeBanner } from "~/components/ui/Notice";
import { formatDateTime } from "~/format";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { settingsAction, settingsPage } from "~/web/store-settings.server";
import { useLazyValidation } from "~/lazy-validation";

const loadEmergencySchema = () => import("~/components/store/schemas").then((m) => m.emergencySchema);

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /store/settings (managers only, beyond the spec): the emergency banner of spec section 1. A manager switches it
 * on (every customer page then asks customers to phone the ordering line) or off, and sets that number; saved, it
 * shows at once in this process and within seconds in the others. Other staff get a 403.
 */
export const handle = { layout: "bare", i18n: ["validation"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  return settingsPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return settingsAction(request);
}

export default function StoreSettings() {
  const { title, lng, banner, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("store");
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { on: banner.on ? "on" : undefined, phone: banner.phone },
    onValidate: useLazyValidation(loadEmergencySchema),
    shouldRevalidate: "onBlur",
  });
  return (
    <div className="console settings-admin">
      <h1>{title}</h1>
      {notice ? <NoticeBanner notice={notice} /> : null}
      <section aria-labelledby="emergency-settings">
        <h2 id="emergency-settings">{t("settings.emergency.title")}</h2>
        <p>{t("settings.emergency.help")}</p>
        <p role="status">
          {banner.on ? t("settings.emergency.stateOn") : t("settings.emergency.stateOff")}
          {banner.changedAt ? ` ${t("settings.emergency.changed", { when: formatDateTime(banner.changedAt, lng, "America/Mexico_City") })}` : ""}
        </p>
        <Form method="post" {...getFormProps(form)}>
          <AuthenticityTokenInput />
          <div className="field field-checkbox">
            <input {...getInputProps(fields.on, { type: "checkbox", value: "on" })} key={fields.on.key} />
            <label htmlFor={fields.on.id}>{t("settings.emergency.on")}</label>
          </div>
          <Field field={fields.phone} label={t("settings.emergency.phone")} type="tel" required description={t("settings.emergency.phoneHelp")} dir="ltr" />
          <button type="submit" className="button">
            {t("settings.emergency.save")}
          </button>
        </Form>
      </section>
    </div>
  );
}
