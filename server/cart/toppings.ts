/**
 * Pure topping rules of the product builder: a customer removes default toppings and adds extras.
 *
 * Topping types (spec section 3): 0 both, 1 default, 2 extra.
 * - type 1 (default) is on the product; it can be removed, not added.
 * - type 2 (extra) is not on the product; it can be added, not removed.
 * - type 0 (both) is on the product AND can be added as an extra (a double portion) AND can be removed.
 * Removing and adding the same topping at once is invalid. Counts are non-negative integers; a count of 0 is
 * "not added" and is ignored everywhere. A topping listed twice in `removed` counts as one removal.
 *
 * Limits are per product (products.max_extras, max_removals, max_per_topping); the spec's tenant values are
 * extra 1, removal 1, per topping 1 (`DEFAULT_TOPPING_LIMITS`).
 *
 * `toppingProblem` reports the first problem in this order: an invalid topping (removals in the order given,
 * then extras by ascending id), the removal limit, the per-topping limit (lowest id first), the extras total.
 */
import { constants } from "../constants";

export interface ProductTopping {
  toppingId: number;
  /** 0 both, 1 default, 2 extra */
  type: 0 | 1 | 2;
  priceCents: number;
}

export interface ToppingLimits {
  maxExtras: number;
  maxRemovals: number;
  maxPerTopping: number;
}

export interface ToppingChoice {
  removed: number[];
  /** toppingId -> how many times it is added */
  extras: Record<number, number>;
}

export type ToppingProblem =
  /** Not a topping of this product, removing a non-default, adding a pure default, a bad count, or both removed and added. */
  | { code: "TOPPING-INVALID"; toppingId: number }
  /** More extras in total than maxExtras. */
  | { code: "TOPPING-EXTRA-LIMIT"; max: number }
  /** More removals than maxRemovals. */
  | { code: "TOPPING-REMOVAL-LIMIT"; max: number }
  /** One topping added more times than maxPerTopping. */
  | { code: "TOPPING-PER-LIMIT"; max: number; toppingId: number };

export interface ToppingControl {
  canRemove: boolean;
  canAdd: boolean;
}

/** The spec's tenant values (section 9), for products that do not say otherwise. */
export const DEFAULT_TOPPING_LIMITS: ToppingLimits = {
  maxExtras: constants.toppingLimits.extra,
  maxRemovals: constants.toppingLimits.removal,
  maxPerTopping: constants.toppingLimits.perTopping,
};

const removable = (type: number) => type === 0 || type === 1;
const addable = (type: number) => type === 0 || type === 2;

/** Extras as [id, count] pairs by ascending id, zero counts dropped (others kept, valid or not). */
function extraEntries(extras: Record<number, number>): [number, number][] {
  return Object.entries(extras ?? {})
    .map(([key, count]) => [Number(key), count] as [number, number])
    .filter(([, count]) => count !== 0)
    .sort(([a], [b]) => a - b);
}

function invalidTopping(options: ProductTopping[], choice: ToppingChoice): number | null {
  const byId = new Map(options.map((o) => [o.toppingId, o]));
  const removed = new Set<number>();
  for (const id of choice.removed ?? []) {
    const option = byId.get(id);
    if (!Number.isInteger(id) || !option || !removable(option.type)) return id;
    removed.add(id);
  }
  for (const [id, count] of extraEntries(choice.extras)) {
    const option = byId.get(id);
    if (!Number.isInteger(id) || !option || !addable(option.type)) return id;
    if (!Number.isInteger(count) || count < 0) return id;
    if (removed.has(id)) return id;
  }
  return null;
}

/** The first problem with a customer's topping choice for a product, or null when it is allowed. */
export function toppingProblem(
  options: ProductTopping[],
  choice: ToppingChoice,
  limits: ToppingLimits,
): ToppingProblem | null {
  const invalid = invalidTopping(options, choice);
  if (invalid !== null) return { code: "TOPPING-INVALID", toppingId: invalid };

  const removals = new Set(choice.removed ?? []).size;
  if (removals > limits.maxRemovals) return { code: "TOPPING-REMOVAL-LIMIT", max: limits.maxRemovals };

  const extras = extraEntries(choice.extras);
  for (const [id, count] of extras) {
    if (count > limits.maxPerTopping) return { code: "TOPPING-PER-LIMIT", max: limits.maxPerTopping, toppingId: id };
  }

  const total = extras.reduce((sum, [, count]) => sum + count, 0);
  if (total > limits.maxExtras) return { code: "TOPPING-EXTRA-LIMIT", max: limits.maxExtras };

  return null;
}

/**
 * What the chosen extras add to the unit price: the sum of count × the topping's price. Removals give no
 * discount. Limits are not this function's concern, but an invalid choice (see TOPPING-INVALID) throws a
 * RangeError rather than being priced: check `toppingProblem` first.
 */
export function toppingsPriceCents(options: ProductTopping[], choice: ToppingChoice): number {
  const invalid = invalidTopping(options, choice);
  if (invalid !== null) throw new RangeError(`topping ${invalid} is not a valid choice for this product`);
  const priceOf = new Map(options.map((o) => [o.toppingId, o.priceCents]));
  let cents = 0;
  for (const [id, count] of extraEntries(choice.extras)) {
    const price = priceOf.get(id)!;
    if (!Number.isInteger(price) || price < 0) throw new RangeError(`topping ${id} has no integer price`);
    cents += count * price;
  }
  return cents;
}

/**
 * The canonical form of a choice: removed ids sorted ascending without duplicates, extras without zero counts
 * and with keys in ascending order, so two equal choices serialise identically (JSON.stringify) and identical
 * cart lines can be merged. It does not validate: invalid parts are kept for `toppingProblem` to report.
 * The input is not modified.
 */
export function normaliseChoice(choice: ToppingChoice): ToppingChoice {
  const removed = [...new Set(choice.removed ?? [])].sort((a, b) => a - b);
  const extras: Record<number, number> = {};
  for (const [id, count] of extraEntries(choice.extras)) extras[id] = count;
  return { removed, extras };
}

/**
 * For the product builder: for every topping of the product, whether its remove and add controls are still
 * enabled given the current choice.
 * - canRemove: the topping is removable (type 0 or 1) and not currently added as an extra, and either it is
 *   already removed (the control stays on so the customer can put it back) or removals are below maxRemovals.
 * - canAdd (one more): the topping is addable (type 0 or 2), not removed, its count is below maxPerTopping,
 *   and the extras total is below maxExtras.
 */
export function toppingControls(
  options: ProductTopping[],
  choice: ToppingChoice,
  limits: ToppingLimits,
): Record<number, ToppingControl> {
  const removed = new Set(choice.removed ?? []);
  const counts = new Map<number, number>();
  let total = 0;
  for (const [id, count] of extraEntries(choice.extras)) {
    if (Number.isInteger(count) && count > 0) {
      counts.set(id, count);
      total += count;
    }
  }

  const controls: Record<number, ToppingControl> = {};
  for (const option of options) {
    const id = option.toppingId;
    const count = counts.get(id) ?? 0;
    const isRemoved = removed.has(id);
    controls[id] = {
      canRemove: removable(option.type) && count === 0 && (isRemoved || removed.size < limits.maxRemovals),
      canAdd: addable(option.type) && !isRemoved && count < limits.maxPerTopping && total < limits.maxExtras,
    };
  }
  return controls;
}
