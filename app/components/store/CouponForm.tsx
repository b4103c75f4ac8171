import { getCollectionProps, getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { useEffect, useState, type ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Field } from "~/components/ui/Field";
import { FieldError } from "~/components/ui/FieldError";
import { useTranslation } from "~/i18n/react";

/**
 * The managers' coupon form (/store/coupons/new and /store/coupons/:id): every field of a coupon. The server reads
 * and checks it (server/coupons/admin-form.ts, then server/coupons/admin.ts) and answers with the messages beside
 * their fields, so it works the same without JavaScript. Without JavaScript every benefit field is shown, each
 * saying which types use it; with JavaScript only the chosen type's are.
 */
// biome-ignore lint/suspicious/noExplicitAny: fields of the form's loosely typed values; only names, ids and errors are read
type AnyField = FieldMetadata<any, any, string[]>;

export interface CouponChoices {
  items: { uuid: string; name: string; active: boolean; options: { id: number; name: string }[] }[];
  combos: { uuid: string; name: string; active: boolean }[];
  products: { uuid: string; name: string; active: boolean }[];
  outlets: { code: string; name: string }[];
}

const ORDER_TYPES = ["D", "C"] as const;
const CHANNELS = ["web", "app", "phone", "store"] as const;
const WEEKDAYS = ["1", "2", "3", "4", "5", "6", "0"] as const;
const PAYMENTS = ["cash", "card"] as const;

/** Which types use a benefit field. */
const BENEFIT_FIELDS = {
  amount: [2, 5],
  percent: [3],
  maxAmount: [3],
  freeItem: [1],
  freeQuantity: [1],
  combo: [6],
  dealPrice: [6],
} as const;

function SelectField({ field, label, description, children, multiple, size }: { field: AnyField; label: string; description?: string; children: ReactNode; multiple?: boolean; size?: number }) {
  const descriptionId = `${field.id}-description`;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select {...getSelectProps(field, { ariaDescribedBy: description ? descriptionId : undefined })} key={field.key} multiple={multiple} size={size}>
        {children}
      </select>
      {description ? (
        <p id={descriptionId} className="hint">
          {description}
        </p>
      ) : null}
      <FieldError field={field} />
    </div>
  );
}

function CheckboxGroup({ field, legend, options }: { field: AnyField; legend: string; options: { value: string; label: string }[] }) {
  const boxes = getCollectionProps(field, { type: "checkbox", options: options.map((o) => o.value) });
  return (
    <fieldset className="field coupon-choices" aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend>{legend}</legend>
      {boxes.map((box, i) => (
        <label key={box.key}>
          <input {...box} /> {options[i]!.label}
        </label>
      ))}
      <FieldError field={field} />
    </fieldset>
  );
}

function Checkbox({ field, label }: { field: AnyField; label: string }) {
  return (
    <div className="field checkbox">
      <label>
        <input {...getInputProps(field, { type: "checkbox" })} key={field.key} /> {label}
      </label>
      <FieldError field={field} />
    </div>
  );
}

/** The frame of a coupon's page (new or edit): the way back to the list, and the title. */
export function CouponPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation("store");
  return (
    <div className="console coupons-admin">
      <p>
        <Link to="/store/coupons">{t("coupons.form.back")}</Link>
      </p>
      <h1>{title}</h1>
      {children}
    </div>
  );
}

