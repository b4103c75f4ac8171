import { constants } from "../constants";

/**
 * The idle reset (spec section 4): "after one hour or more since the last recorded activity, any user activity
 * empties the cart on the server and reloads the page". Only a session holding a cart and a recorded activity can
 * be idle; the limit is `constants.idleResetMinutes` (60), reached exactly at that many minutes.
 */
export function idleExpired(session: { hasCart: boolean; lastActivity: number | undefined }, now: Date, idleMinutes = constants.idleResetMinutes): boolean {
  if (!session.hasCart || typeof session.lastActivity !== "number") return false;
  return now.getTime() - session.lastActivity >= idleMinutes * 60_000;
}
