import { Link } from "~/components/link";
import { useTranslation } from "~/i18n/react";
import { choiceTexts } from "~/components/order/choice-texts";
import type { CartSummary } from "~/web/cart.server";
import { useMoney } from "~/components/ui/Money";
import { CartTotals } from "./CartTotals";
import { CartButtonForm, CartForm } from "./CartForm";
import { AnchoredNotice } from "~/components/ui/Notice";
import type { ReactNode } from "react";

/** The panel's id: an anchored form's answer (a document post from the menu's panel) comes back to it. */
const PANEL_ID = "cart";

/**
 * The server's copy of the cart, with a quantity form and a remove form per line (no script needed). On the cart
 * page its title is the page's heading (`titleAs="h1"`).
 */
export function CartPanel({
  cart,
  minCartCents,
  titleAs: Title = "h2",
  coupons,
  anchored = false,
}: {
  cart: CartSummary | null;
  minCartCents: number;
  titleAs?: "h1" | "h2";
  /**
   * The coupons on the cart and the code field (the cart page passes them). The menu's side panel shows what they
   * take off in its totals, and sends to the cart when one no longer applies.
   */
  coupons?: ReactNode;
  /**
   * Its forms come back to the panel (`at`, its id) when posted as documents, the message shown in it: the menu's
   * panel, whose page is a document without scripts and on a phone has the panel below its whole list.
   */
  anchored?: boolean;
}) {
  const { t } = useTranslation("cart");
  const money = useMoney();
  const belowMinimum = cart && minCartCents > 0 && cart.totals.subtotalCents < minCartCents;
  const unavailable = cart?.lines.some((line) => line.unavailable);
  const flaggedCoupon = cart?.coupons.some((coupon) => coupon.problem);
  const at = anchored ? PANEL_ID : undefined;
  return (
    <aside className="cart-panel" aria-labelledby="cart-title" id={PANEL_ID}>
      <Title id="cart-title">{t("title")}</Title>
      {at ? <AnchoredNotice at={at} /> : null}
      {!cart || cart.lines.length === 0 ? (
        <p>{t("empty")}</p>
      ) : (
        <>
          <ul className="cart-lines">
            {cart.lines.map((line) => {
              // Each line's controls are named with its size, crust and halves: two sizes of one pizza are two
              // lines, and "Quitar Pepperoni" twice would leave a screen-reader user guessing which.
              const named = [line.name, line.halves.length === 2 ? line.halves.join(" / ") : null, line.size, line.crust].filter(Boolean).join(t("listSeparator"));
              return (
                <li key={line.id} className="cart-line">
                  <div>
                    <strong>{line.name}</strong>
                    {line.size ? <span className="muted"> {[line.size, line.crust].filter(Boolean).join(" · ")}</span> : null}
                    {choiceTexts(t, line).map((text) => (
                      <div className="muted" key={text}>
                        {text}
                      </div>
                    ))}
                    <div>{line.totalCents === 0 ? t("free") : money(line.totalCents)}</div>
                    {line.couponCode ? <div className="muted">{t("coupon.line", { code: line.couponCode })}</div> : null}
                    {line.unavailable ? (
                      <p className="field-error" role="status">
                        {t(line.unavailable.key, line.unavailable)}
                      </p>
                    ) : null}
                    {line.firstLayerId && line.productType !== 2 && !line.couponCode ? (
                      <Link to={`${line.productPath}?line=${line.id}`} aria-label={t("editNamed", { name: named })} preventScrollReset>
                        {t("edit")}
                      </Link>
                    ) : null}
                  </div>
                  {line.couponCode ? null : (
                  <CartForm intent="quantity" className="inline-form" at={at}>
                    {({ busy }) => (
                      <>
                        <input type="hidden" name="lineId" value={line.id} />
                        <label htmlFor={`qty-${line.id}`} className="visually-hidden">
                          {t("quantityOf", { name: named })}
                        </label>
                        <input id={`qty-${line.id}`} name="quantity" type="number" min={1} max={99} defaultValue={line.quantity} key={line.quantity} inputMode="numeric" />
                        <button type="submit" className="button button-quiet" aria-label={t("updateNamed", { name: named })} disabled={busy}>
                          {t("update")}
                        </button>
                      </>
                    )}
                  </CartForm>
                  )}
                  <CartButtonForm intent="remove" name="lineId" value={line.id} text={t("remove")} label={t("removeNamed", { name: named })} at={at} />
                </li>
              );
            })}
          </ul>
          {coupons}
          <CartTotals totals={cart.totals} deliveryFeeWaived={cart.deliveryFeeWaived} />
          <CartForm intent="empty" className="inline-form" at={at}>
            {({ busy }) => (
              <button type="submit" className="button button-quiet" disabled={busy}>
                {t("emptyCart")}
              </button>
            )}
          </CartForm>
          {cart.totals.subtotalCents === 0 ? (
            <p className="notice notice-info" role="status">
              {t("onlyFree")}
            </p>
          ) : unavailable ? (
            <p className="notice notice-error" role="status">
              {t("unavailableLines")}
            </p>
          ) : flaggedCoupon ? (
            <p className="notice notice-error" role="status">
              {t("coupon.flaggedBlocks")} {coupons ? null : <Link to="/cart">{t("coupon.seeCart")}</Link>}
            </p>
          ) : belowMinimum ? (
            <p className="notice notice-info" role="status">
              {t("errors:minimumCart", { amount: money(minCartCents) })}
            </p>
          ) : (
            <Link to="/checkout" className="button">
              {t("checkout")}
            </Link>
          )}
        </>
      )}
    </aside>
  );
}

/**
 * On a phone the menu's cart panel sits below the whole list of products, and the header's badge scrolls away with
 * the page: this bar, the last thing in the list's column, stays at the window's foot while the list scrolls
 * (`position: sticky`, no script: the menu is a document without them) and says what the cart holds and costs. It
 * leads to the panel, where the bar then rests above it. Wider screens show the panel beside the list and no bar
 * (app/styles/app.css); an empty cart has none either.
 */
export function CartBar({ cart }: { cart: CartSummary | null }) {
  const { t } = useTranslation("cart");
  const money = useMoney();
  if (!cart || cart.lines.length === 0) return null;
  return (
    <p className="cart-bar">
      <a href="#cart">{t("bar", { count: cart.count, total: money(cart.totals.totalCents) })}</a>
    </p>
  );
}