export function CouponForm({
  defaultValue,
  lastResult,
  types,
  choices,
  uses,
  submitLabel,
}: {
  defaultValue: Record<string, string | string[] | boolean>;
  lastResult?: SubmissionResult<string[]>;
  /** the types to choose from, each with the group it gives */
  types: readonly { type: number; group: string }[];
  choices: CouponChoices;
  /** the coupon's uses so far (editing); null for a new coupon */
  uses: number | null;
  submitLabel: string;
}) {
  const { t } = useTranslation("store");
  const navigation = useNavigation();
  const [form, fields] = useForm<Record<string, string | string[] | boolean>>({ id: "coupon", defaultValue, lastResult, shouldValidate: "onSubmit" });
  const [type, setType] = useState(String(fields.type.initialValue ?? ""));
  // Without JavaScript (and before hydration) every benefit field shows; then only the chosen type's.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => setType(String(fields.type.initialValue ?? "")), [fields.type.initialValue]);
  const shown = (name: keyof typeof BENEFIT_FIELDS) => !hydrated || !type || (BENEFIT_FIELDS[name] as readonly number[]).includes(Number(type));
  const forTypes = (name: keyof typeof BENEFIT_FIELDS) => t("coupons.form.forTypes", { types: BENEFIT_FIELDS[name].join(", ") });
  const inactive = (item: { name: string; active: boolean }) => (item.active ? item.name : t("coupons.form.inactive", { name: item.name }));
  const busy = navigation.state === "submitting";
  const refused = Boolean(lastResult?.error && Object.keys(lastResult.error).length);
  return (
    <Form method="post" {...getFormProps(form)} className="coupon-form">
      <AuthenticityTokenInput />
      {refused ? (
        <div className="notice notice-error" role="alert">
          {t("coupons.form.refused")}
        </div>
      ) : null}
      <fieldset className="panel">
        <legend>{t("coupons.form.coupon")}</legend>
        <Field field={fields.code} label={t("coupons.form.code")} description={t("coupons.form.codeHint")} required autoComplete="off" maxLength={32} />
        <Field field={fields.nameEs} label={t("coupons.form.nameEs")} required lang="es" />
        <Field field={fields.nameEn} label={t("coupons.form.nameEn")} lang="en" />
        <Field field={fields.nameAr} label={t("coupons.form.nameAr")} lang="ar" dir="rtl" />
        <div className="field">
          <label htmlFor={fields.type.id}>{t("coupons.form.type")}</label>
          <select
            {...getSelectProps(fields.type, { ariaDescribedBy: `${fields.type.id}-description` })}
            key={fields.type.key}
            aria-required
            onChange={(event) => setType(event.currentTarget.value)}
          >
            <option value="">{t("coupons.form.chooseType")}</option>
            {types.map(({ type: n, group }) => (
              <option key={n} value={n}>
                {t("coupons.form.typeOption", { type: n, name: t(`coupons.type.${n}`), group: t(`coupons.group.${group}`) })}
              </option>
            ))}
          </select>
          <p id={`${fields.type.id}-description`} className="hint">
            {t("coupons.form.typeHint")}
          </p>
          <FieldError field={fields.type} />
        </div>
      </fieldset>

      <fieldset className="panel">
        <legend>{t("coupons.form.benefit")}</legend>
        {shown("amount") ? <Field field={fields.amount} label={t("coupons.form.amount")} description={forTypes("amount")} inputMode="decimal" /> : null}
        {shown("percent") ? <Field field={fields.percent} label={t("coupons.form.percent")} description={forTypes("percent")} inputMode="decimal" /> : null}
        {shown("maxAmount") ? <Field field={fields.maxAmount} label={t("coupons.form.maxAmount")} description={forTypes("maxAmount")} inputMode="decimal" /> : null}
        {shown("freeItem") ? (
          <SelectField field={fields.freeItem} label={t("coupons.form.freeItem")} description={forTypes("freeItem")}>
            <option value="">{t("coupons.form.none")}</option>
            {choices.items.map((item) =>
              item.options.length === 0 ? (
                <option key={item.uuid} value={item.uuid}>
                  {inactive(item)}
                </option>
              ) : (
                <optgroup key={item.uuid} label={inactive(item)}>
                  {item.options.map((option) => (
                    <option key={option.id} value={`${item.uuid}/${option.id}`}>
                      {t("coupons.form.itemOption", { name: item.name, option: option.name })}
                    </option>
                  ))}
                </optgroup>
              ),
            )}
          </SelectField>
        ) : null}
        {shown("freeQuantity") ? <Field field={fields.freeQuantity} label={t("coupons.form.freeQuantity")} description={forTypes("freeQuantity")} inputMode="numeric" /> : null}
        {shown("combo") ? (
          <SelectField field={fields.combo} label={t("coupons.form.combo")} description={forTypes("combo")}>
            <option value="">{t("coupons.form.none")}</option>
            {choices.combos.map((combo) => (
              <option key={combo.uuid} value={combo.uuid}>
                {inactive(combo)}
              </option>
            ))}
          </SelectField>
        ) : null}
        {shown("dealPrice") ? <Field field={fields.dealPrice} label={t("coupons.form.dealPrice")} description={forTypes("dealPrice")} inputMode="decimal" /> : null}
      </fieldset>

      <fieldset className="panel">
        <legend>{t("coupons.form.conditions")}</legend>
        <p className="hint">{t("coupons.form.conditionsHint")}</p>
        <Field field={fields.minAmount} label={t("coupons.form.minAmount")} inputMode="decimal" />
        <Field field={fields.minItems} label={t("coupons.form.minItems")} inputMode="numeric" />
        <CheckboxGroup field={fields.orderTypes} legend={t("coupons.form.orderTypes")} options={ORDER_TYPES.map((v) => ({ value: v, label: t(`coupons.orderType.${v}`) }))} />
        <CheckboxGroup field={fields.channels} legend={t("coupons.form.channels")} options={CHANNELS.map((v) => ({ value: v, label: t(`coupons.channel.${v}`) }))} />
        <CheckboxGroup field={fields.outlets} legend={t("coupons.form.outlets")} options={choices.outlets.map((o) => ({ value: o.code, label: o.name }))} />
        <SelectField field={fields.menuItems} label={t("coupons.form.menuItems")} description={t("coupons.form.menuItemsHint")} multiple size={8}>
          {choices.products.map((product) => (
            <option key={product.uuid} value={product.uuid}>
              {inactive(product)}
            </option>
          ))}
        </SelectField>
        <Field field={fields.menuItemsQuantity} label={t("coupons.form.menuItemsQuantity")} inputMode="numeric" />
        <Field field={fields.validFrom} label={t("coupons.form.validFrom")} type="datetime-local" description={t("coupons.form.timeZoneHint")} />
        <Field field={fields.validUntil} label={t("coupons.form.validUntil")} type="datetime-local" description={t("coupons.form.validUntilHint")} />
        <CheckboxGroup field={fields.weekdays} legend={t("coupons.form.weekdays")} options={WEEKDAYS.map((v) => ({ value: v, label: t(`coupons.weekday.${v}`) }))} />
        <Checkbox field={fields.hutDayOnly} label={t("coupons.form.hutDayOnly")} />
        <Checkbox field={fields.lunchOnly} label={t("coupons.form.lunchOnly")} />
        <Checkbox field={fields.futureOnly} label={t("coupons.form.futureOnly")} />
        <SelectField field={fields.payment} label={t("coupons.form.payment")}>
          <option value="">{t("coupons.payment.any")}</option>
          {PAYMENTS.map((p) => (
            <option key={p} value={p}>
              {t(`coupons.payment.${p}`)}
            </option>
          ))}
        </SelectField>
        <Checkbox field={fields.loginRequired} label={t("coupons.form.loginRequired")} />
        <Checkbox field={fields.attachedOnly} label={t("coupons.form.attachedOnly")} />
        <Field field={fields.customerEmail} label={t("coupons.form.customerEmail")} type="email" description={t("coupons.form.customerEmailHint")} autoComplete="off" />
        <Field field={fields.usesPerCustomer} label={t("coupons.form.usesPerCustomer")} inputMode="numeric" />
        <Field
          field={fields.generationLimit}
          label={t("coupons.form.generationLimit")}
          inputMode="numeric"
          description={uses === null ? undefined : t("coupons.form.usesSoFar", { count: uses })}
          values={{ uses: String(uses ?? 0) }}
        />
      </fieldset>
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("coupons.form.saving") : submitLabel}
      </button>
    </Form>
  );
}
