import { readFileSync } from "node:fs";
import type { AgentOptions } from "node:https";
import adyen from "@adyen/api-library";
import type { CheckoutAPI as Checkout, HttpURLConnectionClient as HttpClient } from "@adyen/api-library";

// The library is CommonJS whose exports Node's ESM loader cannot all name: take them from its module object.
const { CheckoutAPI, Client, Config, EnvironmentEnum, HttpURLConnectionClient } = adyen;

/**
 * The Adyen Checkout API client: Adyen's own Node library (`@adyen/api-library`) with its own HTTP client.
 *
 * Against Adyen, nothing is changed: the library picks the test host, or the live host from the live URL prefix.
 * Against the local stand-in (tests, and `npm start` without Adyen credentials: tests/support/adyen), the library's
 * HTTP client is pointed at the stand-in's address: the request is built, signed with the API key, sent with its
 * Idempotency-Key and its errors parsed by the library exactly as for Adyen; only the host changes, and the
 * stand-in's TLS certificate is trusted for that one client.
 */
export interface AdyenClientSettings {
  apiKey: string;
  environment: "test" | "live";
  /** Live only: the merchant's URL prefix ([prefix]-checkout-live.adyenpayments.com). */
  liveUrlPrefix?: string;
  /** Test only: an https origin that stands in for https://checkout-test.adyen.com (the local stand-in). */
  endpoint?: string;
  /** A PEM file of the certificate authority the endpoint's TLS certificate is signed by. */
  endpointCaFile?: string;
  /** Milliseconds before a call is given up (the caller treats it as "no answer": Adyen may have acted). */
  timeoutMs?: number;
}

const ADYEN_TEST_CHECKOUT = "https://checkout-test.adyen.com";

/** The library's HTTP client, sending what it would send to Adyen's test host to another origin instead. */
class RedirectedHttpClient extends HttpURLConnectionClient {
  constructor(
    private readonly origin: string,
    ca?: Buffer,
  ) {
    super();
    // The library builds its https.Agent from these options (its own certificate-pinning hook uses them too).
    if (ca) (this as unknown as { agentOptions: AgentOptions }).agentOptions = { ca };
  }

  override request(...args: Parameters<HttpClient["request"]>): Promise<string> {
    const [endpoint, ...rest] = args;
    const target = endpoint.startsWith(ADYEN_TEST_CHECKOUT) ? this.origin + endpoint.slice(ADYEN_TEST_CHECKOUT.length) : endpoint;
    return super.request(target, ...rest);
  }
}

export function adyenCheckout(settings: AdyenClientSettings): Checkout {
  const config = new Config({
    apiKey: settings.apiKey,
    environment: settings.environment === "live" ? EnvironmentEnum.LIVE : EnvironmentEnum.TEST,
    liveEndpointUrlPrefix: settings.liveUrlPrefix,
    connectionTimeoutMillis: settings.timeoutMs ?? 15_000,
    applicationName: "pizza-storefront",
  });
  const httpClient =
    settings.endpoint && settings.environment === "test"
      ? new RedirectedHttpClient(settings.endpoint.replace(/\/+$/, ""), settings.endpointCaFile ? readFileSync(settings.endpointCaFile) : undefined)
      : undefined;
  const client = new Client(config, httpClient);
  return new CheckoutAPI(client);
}
