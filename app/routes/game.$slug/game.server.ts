import { now } from "#server/clock";
import { constants } from "#server/constants";
import { gameInfo, playGame, playOf, type GamePrize } from "#server/coupons/game";
import { DomainError } from "#server/errors";
import { localize } from "#server/i18n/text";
import { rowIdOf } from "#server/ids";
import { formatDateTime } from "~/format";
import type { Lng } from "~/i18n/config";
import type { Storefront } from "~/web/storefront.server";
import type { Customer } from "#server/customers/accounts";
import type { GameView, PlayResult, PrizeView } from "~/components/game/GameBoard";

const prizeView = (prize: GamePrize, lng: Lng): PrizeView => ({
  id: prize.id,
  weight: prize.weight,
  label: localize(prize.label, lng),
  coupon: prize.coupon ? { code: prize.coupon.code, name: localize(prize.coupon.name, lng) } : null,
});

type SignedIn = Storefront & { customer: Customer };

/**
 * The game page's data (game-info): the game, its prizes, this customer's plays left in the period (with when the
 * next opens, in the chain's zone, once none is left), the coupons won, and with `?play=<id>` that play's result.
 * A game that does not exist or is paused throws GA-01.
 */
export async function gamePage(store: SignedIn, slug: string, playParam: string | null): Promise<GameView> {
  const at = now();
  const info = await gameInfo(store.db, { slug, customerId: store.customer.id, at });
  const playId = rowIdOf(playParam);
  const shown = playId ? await playOf(store.db, { slug, customerId: store.customer.id, playId }) : undefined;
  const result: PlayResult | null = shown ? { playId: shown.playId, prize: prizeView(shown.prize, store.lng), alreadyHad: shown.alreadyHad } : null;
  return {
    game: { slug: info.game.slug, name: localize(info.game.name, store.lng), kind: info.game.kind },
    prizes: info.game.prizes.map((prize) => prizeView(prize, store.lng)),
    playsLeft: info.playsLeft,
    nextPlay: info.playsLeft === 0 ? formatDateTime(info.period.end.toISOString(), store.lng, constants.defaultTimeZone) : null,
    canPlay: info.canPlay,
    won: info.won.map((coupon) => ({ code: coupon.code, name: localize(coupon.name, store.lng) })),
    result,
  };
}

/** play-game for the signed-in customer, now; the refusals (GA-01..03) are DomainErrors. */
export async function play(store: SignedIn, slug: string): Promise<PlayResult> {
  const outcome = await playGame(store.db, { slug, customerId: store.customer.id, at: now() });
  return { playId: outcome.playId, prize: prizeView(outcome.prize, store.lng), alreadyHad: outcome.alreadyHad };
}

/** The HTTP status of a game's refusal: no such game 404, no plays left 409, cannot play (email) 403. */
export function refusalStatus(error: unknown): number {
  const code = error instanceof DomainError ? error.code : undefined;
  if (code === "GA-01") return 404;
  if (code === "GA-03") return 403;
  return 409;
}
