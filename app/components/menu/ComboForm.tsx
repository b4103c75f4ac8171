import { useState } from "react";
import { comboPriceCents } from "#server/cart/combos";
import type { ComboDetail } from "#server/catalog/combo";
import { CartForm } from "~/components/cart/CartForm";
import { useMoney } from "~/components/ui/Money";
import { QuantityField } from "~/components/ui/QuantityField";
import { useTranslation } from "~/i18n/react";
import type { CartChoice } from "~/web/session.server";
import { useHydrated } from "remix-utils/use-hydrated";

/**
 * A combo's form: one radio group per slot (the first option checked, or what a refused post had chosen), the
 * quantity and the price, which follows the choices with JavaScript (the server prices the post either way).
 * It posts to /cart and, once added, goes to the combo's category.
 */
export function ComboForm({ combo, kept, deal = null }: { combo: ComboDetail; kept: CartChoice | null; deal?: { code: string; priceCents: number } | null }) {
  const { t } = useTranslation(["menu", "cart"]);
  const money = useMoney();
  const [choices, setChoices] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      combo.slots.map((slot) => {
        const chosen = kept?.combo[slot.id];
        const offered = slot.options.some((o) => o.uuid === chosen);
        return [slot.id, offered ? chosen! : (slot.options[0]?.uuid ?? "")];
      }),
    ),
  );
  const [quantity, setQuantity] = useState(kept?.quantity ?? 1);
  const rules = combo.slots.map((slot) => ({
    id: slot.id,
    options: slot.options.map((o) => ({ productId: o.productId, surchargeCents: o.surchargeCents })),
  }));
  const chosen = combo.slots.flatMap((slot) => {
    const option = slot.options.find((o) => o.uuid === choices[slot.id]);
    return option ? [{ slotId: slot.id, productId: option.productId }] : [];
  });
  const live = useHydrated();
  // A deal is one combo at the deal's price (plus the surcharges of the options chosen), as the cart prices it.
  const totalCents = deal ? comboPriceCents(deal.priceCents, rules, chosen) : comboPriceCents(combo.priceCents, rules, chosen) * Math.min(99, Math.max(1, quantity));

  return (
    <CartForm intent="add" className="builder-form" redirectTo={combo.menuPath} label={t("combo.label", { name: combo.name })}>
      {({ busy }) => (
        <>
          <input type="hidden" name="productUuid" value={combo.uuid} />
          {deal ? <input type="hidden" name="coupon" value={deal.code} /> : null}
          <p className="hint">{t("combo.slotsHint")}</p>
          {combo.slots.map((slot, i) => (
            <fieldset key={slot.id}>
              <legend>{slot.name}</legend>
              <input type="hidden" name={`combo[${i}].slotId`} value={slot.id} />
              {slot.options.map((o) => (
                <label key={o.uuid} className="choice">
                  <input
                    type="radio"
                    name={`combo[${i}].productUuid`}
                    value={o.uuid}
                    checked={choices[slot.id] === o.uuid}
                    onChange={() => setChoices((c) => ({ ...c, [slot.id]: o.uuid }))}
                  />
                  <img src={o.image} alt="" width={40} height={40} loading="lazy" />
                  <span>{o.surchargeCents > 0 ? t("combo.option", { name: o.name, price: money(o.surchargeCents, "+") }) : o.name}</span>
                </label>
              ))}
            </fieldset>
          ))}
          {deal ? null : <QuantityField id="combo-quantity" label={t("combo.quantity")} value={quantity} onChange={setQuantity} />}
          {/* Without JavaScript the price cannot follow the choices: it says what one combo costs and that the priced
              options add to it (the server prices the post), never a total the cart will not charge. */}
          <p className="price" aria-live="polite">
            {live ? t("combo.price", { price: money(totalCents) }) : t("combo.priceEach", { price: money(deal ? deal.priceCents : combo.priceCents) })}
          </p>
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("adding") : live ? t("combo.add", { price: money(totalCents) }) : t("combo.addPlain")}
          </button>
        </>
      )}
    </CartForm>
  );
}
