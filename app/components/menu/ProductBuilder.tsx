import { Form, useSubmit } from "@remix-run/react";
import { Link } from "~/components/link";
import { useEffect, useMemo, useRef, useState } from "react";
import type { BuilderProduct } from "~/web/menu.server";
import { useMoney } from "~/components/ui/Money";
import { QuantityField } from "~/components/ui/QuantityField";
import { useTranslation } from "~/i18n/react";
import { halfAndHalfConstantCents } from "#server/cart/halves";
import { toppingControls } from "#server/cart/toppings";
import { CartForm } from "~/components/cart/CartForm";
import { useHydrated } from "remix-utils/use-hydrated";

/** Set when a size radio that had focus was chosen: the builder drawn for that size gives it focus back. */
let sizeChosenByKeyboard = false;

export interface HalfChoice {
  uuid: string;
  name: string;
  sizePrices: Record<string, number>;
}

export interface BuilderDefaults {
  secondLayerId?: number | null;
  halves?: string[];
  removed: number[];
  extras: Record<number, number>;
  quantity: number;
}

/**
 * The product builder: size first (a GET form, so the page shows that size's crusts without script), then crust,
 * toppings and quantity in the post. With JavaScript the size form submits itself on change and the topping
 * controls disable at the product's limits; without it the server refuses an over-limit post with a message.
 */
