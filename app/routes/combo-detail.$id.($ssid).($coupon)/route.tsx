import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/i18n/react";
import { comboDetail, dealOnCombo, noDealNotice } from "./combo.server";
import { pageTitle } from "~/meta";
import { redirectWith, storefront } from "~/web/storefront.server";
import { ComboForm } from "~/components/menu/ComboForm";
import { useRootData } from "~/root-data";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /combo-detail/:id/:ssid?/:coupon? (spec section 2, combo layout): one product per slot of a combo, then add.
 * `id` is the combo product's uuid. A deal coupon (type 6) opens its combo at /combo-detail/:id/deal/:coupon: the
 * page shows the deal's price and adds the combo once with the coupon (the cart checks the coupon then). The spec
 * does not say what `ssid` is; we give it the literal "deal" in the paths we make and accept anything in it. A
 * coupon segment that is not a deal for this combo opens the combo at its own price, with the coupon-not-found
 * message (CP-12) and its link to the deals.
 */
export const handle = { layout: "combo", i18n: ["menu", "cart"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.combo.name, args);

const COMBOS = "/order/combos";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const store = await storefront(request);
  const combo = await comboDetail(store, params.id ?? "");
  if (!combo) throw redirect(COMBOS);
  const deal = await dealOnCombo(store, combo.uuid, params.coupon);
  if (params.coupon && !deal) {
    throw await redirectWith(store.session, `/combo-detail/${combo.uuid}`, noDealNotice(store));
  }
  return json({ combo, deal: deal ?? null, hasDisposition: Boolean(store.session.get("disposition")) });
}

export default function ComboDetailPage() {
  const { combo, deal, hasDisposition } = useLoaderData<typeof loader>();
  // A combo post the cart refused comes back here with what was chosen (routes/cart.tsx): shown again as it was.
  const refused = useRootData()?.cartChoice;
  const kept = refused?.productUuid === combo.uuid ? refused : null;
  const { t } = useTranslation("menu");
  return (
    <article className="combo-detail builder panel" aria-labelledby="combo-title">
      <p>
        <Link to={combo.menuPath}>{t("combo.back")}</Link>
      </p>
      <img src={combo.image} alt="" width={200} height={200} />
      <h1 id="combo-title">{combo.name}</h1>
      <p className="description">{combo.description}</p>
      {deal ? (
        <p className="notice notice-info" role="status">
          {t("combo.deal", { name: deal.name, code: deal.code })}
        </p>
      ) : null}
      {!hasDisposition ? (
        <p className="hint">
          {t("menu:chooseFirst")} <Link to="/home">{t("menu:chooseLink")}</Link>
        </p>
      ) : null}

      <ComboForm combo={combo} kept={kept} deal={deal} />
    </article>
  );
}
