import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Place } from "#server/customers/location-rules";
import { placeLimits } from "#server/customers/place-limits";
import { Field, type AnyField } from "~/components/ui/Field";
import { useTranslation } from "~/i18n/react";
import { useLazyValidation } from "~/lazy-validation";

const loadPlaceIntentSchema = () => import("#server/customers/location-rules").then((m) => m.placeIntentSchema);

/** The form's text fields in reading order, with their autofill tokens; the ones not `optional` are required. */
const FIELDS: { name: keyof typeof placeLimits | "postalCode"; autoComplete?: string; optional?: boolean; hint?: boolean }[] = [
  { name: "name", hint: true },
  { name: "street", autoComplete: "address-line1" },
  { name: "exteriorNumber" },
  { name: "interiorNumber", autoComplete: "address-line2", optional: true },
  { name: "houseNumber", optional: true, hint: true },
  { name: "postalCode", autoComplete: "postal-code" },
  { name: "city", autoComplete: "address-level2" },
  { name: "state", autoComplete: "address-level1" },
  { name: "landmark", hint: true },
  { name: "reference", optional: true, hint: true },
  { name: "instructions", optional: true, hint: true },
];

/**
 * A saved place's form (spec section 3's Location; its rules server/customers/location-rules.ts, the same schema
 * in the browser and on the server): a new place, or `place` prefilled. A plain POST to /add-location/:id? (400
 * with every error and the values as typed without JavaScript; with it, the errors as fields lose focus and a
 * pending button). The default place says so; another has the make-default checkbox.
 */
export function PlaceForm({ place, redirectTo, lastResult }: { place: Place | null; redirectTo: string | null; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation(["places", "validation"]);
  const navigation = useNavigation();
  const formAction = place ? `/add-location/${place.id}` : "/add-location";
  const [form, fields] = useForm({
    id: place ? `place-${place.id}` : "place-new",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // `redirectTo` is a field, so a 400 or 422 answer keeps it as posted (the page's URL no longer has it).
    defaultValue: { ...(place ?? {}), redirectTo: redirectTo ?? undefined },
    onValidate: useLazyValidation(loadPlaceIntentSchema),
  });
  const f = fields as unknown as Record<string, AnyField>;
  const saving = navigation.state !== "idle" && navigation.formAction === formAction && navigation.formData?.get("intent") === "save";
  return (
    <Form method="post" action={formAction} {...getFormProps(form)} className="panel place-form">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="save" />
      <input {...getInputProps(f.redirectTo!, { type: "hidden" })} key={f.redirectTo!.key} />
      {FIELDS.map(({ name, autoComplete, optional, hint }) => (
        <Field
          key={name}
          field={f[name]!}
          label={t(`fields.${name}`)}
          className={`place-${name}`}
          required={!optional}
          autoComplete={autoComplete ?? "off"}
          description={hint ? t(`hints.${name}`) : undefined}
          inputMode={name === "postalCode" ? "numeric" : undefined}
          maxLength={name === "postalCode" ? 5 : placeLimits[name as keyof typeof placeLimits]}
        />
      ))}
      {place?.isDefault ? (
        <p className="muted">{t("isDefault")}</p>
      ) : (
        <div className="field checkbox-field">
          <input {...getInputProps(f.makeDefault!, { type: "checkbox" })} key={f.makeDefault!.key} />
          <label htmlFor={f.makeDefault!.id}>{t("fields.makeDefault")}</label>
        </div>
      )}
      <button type="submit" className="button" disabled={saving}>
        {saving ? t("working") : t("save")}
      </button>
    </Form>
  );
}
