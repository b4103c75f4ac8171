import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { QuantityField } from "~/components/ui/QuantityField";
import { useTranslation } from "~/i18n/react";
import { useMoney } from "~/components/ui/Money";
import { comboDetail } from "./combo.server";
import { pageTitle } from "~/meta";
import { comboPriceCents } from "~/rules";
import { storefront } from "~/web/storefront.server";
import { CartForm } from "~/components/cart/CartForm";
import { useRootData } from "~/root-data";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /combo-detail/:id/:ssid?/:coupon? (spec section 2, combo layout): one product per slot of a combo, then add.
 * `id` is the combo product's uuid; `ssid` and `coupon` are accepted and ignored for now (no coupons yet).
 */
export const handle = { layout: "combo", i18n: ["menu", "cart"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.combo.name, args);

const COMBOS = "/order/combos";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const store = await storefront(request);
  const combo = await comboDetail(store, params.id ?? "");
  if (!combo) throw redirect(COMBOS);
  return json({ combo, hasDisposition: Boolean(store.session.get("disposition")) });
}

export default function ComboDetailPage() {
  const { combo, hasDisposition } = useLoaderData<typeof loader>();
  // A combo post the cart refused comes back here with what was chosen (routes/cart.tsx): shown again as it was.
  const refused = useRootData()?.cartChoice;
  const kept = refused?.productUuid === combo.uuid ? refused : null;
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
  const totalCents = comboPriceCents(combo.priceCents, rules, chosen) * Math.min(99, Math.max(1, quantity));

  return (
    <article className="combo-detail builder panel" aria-labelledby="combo-title">
      <p>
        <Link to={combo.menuPath}>{t("combo.back")}</Link>
      </p>
      <img src={combo.image} alt="" width={200} height={200} />
      <h1 id="combo-title">{combo.name}</h1>
      <p className="description">{combo.description}</p>
      {!hasDisposition ? (
        <p className="hint">
          {t("menu:chooseFirst")} <Link to="/home">{t("menu:chooseLink")}</Link>
        </p>
      ) : null}

      <CartForm intent="add" className="builder-form" redirectTo={combo.menuPath} label={t("combo.label", { name: combo.name })}>
        {({ busy }) => (
          <>
            <input type="hidden" name="productUuid" value={combo.uuid} />
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
                    <span>{o.surchargeCents > 0 ? t("combo.option", { name: o.name, price: money(o.surchargeCents) }) : o.name}</span>
                  </label>
                ))}
              </fieldset>
            ))}
            <QuantityField id="combo-quantity" label={t("combo.quantity")} value={quantity} onChange={setQuantity} />
            <p className="price" aria-live="polite">
              {t("combo.price", { price: money(totalCents) })}
            </p>
            <button type="submit" className="button" disabled={busy}>
              {busy ? t("adding") : t("combo.add", { price: money(totalCents) })}
            </button>
          </>
        )}
      </CartForm>
    </article>
  );
}
