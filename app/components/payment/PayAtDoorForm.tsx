import { Form, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useMoney } from "~/components/ui/Money";
import { useTranslation } from "~/i18n/react";
import { constants } from "#server/constants";
import type { PaymentMethodId } from "#server/orders/payment-methods";

/** A refusal of the door form, beside its field: a "validation" message key and its values. */
export interface DoorError {
  field: "method" | "cashTendered";
  key: string;
  values?: Record<string, string | number>;
  /** What was posted, so the form comes back as the customer left it (nothing typed is lost). */
  posted?: { method: string; cashTendered: string };
}

/**
 * "Pay at the door instead" (issue 13): an order waiting for its online payment goes to the store now, paid in cash
 * (what the customer pays with, optional) or by card on delivery. Posts to /payment-status/:transaction; a plain form
 * that works without JavaScript, its refusal shown beside its field.
 */
export function PayAtDoorForm({
  transaction,
  methods,
  orderType,
  cashCapCents,
  totalCents,
  error,
}: {
  transaction: string;
  methods: PaymentMethodId[];
  orderType: "D" | "C";
  cashCapCents: number | null;
  totalCents: number;
  error?: DoorError | null;
}) {
  const { t } = useTranslation(["payment", "checkout", "validation"]);
  const money = useMoney();
  const navigation = useNavigation();
  const action = `/payment-status/${transaction}`;
  const busy = navigation.state !== "idle" && navigation.formAction === action && navigation.formData?.get("intent") === "door";
  const errorId = "door-error";
  const values = Object.fromEntries(
    Object.entries(error?.values ?? {}).map(([key, value]) => [key, typeof value === "number" ? money(value) : value]),
  );
  const message = error ? <p id={errorId} className="field-error" role="alert">{t(`validation:${error.key}`, values)}</p> : null;
  const hint = [
    t("checkout:payment.cashHint"),
    cashCapCents !== null ? t("checkout:payment.cashCap", { amount: money(cashCapCents) }) : null,
    orderType === "D" ? t("checkout:payment.driverChange", { amount: money(constants.driverChangeLimitCents) }) : null,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <section className="panel" aria-labelledby="door-title">
      <h2 id="door-title">{t("door.legend")}</h2>
      <p className="hint">{t("door.hint")}</p>
      <Form method="post" action={action} className="door-form">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="door" />
        <fieldset className="field radio-group" aria-describedby={error?.field === "method" ? errorId : undefined}>
          <legend>{t("checkout:payment.legend")}</legend>
          {methods.map((method, index) => (
            <div key={method} className="radio-option">
              <input
                type="radio"
                id={`door-method-${method}`}
                name="method"
                value={method}
                defaultChecked={error?.posted && methods.includes(error.posted.method as PaymentMethodId) ? method === error.posted.method : index === 0}
                required
              />
              <label htmlFor={`door-method-${method}`}>{t(`checkout:payment.${method}`)}</label>
            </div>
          ))}
          {error?.field === "method" ? message : null}
        </fieldset>
        {methods.includes("cash") ? (
          <div className="field">
            <label htmlFor="door-cash">{t("checkout:payment.cashTendered")}</label>
            <input
              id="door-cash"
              name="cashTendered"
              defaultValue={error?.posted?.cashTendered}
              inputMode="decimal"
              autoComplete="off"
              aria-invalid={error?.field === "cashTendered" ? true : undefined}
              aria-describedby={[error?.field === "cashTendered" ? errorId : null, "door-cash-hint"].filter(Boolean).join(" ")}
            />
            <p id="door-cash-hint" className="hint">
              {hint} {t("payment:door.total", { total: money(totalCents) })}
            </p>
            {error?.field === "cashTendered" ? message : null}
          </div>
        ) : null}
        <button type="submit" className="button button-secondary" disabled={busy}>
          {t("door.submit")}
        </button>
      </Form>
    </section>
  );
}
