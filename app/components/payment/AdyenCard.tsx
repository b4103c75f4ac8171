import type {
  AdditionalDetailsActions,
  AdditionalDetailsData,
  CoreConfiguration,
  PaymentAction,
  PaymentMethodsResponse,
  SubmitActions,
  SubmitData,
  UIElement,
} from "@adyen/adyen-web";
import adyenStylesHref from "@adyen/adyen-web/styles/adyen.css";
import { useEffect, useRef, useState } from "react";
import { adyenLocale, standInLoadingContext } from "./adyen-config";

export { adyenLocale, standInLoadingContext };

/**
 * Adyen Web's style sheet, served as a static asset of the build: the payment route links it (and only that route:
 * `export const links = () => [...adyenCardLinks()]`), so no other page loads it.
 */
export const adyenCardStylesHref: string = adyenStylesHref;
export const adyenCardLinks = (): { rel: "stylesheet"; href: string }[] => [{ rel: "stylesheet", href: adyenStylesHref }];

export interface AdyenCardConfig {
  clientKey: string;
  environment: "test" | "live";
  /** The stand-in's browser base (http://127.0.0.1:P/checkoutshopper-test/) or null for Adyen's own. */
  shopperUrl: string | null;
  locale: "es-MX" | "en-US" | "ar"; // the page's language es→es-MX, en→en-US, ar→ar (adyenLocale)
  countryCode: "MX";
  amount: { value: number; currency: "MXN" }; // centavos
  paymentMethodsResponse: unknown; // what the server got from /paymentMethods
}

export interface AdyenCardProps {
  config: AdyenCardConfig;
  /** The shopper pressed pay: state.data (paymentMethod with the blobs, browserInfo…). Resolves to an Adyen action to handle, or null when the page navigates itself. Rejects on a network failure. */
  onPay(data: Record<string, unknown>): Promise<{ action: Record<string, unknown> } | null>;
  /** onAdditionalDetails' state.data, likewise. */
  onAdditionalDetails(data: Record<string, unknown>): Promise<{ action: Record<string, unknown> } | null>;
  /** Shown by the page (translated) when Adyen Web cannot load or a call fails. */
  onFailure(reason: "load" | "network"): void;
  /** Accessible label of the pay button, already translated, e.g. "Pagar $349.00". */
  payLabel: string;
}

type Status = "loading" | "ready" | "paying" | "failed";

/** Adyen Web's "secured fields did not load / configure" errors: the card form cannot be used. */
const isLoadError = (error: { name?: string; message?: string }): boolean => error.name === "ERROR" && /secured field/i.test(error.message ?? "");

/**
 * The card payment form: Adyen Web's Card component (card number, expiry date and security code in Adyen's
 * secured-field iframes: the page only ever gets opaque blobs) and a pay button labelled by the page.
 *
 * The server renders the container and the button only; Adyen Web (its own chunk: a dynamic import, tree-shaken
 * v6 API) is loaded and mounted in an effect. Pressing pay (or Enter in a field) validates: Adyen Web shows its
 * errors and moves focus to the first wrong field, or calls `onPay` with `state.data`; an action it resolves
 * (3-D Secure, a `redirect` navigating the top window) is handled by the component, likewise for
 * `onAdditionalDetails`. Adyen Web's texts follow `config.locale`; the layout follows the page's `dir`. Analytics
 * to Adyen are off (Adyen Web still asks once for a checkout-attempt id, which its payment data carries).
 */
