import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { QuantityField } from "~/components/ui/QuantityField";
import { useTranslation } from "~/i18n/react";
import { useMoney } from "~/components/ui/Money";
import { NoticeBanner } from "~/components/ui/Notice";
import { applyCartIntent, parseCartForm } from "~/cart.server";
import { comboDetail } from "~/menu.server";
import { pageTitle } from "~/meta";
import { comboPriceCents } from "~/rules";
import { cartLost, redirectWith, refusalNotice, storefront } from "~/storefront.server";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /combo-detail/:id/:ssid?/:coupon? (spec section 2, combo layout): one product per slot of a combo, then add.
 * `id` is the combo product's uuid; `ssid` and `coupon` are accepted and ignored for now (no coupons yet).
 */
export const handle = { layout: "combo", i18n: ["menu", "cart", "validation"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.combo.name, args);

const COMBOS = "/order/combos";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const store = await storefront(request);
  const combo = await comboDetail(store, params.id ?? "");
  if (!combo) throw redirect(COMBOS);
  return json({ combo, hasDisposition: Boolean(store.session.get("disposition")) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const store = await storefront(request);
  const combo = await comboDetail(store, params.id ?? "");
  if (!combo) return redirectWith(store.session, COMBOS);
  const intent = parseCartForm(await request.formData());
  if (intent?.intent !== "add" || intent.productUuid !== combo.uuid) {
    return json({ notice: { tone: "error" as const, key: "validation:cartForm" }, choices: null, quantity: null }, { status: 400 });
  }
  try {
    const notice = await applyCartIntent(store, intent);
    // Straight to the combo's category (not /order, whose redirect would consume the one-shot notice).
    return redirectWith(store.session, combo.menuPath, notice);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "OUTLET-REQUIRED") return redirectWith(store.session, "/home", { tone: "info", key: "errors:outletRequired" });
    if (code === "CART-01") return cartLost(store);
    // The page again with the reason and what the customer had chosen.
    const choices: Record<string, string> = {};
    for (const c of intent.combo) choices[c.slotId] = c.productUuid;
    return json({ notice: refusalNotice(store, error), choices, quantity: intent.quantity }, { status: 422 });
  }
}

export default function ComboDetailPage() {
  const { combo, hasDisposition } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["menu", "cart"]);
  const money = useMoney();
  const navigation = useNavigation();
  const [choices, setChoices] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      combo.slots.map((slot) => {
        const kept = actionData?.choices?.[slot.id];
        const offered = slot.options.some((o) => o.uuid === kept);
        return [slot.id, offered ? kept! : (slot.options[0]?.uuid ?? "")];
      }),
    ),
  );
  const [quantity, setQuantity] = useState(actionData?.quantity ?? 1);
  const rules = combo.slots.map((slot) => ({
    id: slot.id,
    options: slot.options.map((o) => ({ productId: o.productId, surchargeCents: o.surchargeCents })),
  }));
  const chosen = combo.slots.flatMap((slot) => {
    const option = slot.options.find((o) => o.uuid === choices[slot.id]);
    return option ? [{ slotId: slot.id, productId: option.productId }] : [];
  });
  const totalCents = comboPriceCents(combo.priceCents, rules, chosen) * Math.min(99, Math.max(1, quantity));
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  return (
    <article className="combo-detail builder panel" aria-labelledby="combo-title">
      <p>
        <Link to={combo.menuPath}>{t("combo.back")}</Link>
      </p>
      <img src={combo.image} alt="" width={200} height={200} />
      <h1 id="combo-title">{combo.name}</h1>
      <p className="description">{combo.description}</p>
      {actionData?.notice ? <NoticeBanner notice={actionData.notice} /> : null}
      {!hasDisposition ? (
        <p className="hint">
          {t("menu:chooseFirst")} <Link to="/home">{t("menu:chooseLink")}</Link>
        </p>
      ) : null}

      <Form method="post" className="builder-form" preventScrollReset aria-label={t("combo.label", { name: combo.name })}>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productUuid" value={combo.uuid} />
        <p className="hint">{t("combo.slotsHint")}</p>
        {combo.slots.map((slot) => (
          <fieldset key={slot.id}>
            <legend>{slot.name}</legend>
            {slot.options.map((o) => (
              <label key={o.uuid} className="choice">
                <input
                  type="radio"
                  name={`slot-${slot.id}`}
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
      </Form>
    </article>
  );
}
