import { Link } from "~/components/link";
import { useTranslation } from "~/i18n/react";
import type { RootData } from "~/root";
import { OrderTimeSummary } from "~/components/order-time/OrderTimeSummary";

export function Header({ root, showCart, showDisposition }: { root: RootData; showCart: boolean; showDisposition: boolean }) {
  const { t } = useTranslation("common");
  const d = root.disposition;
  return (
    <header className="site-header">
      <Link to="/home" className="brand" aria-label={t("brand.home", { brand: root.brand.name })}>
        <img src={root.brand.logo.src} alt="" width={root.brand.logo.width} height={root.brand.logo.height} />
        <span>{root.brand.name}</span>
      </Link>
      <nav aria-label={t("nav.label")}>
        <ul>
          <li>
            <Link to="/order">{t("nav.menu")}</Link>
          </li>
        </ul>
      </nav>
      {showDisposition && d ? (
        <p className="disposition">
          <span>{d.orderType === "D" ? t("disposition.delivery", { postalCode: d.postalCode }) : t("disposition.carryout")}</span>{" "}
          <strong>{d.outletName}</strong> <Link to="/home">{t("disposition.change")}</Link>
          <OrderTimeSummary root={root} />
        </p>
      ) : null}
      <nav aria-label={t("nav.account")} className="account-nav">
        {root.customer ? (
          <ul>
            <li>
              <Link to="/profile">{t("nav.signedInAs", { name: root.customer.firstName })}</Link>
            </li>
            <li>
              <Link to="/history">{t("nav.history")}</Link>
            </li>
            <li>
              {/* A document post (not Remix's Form): signing out reloads the whole page, and the menu's script stays small. */}
              <form method="post" action="/logout">
                <input type="hidden" name="csrf" value={root.csrf} />
                <button type="submit" className="link-button">
                  {t("nav.signOut")}
                </button>
              </form>
            </li>
          </ul>
        ) : (
          <ul>
            <li>
              <Link to={`/login?redirectTo=${encodeURIComponent(root.path)}`}>{t("nav.signIn")}</Link>
            </li>
          </ul>
        )}
      </nav>
      {showCart ? (
        <Link to="/checkout" className="cart-badge">
          {t("cartBadge", { count: root.cartCount })}
        </Link>
      ) : null}
    </header>
  );
}
