import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { useMemo, type ReactNode } from "react";
import { constants } from "#server/constants";
import { cfdiUses, propertyTypes, taxRegimes } from "#server/orders/checkout-options";
import { parsePesos, type PaymentMethodId } from "#server/orders/payment-methods";
import { useMoney } from "~/components/ui/Money";
import { useTranslation } from "~/i18n/react";
import type { CheckoutAddress } from "./schema";
import { useLazyValidation } from "~/lazy-validation";
import { Field, type AnyField } from "~/components/ui/Field";
import { FieldError } from "~/components/ui/FieldError";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

const loadCheckoutFormSchema = () => import("./schema").then((m) => m.checkoutFormSchema);

/** What the page's loader gives the form. */
export interface CheckoutFormData {
  orderType: "D" | "C";
  idempotencyKey: string;
  /** Delivery: the disposition's postal code (read-only here) and address (the fields start from it). */
  postalCode: string | null;
  address: Partial<CheckoutAddress>;
  /** A signed-in customer's contact fields (and a saved place's comment): where the fields start. */
  prefill?: { name?: string; surname?: string; email?: string; mobile?: string; comment?: string };
  payment: { methods: PaymentMethodId[]; cashCapCents: number | null; totalCents: number };
}

/** A text field of the checkout: `optional` ones are not aria-required; the wrapper names the field (field-<name>). */
function TextField({ field, optional, hint, autoComplete = "off", ...props }: Omit<Parameters<typeof Field>[0], "required" | "className" | "description"> & { optional?: boolean; hint?: string }) {
  return <Field field={field} className={`field-${field.name}`} required={!optional} description={hint} autoComplete={autoComplete} {...props} />;
}

/** A radio group: one input per option, each with its own id, the group's error after them. */
function RadioGroup({ field, legend, options, children }: { field: AnyField; legend: string; options: { value: string; label: string }[]; children?: (value: string) => ReactNode }) {
  return (
    <fieldset className={`field radio-group field-${field.name}`}>
      <legend>{legend}</legend>
      {options.map(({ value, label }) => (
        <div className="radio-option" key={value}>
          <input {...getInputProps(field, { type: "radio", value })} id={`${field.id}-${value}`} key={`${field.key}-${value}`} className="reveal-toggle" />
          <label htmlFor={`${field.id}-${value}`}>{label}</label>
          {children?.(value)}
        </div>
      ))}
      <FieldError field={field} />
    </fieldset>
  );
}

/**
 * The checkout form: contact, the delivery address (prefilled from the disposition, the postal code read-only),
 * company and property type, comment, receipt, payment (cash with "Pago con $X", or card on delivery) and the
 * optional CFDI invoice. A plain POST: without JavaScript the server answers 400 (or 422) with every error and the
 * values as typed; with it conform checks the same schema as fields lose focus. The cash amount and the invoice
 * fields show under their choice by CSS alone (`.reveal-toggle:checked ~ .reveal`), so that works without
 * JavaScript too; hidden fields are ignored by the schema.
 */
