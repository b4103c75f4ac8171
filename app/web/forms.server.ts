/**
 * What the routes' actions parse their forms with. A `.server` module, so that a route file's imports for its action
 * never reach the browser: esbuild's code splitting gives a page every module its route file imports, used or not,
 * and zod (with @conform-to/zod) is left out of a page's first load (issue 15). The pages validate inline with the
 * same schemas, loaded after hydration (app/lazy-validation.ts).
 */
import { parseWithZod as conformParseWithZod, unstable_coerceFormValue as coerceFormValue } from "@conform-to/zod";
import { type ZodTypeAny, z } from "zod";
import { supportedLngs } from "~/i18n/config";

const coerced = new WeakMap<ZodTypeAny, ZodTypeAny>();

/** A schema with conform's form coercion (empty strings to undefined, strings to numbers...), built once per schema. */
export function withFormCoercion<Schema extends ZodTypeAny>(schema: Schema): Schema {
  let found = coerced.get(schema);
  if (!found) {
    found = coerceFormValue(schema);
    coerced.set(schema, found);
  }
  return found as Schema;
}

/**
 * conform's `parseWithZod`, with the coercion it wraps a schema in built once per schema instead of on every parse
 * (its `enableTypeCoercion` rebuilds the whole schema each call: ~0.3 ms of a checkout post; issue 15). The actions'
 * schemas are module constants or kept per variant (checkoutFormSchema), so each is coerced once per process. A
 * caller that turns coercion off gets conform's own.
 */
type ParseOptions = Parameters<typeof conformParseWithZod>[1];

export const parseWithZod = ((payload: FormData | URLSearchParams, options: ParseOptions) => {
  if (options.disableAutoCoercion) return conformParseWithZod(payload, options);
  const { schema } = options;
  return conformParseWithZod(payload, {
    ...options,
    schema: typeof schema === "function" ? (intent: Parameters<typeof schema>[0]) => withFormCoercion(schema(intent)) : withFormCoercion(schema),
    disableAutoCoercion: true,
  });
}) as typeof conformParseWithZod;
export { cartIntentSchema, dayOfOrderTimeValue, orderTimeSchema } from "~/forms";
export { loginSchema, registerSchema, resetRequestSchema, setPasswordSchema } from "~/components/account/schemas";
export { attachCouponSchema } from "~/components/coupons/schemas";
export { playSchema } from "~/components/game/schemas";
export { staffLoginSchema } from "~/components/store/schemas";

/**
 * The language form: one of the shop's languages (the header's drop-down); `back` is the page to return to. Only the
 * action parses it (the form has no inline errors), and here it keeps ~/i18n/config out of ~/forms, which the
 * address forms load after hydration: a module shared by both would be split off the menu's first chunk.
 */
export const languageSchema = z.object({
  lng: z.enum(supportedLngs, { errorMap: () => ({ message: "language" }) }),
  back: z.string().max(500).optional(),
});
