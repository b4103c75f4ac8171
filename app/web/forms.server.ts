/**
 * What the routes' actions parse their forms with. A `.server` module, so that a route file's imports for its action
 * never reach the browser: esbuild's code splitting gives a page every module its route file imports, used or not,
 * and zod (with @conform-to/zod) is left out of a page's first load (issue 15). The pages validate inline with the
 * same schemas, loaded after hydration (app/lazy-validation.ts).
 */
import { z } from "zod";
import { supportedLngs } from "~/i18n/config";

export { parseWithZod } from "@conform-to/zod";
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
