import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { comboDetail } from "./combo.server";
import { pageTitle } from "~/meta";
import { storefront } from "~/web/storefront.server";
import { ComboForm } from "~/components/menu/ComboForm";
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
  const { t } = useTranslation("menu");
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

      <ComboForm combo={combo} kept={kept} />
    </article>
  );
}
