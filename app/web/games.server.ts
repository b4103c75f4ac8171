import { activeGames } from "#server/coupons/game";
import { localize } from "#server/i18n/text";
import type { Storefront } from "~/web/storefront.server";

/** The coupon games that can be played now, named in the visitor's language: the profile and the coupons menu link them. */
export async function gameLinks(store: Storefront): Promise<{ href: string; name: string }[]> {
  return (await activeGames(store.db)).map((game) => ({ href: `/game/${encodeURIComponent(game.slug)}`, name: localize(game.name, store.lng) }));
}
