import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { ProfileIntent } from "#server/customers/profile-forms";
import { BirthdayFields, CheckboxField, GenderField } from "~/components/account/BirthdayFields";
import { Field } from "~/components/ui/Field";
import { useTranslation } from "~/i18n/react";
import { useLazyValidation } from "~/lazy-validation";

const loadProfileSchema = () => import("#server/customers/rules").then((m) => m.profileSchema);
const loadEmailChangeSchema = () => import("#server/customers/profile-forms").then((m) => m.emailChangeSchema);
const loadPhoneRequestSchema = () => import("#server/customers/profile-forms").then((m) => m.phoneRequestSchema);
const loadPhoneVerifySchema = () => import("#server/customers/profile-forms").then((m) => m.phoneVerifySchema);

/**
 * The forms of /edit-profile, one per change, each a plain POST to the page with a hidden `intent` (so each works
 * without JavaScript: 303 on success, 400 with the fields' messages otherwise) and, with JavaScript, conform's
 * inline validation on the server's own schemas and a pending button.
 */
type Result = SubmissionResult<string[]> | undefined;

/** Whether this page is posting the form of `intent` now (its button shows the pending state). */
function usePosting(intent: ProfileIntent): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** The errors the server put on a whole form (a refusal's message), announced. */
function FormErrors({ errors, errorId }: { errors?: string[]; errorId: string }) {
  const { t } = useTranslation("validation");
  return (
    <div id={errorId} role="alert" className={errors?.length ? "notice notice-error" : undefined}>
      {errors?.map((key) => t(key)).join(" ")}
    </div>
  );
}

function Submit({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="button" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="panel profile-section" aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

export interface ProfileDefaults {
  firstName: string;
  lastName: string;
  birthDay: string;
  birthMonth: string;
  birthYear: string;
  gender: string;
  news: boolean;
  htmlMail: boolean;
}

/** Name, birthday (day, month and year from 1900), gender and the mail preferences. */
export function ProfileDetailsForm({ defaults, today, lastResult }: { defaults: ProfileDefaults; today: string; lastResult: Result }) {
  const { t, i18n } = useTranslation(["profile", "validation"]);
  const lng = i18n.language;
  const busy = usePosting("profile");
  const [form, f] = useForm({
    id: "profile-details",
    lastResult,
    defaultValue: { ...defaults, news: defaults.news ? "on" : undefined, htmlMail: defaults.htmlMail ? "on" : undefined },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadProfileSchema, today),
  });
  return (
    <Section id="details" title={t("details.title")}>
      <Form method="post" action="/edit-profile" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="profile" />
        <FormErrors errors={form.errors} errorId={form.errorId} />
        <Field field={f.firstName} label={t("account:fields.firstName")} autoComplete="given-name" required />
        <Field field={f.lastName} label={t("account:fields.lastName")} autoComplete="family-name" required />
        <BirthdayFields day={f.birthDay} month={f.birthMonth} year={f.birthYear} thisYear={Number(today.slice(0, 4))} lng={lng} />
        <GenderField field={f.gender} />
        <CheckboxField field={f.news} label={t("account:fields.news")} />
        <CheckboxField field={f.htmlMail} label={t("account:fields.htmlMail")} />
        <Submit busy={busy} label={t("details.submit")} busyLabel={t("saving")} />
      </Form>
    </Section>
  );
}

/** A new email: a link goes to it; the account keeps its email until the link is followed. */
export function EmailChangeForm({ email, pending, hasPassword, lastResult }: { email: string; pending: string | null; hasPassword: boolean; lastResult: Result }) {
  const { t } = useTranslation(["profile", "validation"]);
  const busy = usePosting("email");
  const [form, f] = useForm({
    id: "profile-email",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadEmailChangeSchema, hasPassword),
  });
  return (
    <Section id="email" title={t("email.title")}>
      <p>{t("email.current", { email })}</p>
      {pending ? <p className="notice notice-info">{t("email.pending", { email: pending })}</p> : null}
      <Form method="post" action="/edit-profile" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="email" />
        <FormErrors errors={form.errors} errorId={form.errorId} />
        <Field field={f.newEmail} label={t("email.new")} type="email" autoComplete="email" required description={t("email.hint")} />
        {hasPassword && f.currentPassword ? (
          <Field field={f.currentPassword} label={t("fields.currentPassword")} type="password" autoComplete="current-password" required />
        ) : null}
        <Submit busy={busy} label={t("email.submit")} busyLabel={t("sending")} />
      </Form>
    </Section>
  );
}

/**
 * The phone change in two steps: a new number gets a code by SMS; then the code (with the request's id in a hidden
 * field) changes it. The second form shows when the page is opened for a live request (?phone=<request id>).
 */
export function PhoneForms({
  phone,
  request,
  requestResult,
  verifyResult,
}: {
  phone: string;
  request: { requestId: string; phone: string } | null;
  requestResult: Result;
  verifyResult: Result;
}) {
  const { t } = useTranslation(["profile", "validation"]);
  const requesting = usePosting("phone-request");
  const verifying = usePosting("phone-verify");
  const [askForm, ask] = useForm({
    id: "profile-phone",
    lastResult: requestResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadPhoneRequestSchema),
  });
  const [codeForm, code] = useForm({
    id: "profile-code",
    lastResult: verifyResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadPhoneVerifySchema),
  });
  return (
    <Section id="phone" title={t("phone.title")}>
      <p>{phone ? t("phone.current", { phone }) : t("phone.none")}</p>
      {request ? (
        <Form method="post" action={`/edit-profile?phone=${request.requestId}`} {...getFormProps(codeForm)}>
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="phone-verify" />
          <input type="hidden" name="requestId" value={request.requestId} />
          <FormErrors errors={codeForm.errors} errorId={codeForm.errorId} />
          <Field
            field={code.code}
            label={t("phone.code", { phone: request.phone })}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            description={t("phone.codeHint")}
          />
          <Submit busy={verifying} label={t("phone.verify")} busyLabel={t("saving")} />
        </Form>
      ) : null}
      {/* While a code waits, its request stays in the address: a refused new request (too soon) keeps its code field. */}
      <Form method="post" action={request ? `/edit-profile?phone=${request.requestId}` : "/edit-profile"} {...getFormProps(askForm)}>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="phone-request" />
        <FormErrors errors={askForm.errors} errorId={askForm.errorId} />
        <Field field={ask.phone} label={t("phone.new")} type="tel" inputMode="tel" autoComplete="tel-national" required description={t("phone.hint")} />
        <Submit busy={requesting} label={request ? t("phone.resend") : t("phone.send")} busyLabel={t("sending")} />
      </Form>
    </Section>
  );
}
