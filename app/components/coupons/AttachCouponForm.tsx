import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ATTACH_PATH } from "~/components/coupons/paths";
import { Field } from "~/components/ui/Field";
import { useTranslation } from "~/i18n/react";
import { useLazyValidation } from "~/lazy-validation";

const loadAttachCouponSchema = () => import("~/components/coupons/schemas").then((m) => m.attachCouponSchema);

/** The form of /crm/coupon that types a code (the route loads it after the page's first load: app/lazy-form.tsx). */
export function AttachCouponForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation(["coupons", "validation"]);
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "attach-coupon",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadAttachCouponSchema),
  });
  const busy = navigation.state !== "idle" && navigation.formAction === ATTACH_PATH;
  return (
    <Form method="post" action={ATTACH_PATH} {...getFormProps(form)} className="panel coupon-code-form">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="attach" />
      <Field field={fields.code} label={t("crm.codeLabel")} autoComplete="off" autoCapitalize="characters" spellCheck={false} required />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("crm.submitting") : t("crm.submit")}
      </button>
    </Form>
  );
}
