import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { DELETE_WORDS } from "#server/customers/delete-words";
import { Field, type AnyField } from "~/components/ui/Field";
import { useTranslation } from "~/i18n/react";
import { useLazyValidation } from "~/lazy-validation";

const loadDeleteAccountSchema = () => import("#server/customers/profile-forms").then((m) => m.deleteAccountSchema);

/**
 * The account deletion's form (/account/delete): the password, or for an account without one (social sign-in) the
 * confirmation word of the page's language; conform checks the server's schema inline, the button shows pending.
 */
export function DeleteAccountForm({ hasPassword, lastResult }: { hasPassword: boolean; lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const { t, i18n } = useTranslation(["profile", "validation"]);
  const lng = i18n.language as keyof typeof DELETE_WORDS;
  const [form, f] = useForm({
    id: "delete-account",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadDeleteAccountSchema, hasPassword, lng),
  });
  // One schema or the other, by the account: the field the page shows is the one its schema has.
  const fields = f as unknown as Record<"password" | "word", AnyField>;
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)}>
      <AuthenticityTokenInput />
      {hasPassword ? (
        <Field field={fields.password} label={t("delete.password")} type="password" autoComplete="current-password" required />
      ) : (
        <Field field={fields.word} label={t("delete.word", { word: DELETE_WORDS[lng] })} autoComplete="off" required />
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("deleting") : t("delete.submit")}
      </button>{" "}
      <Link to="/edit-profile">{t("delete.cancel")}</Link>
    </Form>
  );
}
