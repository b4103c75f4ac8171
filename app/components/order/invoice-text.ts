import type { InvoiceShown } from "#server/orders/tracker";
import type { TFunction } from "~/i18n/translate";

/** An order's CFDI request: "GODE561231GR8 · EMPRESA SA DE CV · G03 · Gastos en general" (the checkout's words for its use). */
export function invoiceText(t: TFunction, invoice: InvoiceShown): string {
  return [invoice.rfc, invoice.legalName, invoice.cfdiUse ? t(`checkout:invoice.uses.${invoice.cfdiUse}`) : ""].filter(Boolean).join(" · ");
}
