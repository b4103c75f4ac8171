import { useFetcher, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { NoticeBanner } from "~/components/ui/Notice";
import { useRootData } from "~/root-data";
import type { Notice } from "~/web/session.server";

export type CartIntentName = "add" | "update" | "quantity" | "remove" | "empty" | "apply-coupon" | "remove-coupon";

/**
 * A cart form, on any page: it posts its intent to /cart (routes/cart.tsx) with this page (`back`, where a refusal
 * shows) and the page to go to once done (`redirectTo`, this page by default). Without JavaScript that is a plain
 * post answered by a 303, as it is on a document without scripts (the menu's list, root.tsx). With them the post
 * goes through a fetcher: `children` gets `busy` for its pending state,
 * and a refusal shows beside the form while the page and everything chosen in it stay as they are.
 *
 * `at` names the element the form belongs to (a menu product's card, the menu's cart panel: a page that may be a
 * document without scripts): a document post then comes back to the page at that element, and the element shows
 * the message (`AnchoredNotice`).
 *
 * An add form also posts its page's one-time value (`once`, root loader): a double click, which posts the form twice
 * where no script holds the button, adds once (server/cart/rows.ts, `addToCart`).
 */
export function CartForm({
  intent,
  redirectTo,
  className,
  label,
  at,
  children,
}: {
  intent: CartIntentName;
  /** where to go once done (this page when absent) */
  redirectTo?: string;
  className?: string;
  /** the form's accessible name, when it is a landmark of its own (a builder, a combo) */
  label?: string;
  /** the id of the element this form belongs to, where a document post comes back to */
  at?: string;
  children: (state: { busy: boolean }) => ReactNode;
}) {
  const fetcher = useFetcher<{ notice?: Notice }>();
  const location = useLocation();
  // An add's second post from this page (a double click) adds nothing: the page's one-time value goes with it.
  const once = useRootData()?.once;
  const notice = fetcher.state === "idle" ? fetcher.data?.notice : undefined;
  return (
    <fetcher.Form method="post" action="/cart" preventScrollReset className={className} aria-label={label}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="back" value={location.pathname + location.search} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {at ? <input type="hidden" name="at" value={at} /> : null}
      {intent === "add" && once ? <input type="hidden" name="once" value={once} /> : null}
      {children({ busy: fetcher.state !== "idle" })}
      {notice ? <NoticeBanner notice={notice} /> : null}
    </fetcher.Form>
  );
}

/** A one-button cart form (remove a line, remove a coupon): its hidden field, and the button's text and accessible name. */
export function CartButtonForm({ intent, name, value, text, label, at }: { intent: CartIntentName; name: string; value: string | number; text: string; label: string; at?: string }) {
  return (
    <CartForm intent={intent} className="inline-form" at={at}>
      {({ busy }) => (
        <>
          <input type="hidden" name={name} value={value} />
          <button type="submit" className="button button-quiet" aria-label={label} disabled={busy}>
            {text}
          </button>
        </>
      )}
    </CartForm>
  );
}