export function CheckoutForm({ data, lastResult }: { data: CheckoutFormData; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation(["checkout", "address"]);
  const money = useMoney();
  const navigation = useNavigation();
  const { orderType, payment } = data;
  const schemaContext = useMemo(
    () =>
      ({
        orderType,
        payment: { orderType, totalCents: payment.totalCents, settings: { methods: payment.methods, cashCapCents: payment.cashCapCents } },
      }),
    [orderType, payment.totalCents, payment.methods, payment.cashCapCents],
  );
  const [form, fields] = useForm({
    id: "checkout",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // A posted value (lastResult, after a refusal) always wins over these.
    defaultValue: {
      ...data.prefill,
      ...data.address,
      propertyType: "house",
      paymentMethod: payment.methods[0],
      cfdiUse: "G03",
      idempotencyKey: data.idempotencyKey,
    },
    onValidate: useLazyValidation(loadCheckoutFormSchema, schemaContext),
  });
  const f = fields as unknown as Record<string, AnyField>;
  const amounts = {
    total: money(payment.totalCents),
    cap: payment.cashCapCents === null ? "" : money(payment.cashCapCents),
    limit: money(constants.driverChangeLimitCents),
  };
  const tendered = typeof f.cashTendered.value === "string" ? parsePesos(f.cashTendered.value) : null;
  const change = tendered !== null && tendered >= payment.totalCents ? tendered - payment.totalCents : null;
  const submitting = navigation.state === "submitting" && navigation.formAction === "/checkout";

  return (
    <Form method="post" {...getFormProps(form)} className="panel checkout-form">
      <AuthenticityTokenInput />
      <input {...getInputProps(f.idempotencyKey, { type: "hidden" })} key={f.idempotencyKey.key} />
      {/* The total this page shows beside the button: the order is placed only at it (server/orders/place.ts). */}
      <input type="hidden" name="shownTotalCents" value={payment.totalCents} />

      <h2>{t("contact")}</h2>
      <TextField field={f.name} label={t("fields.name")} autoComplete="given-name" />
      <TextField field={f.surname} label={t("fields.surname")} autoComplete="family-name" />
      <TextField field={f.email} label={t("fields.email")} type="email" autoComplete="email" />
      <TextField field={f.mobile} label={t("fields.mobile")} type="tel" autoComplete="tel-national" />

      {orderType === "D" ? (
        <section aria-labelledby="checkout-delivery" className="checkout-delivery">
          <h2 id="checkout-delivery">{t("delivery.legend")}</h2>
          <p className="checkout-postal-code">
            <span>{t("delivery.postalCode", { postalCode: data.postalCode ?? "" })}</span>{" "}
            <Link to="/home">{t("delivery.changeAddress")}</Link>
          </p>
          <p className="hint">{t("delivery.postalCodeNote")}</p>
          <TextField field={f.st} label={t("address:fields.st")} autoComplete="address-line1" />
          <TextField field={f.houseNo} label={t("address:fields.houseNo")} />
          <TextField field={f.interiorNo} label={t("address:fields.interiorNo")} autoComplete="address-line2" optional />
          <TextField field={f.villeageName} label={t("address:fields.villeageName")} autoComplete="address-level3" optional />
          <TextField field={f.cityName} label={t("address:fields.cityName")} autoComplete="address-level2" />
          <TextField field={f.prefectureName} label={t("address:fields.prefectureName")} autoComplete="address-level1" />
          <TextField field={f.landmark} label={t("address:fields.landmark")} />
          <TextField field={f.company} label={t("fields.company")} autoComplete="organization" optional />
          <RadioGroup
            field={f.propertyType}
            legend={t("propertyType.legend")}
            options={propertyTypes.map((value) => ({ value, label: t(`propertyType.${value}`) }))}
          />
        </section>
      ) : null}

      <div className="field">
        <label htmlFor={f.comment.id}>{t("fields.comment")}</label>
        <textarea {...getTextareaProps(f.comment)} key={f.comment.key} rows={3} />
        <FieldError field={f.comment} />
      </div>
      <div className="field checkbox-field">
        <input {...getInputProps(f.receipt, { type: "checkbox" })} key={f.receipt.key} />
        <label htmlFor={f.receipt.id}>{t("fields.receipt")}</label>
      </div>

      <RadioGroup
        field={f.paymentMethod}
        legend={t("payment.legend")}
        options={payment.methods.map((value) => ({ value, label: t(`payment.${value}`) }))}
      >
        {(method) =>
          method === "card" ? (
            <p className="hint reveal">{t("payment.cardHint")}</p>
          ) : method === "cash" ? (
            <div className="reveal">
              <TextField
                field={f.cashTendered}
                label={t("payment.cashTendered")}
                inputMode="decimal"
                optional
                values={amounts}
                hint={[
                  t("payment.cashHint"),
                  payment.cashCapCents !== null ? t("payment.cashCap", { amount: amounts.cap }) : null,
                  orderType === "D" ? t("payment.driverChange", { amount: amounts.limit }) : null,
                ]
                  .filter(Boolean)
                  .join(" ")}
              >
                {change !== null ? <output htmlFor={f.cashTendered.id}>{t("payment.change", { amount: money(change) })}</output> : null}
              </TextField>
            </div>
          ) : null
        }
      </RadioGroup>

      <div className="checkout-invoice">
        <input {...getInputProps(f.invoiceWanted, { type: "checkbox" })} key={f.invoiceWanted.key} className="reveal-toggle" aria-controls="checkout-invoice-fields" />
        <label htmlFor={f.invoiceWanted.id}>{t("invoice.wanted")}</label>
        <fieldset id="checkout-invoice-fields" className="reveal invoice-fields">
          <legend>{t("invoice.legend")}</legend>
          <p className="hint">{t("invoice.hint")}</p>
          <TextField field={f.rfc} label={t("invoice.rfc")} />
          <TextField field={f.legalName} label={t("invoice.legalName")} />
          <div className="field">
            <label htmlFor={f.taxRegime.id}>{t("invoice.taxRegime")}</label>
            <select {...getSelectProps(f.taxRegime)} key={f.taxRegime.key}>
              <option value="">{t("invoice.chooseRegime")}</option>
              {taxRegimes.map(({ code }) => (
                <option key={code} value={code}>
                  {`${code} · ${t(`invoice.regimes.${code}`)}`}
                </option>
              ))}
            </select>
            <FieldError field={f.taxRegime} />
          </div>
          <TextField field={f.fiscalPostalCode} label={t("invoice.fiscalPostalCode")} inputMode="numeric" />
          <div className="field">
            <label htmlFor={f.cfdiUse.id}>{t("invoice.cfdiUse")}</label>
            <select {...getSelectProps(f.cfdiUse)} key={f.cfdiUse.key}>
              {cfdiUses.map((use) => (
                <option key={use} value={use}>
                  {t(`invoice.uses.${use}`)}
                </option>
              ))}
            </select>
            <FieldError field={f.cfdiUse} />
          </div>
        </fieldset>
      </div>

      <button type="submit" className="button" disabled={submitting}>
        {submitting ? t("placing") : t(f.paymentMethod.value === "card" ? "continueToPay" : "place", { total: money(payment.totalCents) })}
      </button>
    </Form>
  );
}
