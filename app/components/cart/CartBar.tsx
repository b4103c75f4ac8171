import { useTranslation } from "~/i18n/react";
import { useMoney } from "~/components/ui/Money";
import type { CartSummary } from "~/web/cart.server";

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
