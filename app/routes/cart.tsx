import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { applyCartIntent, cartSummary, choiceOf, couponWaitingForChoice, withCouponLink } from "~/web/cart.server";
import { CartPanel } from "~/components/cart/CartPanel";
import { CouponForm } from "~/components/cart/CouponForm";
import { AppliedCoupons } from "~/components/cart/AppliedCoupons";
import { NoticeBanner } from "~/components/ui/Notice";
import { clientAddress, isDataRequest } from "~/web/edge.server";
import type { CartIntent } from "~/forms";
import { cartIntentSchema, parseWithZod } from "~/web/forms.server";
import type { Notice } from "~/web/session.server";
import { useTranslation } from "~/i18n/react";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { redirectWith, refused, safeBackPath, storefront } from "~/web/storefront.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /cart: every cart form of every page posts here (components/cart/CartForm.tsx), and the page shows the cart.
 *
 * The action parses the form with conform (`cartIntentSchema`: add, update, quantity, remove, empty) and applies it:
 * - done: 303 to the form's `redirectTo`, else to its `back` (the page the form is on; both safe paths of this
 *   site, /cart without them), with the success notice; a document post from a form that names its element (`at`:
 *   a menu product's card, the menu's cart panel) goes to `back#at`, the notice shown there;
 * - refused by the rules: the one refusal answer (`refused`): a gone cart or no outlet go home; otherwise a
 *   fetcher (JavaScript) gets 422 with the translated notice, shown beside its form, the page untouched; a form
 *   posted without JavaScript gets 303 to `back` with the notice and the builder's or combo's choice
 *   flashed (root.tsx hands them to the page), so nothing picked is lost;
 * - not a cart form (a crafted or broken post): 400 with the translated message, on this page without
 *   JavaScript. The cart is never touched by a refusal.
 */
export const handle = { layout: "simple", i18n: ["cart", "validation"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  const store = await storefront(request);
  const t = translator(store.lng, "cart");
  const disposition = store.session.get("disposition");
  return json({
    title: t("title"),
    cart: await cartSummary(store),
    minCartCents: disposition?.orderType === "D" ? disposition.minCart : 0,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const back = safeBackPath(form.get("back"), "/cart");
  const store = await storefront(request, { idleBack: back });
  const submission = parseWithZod(form, { schema: cartIntentSchema });
  if (submission.status !== "success") {
    // A coupon form without a usable code: the message goes under its field (here, or beside the fetcher's form).
    const codeError = form.get("intent") === "apply-coupon" ? submission.error?.code?.[0] : undefined;
    if (codeError) return json({ notice: { tone: "error" as const, key: `validation:${codeError}` }, field: "code" as const }, { status: 400 });
    return json({ notice: { tone: "error" as const, key: "validation:cartForm" }, field: null }, { status: 400 });
  }
  const intent = submission.value;
  // A document post from a form with an anchor (a menu product's card) comes back to that anchor with its message.
  const beside = anchorOf(form, back, context);
  const answer = (to: string, notice: Notice) =>
    beside && to === back ? redirectWith(store.session, beside.to, { ...notice, at: beside.at }) : redirectWith(store.session, to, notice);
  try {
    const outcome = await applyCartIntent(store, intent, clientAddress(context));
    return answer(outcome.to ?? safeBackPath(form.get("redirectTo"), back), outcome.notice);
  } catch (error) {
    const waits = await couponWaitingForChoice(store, intent, error);
    if (waits) return waits;
    return refused(store, error, (refusal) => {
      const notice = couponRefusal(intent, refusal);
      // A code typed into the coupon field is answered under that field; one picked from the list, as a notification.
      const typed = intent.intent === "apply-coupon" && intent.source === "typed";
      // A fetcher's post (with JavaScript) is answered with data; a document's with a page. A coupon applied from the
      // list (/order/coupons: a navigation's form, with or without JavaScript) goes back there with the notification,
      // not to the cart page.
      const listed = intent.intent === "apply-coupon" && intent.source === "list";
      if (isDataRequest(context) && !listed) return json({ notice, field: typed ? ("code" as const) : null }, { status: 422 });
      const choice = choiceOf(intent);
      if (choice) store.session.flash("cartChoice", choice);
      if (typed) {
        store.session.flash("couponMessage", notice);
        return redirectWith(store.session, back);
      }
      return answer(back, notice);
    });
  }
}

/**
 * Where a document post from a form with an anchor (`at`, an element id) goes back to: its page at that anchor. A
 * fetcher's post (with JavaScript) keeps its page where it is, so it has none; nor has an id that is not a plain one.
 */
function anchorOf(form: FormData, back: string, context: unknown): { to: string; at: string } | null {
  const at = form.get("at");
  if (typeof at !== "string" || !/^[A-Za-z][\w-]{0,79}$/.test(at) || isDataRequest(context)) return null;
  // Only on the form's own page, as it was posted (not the fallback a missing or refused `back` gets), and only once.
  if (form.get("back") !== back || back.includes("#")) return null;
  return { to: `${back}#${at}`, at };
}

/** A refusal of a coupon form; a coupon that does not exist links to the deals. */
function couponRefusal(intent: CartIntent, notice: Notice): Notice {
  const aboutCoupon = intent.intent === "apply-coupon" || (intent.intent === "add" && intent.coupon);
  return aboutCoupon ? withCouponLink(notice) : notice;
}

export default function CartPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("cart");
  return (
    <div className="cart-page">
      {actionData?.notice && !actionData.field ? <NoticeBanner notice={actionData.notice} /> : null}
      <CartPanel cart={data.cart} minCartCents={data.minCartCents} titleAs="h1" coupons={
          <>
            <AppliedCoupons coupons={data.cart?.coupons ?? []} />
            <CouponForm message={actionData?.field ? actionData.notice : null} />
          </>
        }
      />
      <p>
        <Link to="/order">{t("continue")}</Link>
      </p>
    </div>
  );
}
