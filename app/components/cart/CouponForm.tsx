import { useFetcher, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { NoticeBanner, NoticeText } from "~/components/ui/Notice";
import { useTranslation } from "~/i18n/react";
import { useRootData } from "~/root-data";
import type { Notice } from "~/web/session.server";

/**
 * The coupon code field (cart and checkout): posts intent=apply-coupon with source=typed to /cart (with `hostForm` and
 * no JavaScript, as part of that form, to its page: see below). A refusal shows
 * under the field: with JavaScript from the fetcher's answer; without, from the cart page's answer (`message`, a
 * code left empty) or the one-shot message the cart flashed for the page the form is on (root data).
 */
export function CouponForm({ message, hostForm }: { message?: Notice | null; hostForm?: string }) {
  const { t } = useTranslation("cart");
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ notice?: Notice; field?: "code" | null }>();
  const location = useLocation();
  const flashed = useRootData()?.couponMessage ?? null;
  // A fetcher keeps its last data across a post that answers with a redirect (an applied coupon): what the post
  // before it answered (a refusal) would stay under the field. Only data that came with the latest post is its answer.
  const before = useRef<typeof fetcher.data>(undefined);
  if (fetcher.state === "submitting") before.current = fetcher.data;
  const fresh = fetcher.data !== undefined && fetcher.data !== before.current;
  const answer = fetcher.state === "idle" && fresh ? fetcher.data : undefined;
  const redirected = fetcher.state === "idle" && fetcher.data !== undefined && !fresh;
  const fieldMessage = answer ? (answer.field ? answer.notice : null) : redirected ? null : (message ?? flashed);
  const otherNotice = answer && !answer.field ? answer.notice : undefined;
  // Without JavaScript on a page whose form holds what the customer typed (the checkout), the field and its button
  // belong to that form (`form=`): the apply posts it whole, and the page comes back with everything as it was.
  const host = hostForm && !hydrated ? hostForm : undefined;
  const fields = (
    <>
      <label htmlFor="coupon-code">{t("coupon.label")}</label>
      <div className="inline-form">
        <input
          id="coupon-code"
          form={host}
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-required="true"
          aria-invalid={fieldMessage ? true : undefined}
          aria-describedby={fieldMessage ? "coupon-code-error" : undefined}
        />
        <button
          type="submit"
          className="button button-quiet"
          disabled={fetcher.state !== "idle"}
          {...(host ? { form: host, name: "intent", value: "apply-coupon", formNoValidate: true } : {})}
        >
          {t("coupon.apply")}
        </button>
      </div>
      {fieldMessage ? (
        <p id="coupon-code-error" className="field-error" role="alert">
          <NoticeText notice={fieldMessage} />
        </p>
      ) : null}
      {otherNotice ? <NoticeBanner notice={otherNotice} /> : null}
    </>
  );
  if (host) {
    return (
      <div className="coupon-form">
        {/* Enter in a field of the host form submits it with its first submit button in document order, which would be
            this apply: a hidden plain submit of the host form comes first, so Enter still does what it did. */}
        <button type="submit" form={host} className="visually-hidden" tabIndex={-1} aria-hidden="true" />
        {fields}
      </div>
    );
  }
  return (
    <fetcher.Form method="post" action="/cart" preventScrollReset className="coupon-form">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="apply-coupon" />
      <input type="hidden" name="source" value="typed" />
      <input type="hidden" name="back" value={location.pathname + location.search} />
      {fields}
    </fetcher.Form>
  );
}
