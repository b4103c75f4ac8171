import { z } from "zod";
import { constants, env } from "../config";

/**
 * Geocoding (spec section 7: "A maps service geocodes an address (region es). On failure or empty input it
 * returns an empty list."). Behind an interface so the storefront runs without one: the default is
 * `nullGeocoder`, and `GEOCODER_URL` switches on the HTTP one (a Nominatim-compatible search API).
 */
export interface GeoResult {
  lat: number;
  lng: number;
  label: string;
}

export interface Geocoder {
  /** Places matching a free-form address, best first; [] when there is nothing to ask or the answer fails. */
  search(address: string): Promise<GeoResult[]>;
}

/** The default: no maps service, never a result. */
export const nullGeocoder: Geocoder = { search: async () => [] };

/** A coordinate as Nominatim sends it (a decimal string) or as a number; never null, blank or out of range. */
const coordinate = (limit: number) =>
  z
    .union([z.string().trim().min(1), z.number()])
    .transform(Number)
    .pipe(z.number().min(-limit).max(limit));

const searchAnswer = z.array(
  z.object({
    lat: coordinate(90),
    lon: coordinate(180),
    display_name: z.string(),
  }),
);

export interface HttpGeocoderOptions {
  /** The search endpoint, e.g. https://nominatim.openstreetmap.org/search */
  url: string;
  /** Give up after this long (default 2.5 s): the customer is waiting on the form post. */
  timeoutMs?: number;
  /** At most this many results (default 5). */
  limit?: number;
}

/** The language of the labels: Spanish, the storefront's default (the spec's "region es"). */
const LANGUAGE = "es";

/**
 * A Nominatim-compatible search API: GET {url}?q=…&format=jsonv2&limit=…&countrycodes=mx&accept-language=es.
 * Empty input asks nothing. A network failure, a timeout, a non-2xx answer or a body that is not the expected
 * JSON gives [] (and a warning in the log, without the address: it is personal data).
 */
export function httpGeocoder({ url, timeoutMs = 2_500, limit = 5 }: HttpGeocoderOptions): Geocoder {
  return {
    async search(address) {
      const query = address.trim();
      if (!query) return [];
      const target = new URL(url);
      target.searchParams.set("q", query);
      target.searchParams.set("format", "jsonv2");
      target.searchParams.set("limit", String(limit));
      target.searchParams.set("countrycodes", constants.country.toLowerCase());
      target.searchParams.set("accept-language", LANGUAGE);
      try {
        const response = await fetch(target, {
          headers: { Accept: "application/json", "Accept-Language": LANGUAGE, "User-Agent": "pizza-storefront/0.1" },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) {
          await response.body?.cancel();
          return failed(`HTTP ${response.status}`);
        }
        const parsed = searchAnswer.safeParse(await response.json());
        if (!parsed.success) return failed("unexpected answer");
        return parsed.data.map((r) => ({ lat: r.lat, lng: r.lon, label: r.display_name }));
      } catch (error) {
        return failed(error instanceof Error ? error.name : "error");
      }
    },
  };
}

function failed(reason: string): GeoResult[] {
  console.warn(`[geocoder] no result: ${reason}`);
  return [];
}

/** The geocoder the deployment configured: HTTP when `GEOCODER_URL` is set, else none. */
export function configuredGeocoder(): Geocoder {
  const url = env().GEOCODER_URL;
  return url ? httpGeocoder({ url }) : nullGeocoder;
}
