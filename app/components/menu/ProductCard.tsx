import { Link } from "~/components/link";
import { useId } from "react";
import { useTranslation } from "~/i18n/react";
import type { ProductCard as MenuProduct } from "#server/catalog/menu";

/** A menu product as the page has it: its availability problem carries its message key (app/errors.ts). */
type Product = Omit<MenuProduct, "unavailable"> & { unavailable: (NonNullable<MenuProduct["unavailable"]> & { key: string }) | null };
import { useMoney } from "~/components/ui/Money";
import { CartForm } from "~/components/cart/CartForm";
import { AnchoredNotice } from "~/components/ui/Notice";
import { optionLabel } from "./option-label";

/**
 * A product with its add-to-cart form. A pizza's size and crust are one choice: each option names both and
 * shows its price, so every option is valid and the form needs no script. A combo with slots has no form here:
 * its link leads to the combo page, where one product is chosen per slot.
 */
export function ProductCard({
  product,
  href,
}: {
  product: Product;
  href: string;
}) {
  const { t, i18n } = useTranslation(["menu", "errors"]);
  const lng = i18n.language;
  const money = useMoney();
  const id = useId();
  const titleId = `${id}-title`;
  // The card's id: an add posted without scripts (the menu's document has none) comes back to it.
  const anchor = `product-${product.uuid}`;
  return (
    <article className="product-card" id={anchor} aria-labelledby={titleId}>
      {/* First in the card, where the answer to its add (a reload to the card) is read from. */}
      <AnchoredNotice at={anchor} />
      <img src={product.image} alt="" width={160} height={160} loading="lazy" />
      <h2 id={titleId}>{product.name}</h2>
      <p className="description">{product.description}</p>
      {product.unavailable ? (
        <p className="unavailable-note">{t(product.unavailable.key, product.unavailable)}</p>
      ) : null}
      <p className="price">
        {product.fromPriceCents === 0
          ? t("free")
          : product.sizes.length > 0
          ? t("from", { price: money(product.fromPriceCents) })
          : money(product.fromPriceCents)}
      </p>
      {product.sizes.length > 0 || product.productType === 2 ? (
        <Link
          to={href}
          className="customize"
          aria-label={t("customizeNamed", { name: product.name })}
          preventScrollReset
        >
          {t("customize")}
        </Link>
      ) : null}
      {product.hasSlots ? (
        <Link
          to={`/combo-detail/${product.uuid}`}
          className="button"
          aria-label={t("chooseNamed", { name: product.name })}
        >
          {t("choose")}
        </Link>
      ) : product.productType === 2 ? null : (
        <CartForm intent="add" className="add-form" at={anchor}>
          {({ busy }) => (
            <>
              <input type="hidden" name="productUuid" value={product.uuid} />
              {product.sizes.length > 0 ? (
                <div className="field">
                  {/* Named with its product: a screen reader's list of a page's fields has one of these per card. */}
                  <label htmlFor={`${id}-option`}>
                    {t("sizeAndCrust")}
                    <span className="visually-hidden"> {t("optionsOf", { name: product.name })}</span>
                  </label>
                  <select id={`${id}-option`} name="option">
                    {product.sizes.map((size) =>
                      size.crusts.length > 0 ? (
                        <optgroup key={size.id} label={size.name}>
                          {size.crusts.map((crust) => (
                            <option key={crust.id} value={`${size.id}:${crust.id}`}>
                              {optionLabel(crust, lng, () =>
                                t("optionLabel", { size: size.name, crust: crust.name, price: money(size.priceCents + crust.priceCents) }),
                              )}
                            </option>
                          ))}
                        </optgroup>
                      ) : (
                        <option key={size.id} value={`${size.id}`}>
                          {optionLabel(size, lng, () => t("sizeLabel", { size: size.name, price: money(size.priceCents) }))}
                        </option>
                      )
                    )}
                  </select>
                </div>
              ) : null}
              <button
                type="submit"
                className="button"
                aria-label={t("addNamed", { name: product.name })}
                disabled={busy}
              >
                {busy ? t("adding") : t("add")}
              </button>
            </>
          )}
        </CartForm>
      )}
    </article>
  );
}