export function AdyenCard(props: AdyenCardProps): JSX.Element {
  const container = useRef<HTMLDivElement>(null);
  const card = useRef<UIElement | null>(null);
  const [status, setStatus] = useState<Status>("loading");
  // The callbacks Adyen Web holds read the latest props, so a re-render of the page does not remount the form.
  const latest = useRef(props);
  latest.current = props;
  const configKey = JSON.stringify(props.config);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is rebuilt when the config's content changes (configKey), not its identity.
  useEffect(() => {
    const { config } = latest.current;
    let cancelled = false;
    let mounted: UIElement | null = null;
    const fail = (reason: "load" | "network") => latest.current.onFailure(reason);

    /**
     * Hands the page's answer to Adyen Web: an action the component handles (a redirect navigates the top window),
     * nothing (the page navigates itself: the form stays busy meanwhile), or a failure (Adyen Web's call is
     * rejected, the form is ready again and the page says why).
     */
    const follow = async (component: UIElement, call: Promise<{ action: Record<string, unknown> } | null>, reject: () => void) => {
      try {
        const answer = await call;
        if (cancelled) return;
        if (answer?.action) component.handleAction(answer.action as unknown as PaymentAction);
      } catch {
        if (cancelled) return;
        reject();
        component.setStatus("ready");
        setStatus("ready");
        fail("network");
      }
    };

    (async () => {
      try {
        const { AdyenCheckout, Card } = await import("./adyen-web.client");
        if (cancelled) return;
        const base = config.shopperUrl ? standInLoadingContext(config.shopperUrl) : null;
        const options: CoreConfiguration = {
          clientKey: config.clientKey,
          environment: config.environment,
          ...(base && { _environmentUrls: { api: base, analytics: base, cdn: { images: base, translations: base } } }),
          // es-MX is not one of Adyen's locales: declaring it keeps it (amounts, the fields' lang) over Spanish texts.
          locale: config.locale,
          ...(config.locale === "es-MX" && { translations: { "es-MX": {} } }),
          countryCode: config.countryCode,
          amount: config.amount,
          paymentMethodsResponse: config.paymentMethodsResponse as PaymentMethodsResponse,
          analytics: { enabled: false },
          exposeLibraryMetadata: false,
          showPayButton: false,
          onSubmit: (state: SubmitData, component: UIElement, actions: SubmitActions) => {
            setStatus("paying");
            void follow(component, latest.current.onPay(state.data as unknown as Record<string, unknown>), () => actions.reject());
          },
          // Whether Adyen Web itself holds the card complete (its fields' own marks come from the frames, before its
          // state follows them): on the form, for assistive tooling and the tests to wait on before paying.
          onChange: (state) => {
            if (container.current) container.current.dataset.valid = String(state.isValid);
          },
          onAdditionalDetails: (state: AdditionalDetailsData, component: UIElement, actions: AdditionalDetailsActions) => {
            void follow(component, latest.current.onAdditionalDetails(state.data as unknown as Record<string, unknown>), () => actions.reject());
          },
          onError: (error) => {
            if (cancelled) return;
            if (isLoadError(error)) {
              setStatus("failed");
              fail("load");
            }
          },
        };
        const checkout = await AdyenCheckout(options);
        if (cancelled || !container.current) return;
        // The fields (inside Adyen's frames) take the page's type and ink, so they read as the page's own.
        const look = getComputedStyle(container.current);
        mounted = new Card(checkout, {
          styles: { base: { fontFamily: look.fontFamily, color: look.color } },
          showPayButton: false,
          hasHolderName: false,
          // Focus moves only when the customer moves it (WCAG 3.2.2): Adyen Web's default jumps to the next field once a
          // field is complete, and a keyboard user's next keys land where they did not look.
          autoFocus: false,
          // Click to Pay would load the card schemes' own scripts into the page: not used.
          _disableClickToPay: true,
          onConfigSuccess: () => {
            if (!cancelled) setStatus("ready");
          },
        }).mount(container.current);
        card.current = mounted;
      } catch {
        if (cancelled) return;
        setStatus("failed");
        fail("load");
      }
    })();

    return () => {
      cancelled = true;
      card.current = null;
      mounted?.unmount();
      setStatus("loading");
    };
  }, [configKey]);

  const busy = status !== "ready";
  return (
    <div className="adyen-card">
      <div ref={container} className="adyen-card__form" />
      <button
        type="button"
        className="adyen-checkout__button adyen-checkout__button--pay adyen-card__pay"
        // aria-disabled, not disabled: the button keeps keyboard focus while the payment is under way.
        aria-disabled={busy}
        aria-busy={status === "paying" || status === "loading"}
        onClick={() => {
          if (!busy) card.current?.submit();
        }}
      >
        {props.payLabel}
      </button>
    </div>
  );
}
