import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { BIRTH_YEAR_MIN, genders, profileSchema } from "#server/customers/rules";
import { emailChangeSchema, phoneRequestSchema, phoneVerifySchema, type ProfileIntent } from "#server/customers/profile-forms";
import { Field, type AnyField } from "~/components/ui/Field";
import { FieldError } from "~/components/ui/FieldError";
import { useTranslation } from "~/i18n/react";

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

function Select({ field, label, options }: { field: AnyField; label: string; options: { value: string; label: string }[] }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select {...getSelectProps(field)} key={field.key}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
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
  const { t } = useTranslation(["profile", "validation"]);
  const busy = usePosting("profile");
  const [form, f] = useForm({
    id: "profile-details",
    lastResult,
    defaultValue: { ...defaults, news: defaults.news ? "on" : undefined, htmlMail: defaults.htmlMail ? "on" : undefined },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema(today) }),
  });
  const thisYear = Number(today.slice(0, 4));
  const years = Array.from({ length: thisYear - BIRTH_YEAR_MIN + 1 }, (_, i) => String(thisYear - i));
  const numbers = (n: number) => Array.from({ length: n }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
  const months = numbers(12).map((m) => ({ value: m.value, label: t(`months.${m.value}`) }));
  return (
    <Section id="details" title={t("details.title")}>
      <Form method="post" action="/edit-profile" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="profile" />
        <FormErrors errors={form.errors} errorId={form.errorId} />
        <Field field={f.firstName} label={t("account:fields.firstName")} autoComplete="given-name" required />
        <Field field={f.lastName} label={t("account:fields.lastName")} autoComplete="family-name" required />
        <fieldset className="field birthday">
          <legend>{t("account:fields.birthday")}</legend>
          <div className="birthday-parts">
            <Select field={f.birthDay} label={t("account:fields.day")} options={[{ value: "", label: t("fields.choose") }, ...numbers(31)]} />
            <Select field={f.birthMonth} label={t("account:fields.month")} options={[{ value: "", label: t("fields.choose") }, ...months]} />
            <Select field={f.birthYear} label={t("account:fields.year")} options={years.map((y) => ({ value: y, label: y }))} />
          </div>
        </fieldset>
        <fieldset className="field radio-group">
          <legend>{t("account:fields.gender")}</legend>
          {genders.map((g) => (
            <div className="radio-option" key={g}>
              <input {...getInputProps(f.gender, { type: "radio", value: g })} id={`${f.gender.id}-${g}`} key={`${f.gender.key}-${g}`} />
              <label htmlFor={`${f.gender.id}-${g}`}>{t(`account:fields.gender${g}`)}</label>
            </div>
          ))}
          <FieldError field={f.gender} />
        </fieldset>
        <div className="checkbox-field">
          <input {...getInputProps(f.news, { type: "checkbox" })} key={f.news.key} />
          <label htmlFor={f.news.id}>{t("account:fields.news")}</label>
        </div>
        <div className="checkbox-field">
          <input {...getInputProps(f.htmlMail, { type: "checkbox" })} key={f.htmlMail.key} />
          <label htmlFor={f.htmlMail.id}>{t("account:fields.htmlMail")}</label>
        </div>
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
    onValidate: ({ formData }) => parseWithZod(formData, { schema: emailChangeSchema(hasPassword) }),
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
    onValidate: ({ formData }) => parseWithZod(formData, { schema: phoneRequestSchema }),
  });
  const [codeForm, code] = useForm({
    id: "profile-code",
    lastResult: verifyResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: phoneVerifySchema }),
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
      <Form method="post" action="/edit-profile" {...getFormProps(askForm)}>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="phone-request" />
        <FormErrors errors={askForm.errors} errorId={askForm.errorId} />
        <Field field={ask.phone} label={t("phone.new")} type="tel" inputMode="tel" autoComplete="tel-national" required description={t("phone.hint")} />
        <Submit busy={requesting} label={request ? t("phone.resend") : t("phone.send")} busyLabel={t("sending")} />
      </Form>
    </Section>
  );
}
