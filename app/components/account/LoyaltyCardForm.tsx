import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { BirthdayFields } from "~/components/account/BirthdayFields";
import { Field } from "~/components/ui/Field";
import type { Lng } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";
import { useLazyValidation } from "~/lazy-validation";

const loadLoyaltyCardSchema = () => import("#server/customers/loyalty-card").then((m) => m.loyaltyCardSchema);

/**
 * The loyalty card's attach form (/loyalty-card): the 15 digits, and the account's phone and birthday. conform
 * checks it in the browser with the server's own schema (server/customers/loyalty-card.ts); without JavaScript the
 * server answers the same messages.
 */
export function LoyaltyCardForm({ lastResult, today, lng }: { lastResult: SubmissionResult<string[]> | undefined; today: string; lng: Lng }) {
  const { t } = useTranslation(["history", "validation", "account"]);
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "loyalty-card",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadLoyaltyCardSchema, today),
  });
  const busy = navigation.state !== "idle" && navigation.formAction === "/loyalty-card";
  return (
    <Form method="post" action="/loyalty-card" {...getFormProps(form)} className="panel loyalty-form">
      <AuthenticityTokenInput />
      <div id={form.errorId} role="alert" className={form.errors?.length ? "notice notice-error" : undefined}>
        {form.errors?.map((key) => t(key)).join(" ")}
      </div>
      <Field field={fields.cardNumber} label={t("loyalty.cardNumber")} description={t("loyalty.cardHint")} inputMode="numeric" autoComplete="off" required />
      <Field field={fields.phone} label={t("loyalty.phone")} type="tel" autoComplete="tel-national" required />
      <BirthdayFields day={fields.birthDay} month={fields.birthMonth} year={fields.birthYear} thisYear={Number(today.slice(0, 4))} lng={lng} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("loyalty.submitting") : t("loyalty.submit")}
      </button>
    </Form>
  );
}
