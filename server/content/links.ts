/**
 * What a banner or a campaign may point at (issue 14 point 3), pure: shared by the managers' forms (browser and
 * server) and the rows' readers, so a link stored before a rule changed is checked again when it is shown.
 *
 * - A link is a path of this site ("/campaign/noche-de-pizza", "/order/pizzas?x=1#top") or an absolute URL of the
 *   chain's own address (PUBLIC_URL), kept as its path. Nothing else: no other host, no "//host", no scheme
 *   (javascript:, data:), no backslash, whitespace or control character (a browser drops TAB/CR/LF inside a URL,
 *   so "/\t/evil.example" would be another host), at most 300 characters.
 * - An image is a file of this site's public images: "/images/…" with letters, digits, "_", "-", "." and "/",
 *   no "..", ending in .svg, .png, .jpg, .jpeg or .webp.
 * - A campaign's name is its URL's last segment: lower-case letters, digits and inner dashes, 1 to 60.
 */
export const LINK_MAX = 300;
export const IMAGE_PATH = /^\/images\/[A-Za-z0-9_][A-Za-z0-9_./-]{0,190}\.(?:svg|png|jpe?g|webp)$/;
export const CAMPAIGN_NAME = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;

const BASE = "http://site.invalid";

/** A link as stored: this site's path, or null when it is not one (`siteOrigin`: the chain's own address). */
export function siteLink(text: string, siteOrigin?: string): string | null {
  const value = text.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
  if (!value || value.length > LINK_MAX || /[\u0000-\u0020\u007f\\]/.test(value)) return null;
  let path = value;
  if (!value.startsWith("/")) {
    if (!siteOrigin) return null;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    if (url.origin !== new URL(siteOrigin).origin || url.username || url.password) return null;
    path = url.pathname + url.search + url.hash;
  }
  if (path.startsWith("//")) return null;
  const url = new URL(path, BASE);
  return url.origin === BASE ? url.pathname + url.search + url.hash : null;
}

export const isImagePath = (value: string): boolean => IMAGE_PATH.test(value) && !value.includes("..");
export const isCampaignName = (value: unknown): value is string => typeof value === "string" && CAMPAIGN_NAME.test(value);
