import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { HTMLAttributes } from "react";
import { Field } from "~/components/ui/Field";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useLazyValidation } from "~/lazy-validation";
import { DELIVERY_FORM_ID } from "./form-id";

const loadDispositionSchema = () => import("~/forms").then((m) => m.dispositionSchema);

type AddressFieldName = "st" | "houseNo" | "interiorNo" | "villeageName" | "cityName" | "prefectureName" | "postalCode" | "landmark";

interface FieldOptions {
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  maxLength?: number;
  optional?: boolean;
}

/** Form fields in reading order, with the browser's autofill tokens (colonia = address-level3 in Mexico). */
const FIELDS: [AddressFieldName, FieldOptions][] = [
  ["st", { autoComplete: "address-line1" }],
  ["houseNo", {}],
  ["interiorNo", { autoComplete: "address-line2", optional: true }],
  ["villeageName", { autoComplete: "address-level3", optional: true }],
  ["postalCode", { autoComplete: "postal-code", inputMode: "numeric", maxLength: 5 }],
  ["cityName", { autoComplete: "address-level2" }],
  ["prefectureName", { autoComplete: "address-level1" }],
  ["landmark", {}],
];

/**
 * The delivery address (spec section 5, "Location"): a plain POST form with the same zod schema on both sides.
 * Without JavaScript the server answers 400 with the errors and the values as typed; with it conform shows the
 * same errors as fields lose focus. Each error sits beside its field and describes it (aria-describedby).
 * `postalCode` prefills the postal code (the /localization/:zip page).
 */
export function DeliveryAddressForm({ lastResult, postalCode }: { lastResult?: SubmissionResult<string[]> | null; postalCode?: string }) {
  const { t } = useTranslation(["address", "validation"]);
  const [form, fields] = useForm({
    id: DELIVERY_FORM_ID,
    lastResult,
    defaultValue: postalCode ? { postalCode } : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadDispositionSchema),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="address-form">
      <AuthenticityTokenInput />
      <input type="hidden" name="orderType" value="D" />
      {FIELDS.map(([name, options]) => {
        const field = fields[name];
        return (
          <Field
            key={name}
            field={field}
            label={t(`fields.${name}`)}
            className={`address-${name}`}
            required={!options.optional}
            autoComplete={options.autoComplete ?? "off"}
            inputMode={options.inputMode}
            maxLength={options.maxLength}
          />
        );
      })}
      <button type="submit" className="button">
        {t("submit")}
      </button>
    </Form>
  );
}