export function ProductBuilder({
  product,
  halves,
  sizeId,
  lineId,
  defaults,
  closeTo,
}: {
  product: BuilderProduct;
  halves: HalfChoice[];
  sizeId: number | null;
  lineId: number | null;
  defaults: BuilderDefaults;
  /** the page the builder closes to once a line's changed options are saved (its category) */
  closeTo: string;
}) {
  const { t } = useTranslation("menu");
  const money = useMoney();
  const submit = useSubmit();
  const sizeForm = useRef<HTMLFormElement>(null);
  const builderRef = useRef<HTMLElement>(null);
  const size = product.sizes.find((s) => s.id === sizeId) ?? product.sizes[0];
  // A size chosen from the keyboard (an arrow key checks the next radio) brings the builder back anew for that size
  // (its key): focus goes back to the chosen size, so the next arrow key goes on to the next one.
  useEffect(() => {
    if (!sizeChosenByKeyboard) return;
    sizeChosenByKeyboard = false;
    if (document.activeElement && document.activeElement !== document.body) return;
    sizeForm.current?.querySelector<HTMLInputElement>('input[name="size"]:checked')?.focus();
  }, []);
  const [crustId, setCrustId] = useState<number | undefined>(
    size?.crusts.find((c) => c.id === defaults.secondLayerId)?.id ?? size?.crusts[0]?.id,
  );
  const [removed, setRemoved] = useState<number[]>(defaults.removed);
  const [extras, setExtras] = useState<Record<number, number>>(defaults.extras);
  const [quantity, setQuantity] = useState(defaults.quantity);
  const isHalf = product.productType === 2;
  const halvesInSize = size ? halves.filter((h) => h.sizePrices[size.sku] !== undefined) : [];
  const [halfA, setHalfA] = useState(defaults.halves?.[0] ?? halvesInSize[0]?.uuid ?? "");
  const [halfB, setHalfB] = useState(defaults.halves?.[1] ?? halvesInSize[1]?.uuid ?? "");
  const offers = useMemo(
    () => product.toppings.map((o) => ({ toppingId: o.id, type: o.type, priceCents: o.priceCents })),
    [product.toppings],
  );
  const controls = toppingControls(offers, { removed, extras }, product.limits);
  const crust = size?.crusts.find((c) => c.id === crustId);
  const live = useHydrated();
  const extrasCents = product.toppings.reduce((sum, o) => sum + (extras[o.id] ?? 0) * o.priceCents, 0);
  const halfPrice = (uuid: string) => (size ? halves.find((h) => h.uuid === uuid)?.sizePrices[size.sku] ?? 0 : 0);
  const unitCents = isHalf
    ? Math.max(halfPrice(halfA), halfPrice(halfB)) + halfAndHalfConstantCents(product.lunch ? "lunch" : "normal") + (crust?.priceCents ?? 0)
    : (size ? size.priceCents + (crust?.priceCents ?? 0) : product.priceCents) + extrasCents;
  const removable = product.toppings.filter((o) => o.type === 0 || o.type === 1);
  const addable = product.toppings.filter((o) => o.type === 0 || o.type === 2);

  // What was chosen before the scripts ran (the builder's own document: its code arrives after the first paint) had
  // no onChange: once hydrated, the builder takes it from its form, so the limits and the price follow it. A size
  // is sent as its onChange would have sent it (the page then shows that size's crusts).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    const chosen = sizeForm.current?.querySelector<HTMLInputElement>('input[name="size"]:checked');
    if (chosen && Number(chosen.value) !== size?.id) {
      sizeChosenByKeyboard = document.activeElement === chosen;
      submit(sizeForm.current, { preventScrollReset: true, replace: true });
      return;
    }
    const form = builderRef.current?.querySelector<HTMLFormElement>("form.builder-form");
    if (!form) return;
    const fields = new FormData(form);
    const crust = Number(fields.get("secondLayerId"));
    if (size?.crusts.some((c) => c.id === crust)) setCrustId(crust);
    setRemoved(fields.getAll("remove").map(Number).filter((id) => removable.some((o) => o.id === id)));
    const typed: Record<number, number> = {};
    addable.forEach((o, i) => {
      const count = Number(fields.get(`extra[${i}].count`) ?? 0);
      if (count > 0) typed[o.id] = count;
    });
    setExtras(typed);
    if (isHalf) {
      setHalfA(String(fields.get("half[0]") ?? halfA));
      setHalfB(String(fields.get("half[1]") ?? halfB));
    }
    const count = Number(fields.get("quantity"));
    if (Number.isInteger(count) && count >= 1) setQuantity(count);
  }, []);

  const toggleRemoved = (id: number, on: boolean) => setRemoved((r) => (on ? [...r, id] : r.filter((x) => x !== id)));
  const setExtra = (id: number, count: number) =>
    setExtras((e) => {
      const next = { ...e };
      if (count > 0) next[id] = count;
      else delete next[id];
      return next;
    });

  return (
    <article className="builder panel" ref={builderRef} aria-label={t("customizeNamed", { name: product.name })}>
      <img src={product.image} alt="" width={200} height={200} />
      <h2 id="builder-title">{product.name}</h2>
      <p className="description">{product.description}</p>
      <p>
        <Link to={`/nutritional-content#product-${product.sku}`}>{t("allergensLink")}</Link>
      </p>

      {product.sizes.length > 0 ? (
        <Form method="get" className="size-form" preventScrollReset replace ref={sizeForm}>
          {lineId ? <input type="hidden" name="line" value={lineId} /> : null}
          <fieldset>
            <legend>{t("builder.size")}</legend>
            {product.sizes.map((s) => (
              <label key={s.id} className="choice">
                <input
                  type="radio"
                  name="size"
                  value={s.id}
                  defaultChecked={s.id === size?.id}
                  onChange={(e) => {
                    sizeChosenByKeyboard = document.activeElement === e.currentTarget;
                    submit(e.currentTarget.form, { preventScrollReset: true, replace: true });
                  }}
                />{" "}
                {t("builder.sizeOption", { size: s.name, price: money(s.priceCents + (s.crusts[0]?.priceCents ?? 0)) })}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button button-quiet">
            {t("builder.chooseSize")}
          </button>
        </Form>
      ) : null}

      <CartForm intent={lineId ? "update" : "add"} className="builder-form" redirectTo={lineId ? closeTo : undefined}>
        {({ busy }) => (
          <>
            {lineId ? <input type="hidden" name="lineId" value={lineId} /> : <input type="hidden" name="productUuid" value={product.uuid} />}
            {size ? <input type="hidden" name="firstLayerId" value={size.id} /> : null}
            {size && size.crusts.length > 0 ? (
              <fieldset>
                <legend>{t("builder.crust", { size: size.name })}</legend>
                {size.crusts.map((c) => (
                  <label key={c.id} className="choice">
                    <input
                      type="radio"
                      name="secondLayerId"
                      value={c.id}
                      checked={c.id === crustId}
                      onChange={() => setCrustId(c.id)}
                    />{" "}
                    {c.priceCents > 0 ? t("builder.crustExtra", { crust: c.name, price: money(c.priceCents, "+") }) : c.name}
                  </label>
                ))}
              </fieldset>
            ) : null}

            {isHalf ? (
              <fieldset>
                <legend>{t("builder.halvesLegend")}</legend>
                <p className="hint">{t("builder.halvesHint", { price: money(halfAndHalfConstantCents(product.lunch ? "lunch" : "normal")) })}</p>
                {(["first", "second"] as const).map((which, i) => (
                  <div className="field" key={which}>
                    <label htmlFor={`half-${which}`}>{t(`builder.half.${which}`)}</label>
                    <select
                      id={`half-${which}`}
                      name={`half[${i}]`}
                      value={i === 0 ? halfA : halfB}
                      onChange={(e) => (i === 0 ? setHalfA : setHalfB)(e.currentTarget.value)}
                    >
                      {halvesInSize.map((h) => (
                        <option key={h.uuid} value={h.uuid}>
                          {h.name}
                        </option>
                      ))}
                    </select>
                  </div>
                ))}
              </fieldset>
            ) : null}

            {removable.length > 0 ? (
              <fieldset>
                <legend>{t("builder.removeLegend")}</legend>
                <p className="hint">{t("builder.removeHint", { count: product.limits.maxRemovals })}</p>
                {removable.map((o) => (
                  <label key={o.id} className="choice">
                    <input
                      type="checkbox"
                      name="remove"
                      value={o.id}
                      checked={removed.includes(o.id)}
                      disabled={!controls[o.id]?.canRemove && !removed.includes(o.id)}
                      onChange={(e) => toggleRemoved(o.id, e.currentTarget.checked)}
                    />{" "}
                    {t("builder.without", { topping: o.name })}
                  </label>
                ))}
              </fieldset>
            ) : null}

            {addable.length > 0 ? (
              <fieldset>
                <legend>{t("builder.extraLegend")}</legend>
                <p className="hint">{t("builder.extraHint", { count: product.limits.maxExtras })}</p>
                {addable.map((o, i) =>
                  product.limits.maxPerTopping === 1 ? (
                    <label key={o.id} className="choice">
                      <input type="hidden" name={`extra[${i}].toppingId`} value={o.id} />
                      <input
                        type="checkbox"
                        name={`extra[${i}].count`}
                        value={1}
                        checked={(extras[o.id] ?? 0) > 0}
                        disabled={!controls[o.id]?.canAdd && !extras[o.id]}
                        onChange={(e) => setExtra(o.id, e.currentTarget.checked ? 1 : 0)}
                      />{" "}
                      {t("builder.extra", { topping: o.name, price: money(o.priceCents, "+") })}
                    </label>
                  ) : (
                    <label key={o.id} className="choice">
                      <input type="hidden" name={`extra[${i}].toppingId`} value={o.id} />
                      {t("builder.extra", { topping: o.name, price: money(o.priceCents, "+") })}{" "}
                      <select name={`extra[${i}].count`} value={extras[o.id] ?? 0} onChange={(e) => setExtra(o.id, Number(e.currentTarget.value))}>
                        {Array.from({ length: product.limits.maxPerTopping + 1 }, (_, n) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: the key is the count the option stands for
                          <option key={n} value={n} disabled={n > (extras[o.id] ?? 0) && !controls[o.id]?.canAdd}>
                            {n}
                          </option>
                        ))}
                      </select>
                    </label>
                  ),
                )}
              </fieldset>
            ) : null}

            {lineId ? null : (
              <QuantityField id="builder-quantity" label={t("builder.quantity")} value={quantity} onChange={setQuantity} />
            )}
            {/* Without JavaScript the price cannot follow the extras, the halves and the quantity: one pizza of the
                chosen size and crust and that the extras add to it, or how halves are priced (the server prices the post). */}
            <p className="price" aria-live="polite">
              {live
                ? t("builder.price", { price: money(unitCents * (lineId ? 1 : Math.max(1, quantity))) })
                : isHalf
                  ? t("builder.priceHalves", { price: money(halfAndHalfConstantCents(product.lunch ? "lunch" : "normal") + (crust?.priceCents ?? 0)) })
                  : t("builder.priceEach", { price: money(unitCents - extrasCents) })}
            </p>
            <button type="submit" className="button" disabled={busy}>
              {busy ? t("adding") : lineId ? t("builder.save") : t("builder.addToCart")}
            </button>
          </>
        )}
      </CartForm>
    </article>
  );
}
