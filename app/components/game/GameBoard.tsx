import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { NoticeBanner } from "~/components/ui/Notice";
import { useTranslation } from "~/i18n/react";
import type { Notice } from "~/web/session.server";
import { restingTurn, segmentsOf, slicePath, spinTo, type Segment } from "./wheel";

/** A prize as the page shows it: its label and coupon in the customer's language. */
export interface PrizeView {
  id: number;
  weight: number;
  label: string;
  coupon: { code: string; name: string } | null;
}

/** What a play revealed. */
export interface PlayResult {
  playId: number;
  prize: PrizeView;
  alreadyHad: boolean;
}

export interface GameView {
  game: { slug: string; name: string; kind: "wheel" | "scratch" };
  prizes: PrizeView[];
  playsLeft: number;
  /** when the next period opens, formatted (only once no play is left) */
  nextPlay: string | null;
  canPlay: boolean;
  won: { code: string; name: string }[];
  /** a play revealed by the page itself (after a post without JavaScript: `?play=<id>`) */
  result: PlayResult | null;
}

/** How long the wheel spins (CSS: .wheel-disc's transition); the reveal waits for it, at most this and a margin. */
const SPIN_MS = 4_000;
const reducedMotion = () => typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * The coupon game (issue 12 point 7): the board (a wheel in SVG whose segments are the prizes, as wide as their
 * odds; or a scratch card), the plays left and a play button. Without JavaScript the button is a plain post: the
 * server answers with a 303 to this page with `?play=<id>`, which shows the board stopped on the prize and the
 * result. With JavaScript the post goes through a fetcher: the wheel turns to the prize's segment (a CSS transition;
 * none when the visitor prefers reduced motion) and the result is revealed when it stops, in a live region (read
 * out) whose heading takes the focus. What the page's loader says after the play (plays left, coupons won) waits
 * for the reveal too, so nothing tells the prize early.
 */
export function GameBoard(view: GameView) {
  const { t } = useTranslation("game");
  const { game, prizes } = view;
  const fetcher = useFetcher<{ result?: PlayResult; notice?: Notice }>();
  const segments = useMemo(() => segmentsOf(prizes.map((p) => p.weight)), [prizes]);
  const segmentOf = (result: PlayResult): Segment | undefined => segments[prizes.findIndex((p) => p.id === result.prize.id)];
  const [turn, setTurn] = useState(() => {
    const segment = view.result && segmentOf(view.result);
    return segment ? restingTurn(segment) : 0;
  });
  const [revealed, setRevealed] = useState<PlayResult | null>(view.result);
  /** a result waiting for the board to stop */
  const [settling, setSettling] = useState<PlayResult | null>(null);
  const [shown, setShown] = useState({ playsLeft: view.playsLeft, nextPlay: view.nextPlay, won: view.won });
  const heading = useRef<HTMLHeadingElement>(null);
  const handled = useRef<number | null>(view.result?.playId ?? null);

  const played = fetcher.state === "idle" ? fetcher.data?.result : undefined;
  // From the post until the reveal (a play answered but not started yet, or the board still turning), the loader's
  // fresh plays left and coupons won wait.
  const asking = fetcher.state !== "idle" || (played !== undefined && handled.current !== played.playId);
  const frozen = asking || settling !== null;
  useEffect(() => {
    if (!frozen) setShown({ playsLeft: view.playsLeft, nextPlay: view.nextPlay, won: view.won });
  }, [frozen, view.playsLeft, view.nextPlay, view.won]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new play (its id) starts the board, nothing else
  useEffect(() => {
    if (!played || handled.current === played.playId) return;
    handled.current = played.playId;
    setRevealed(null);
    const segment = segmentOf(played);
    if (reducedMotion() || !segment) {
      if (segment) setTurn(restingTurn(segment));
      setRevealed(played);
      return;
    }
    setSettling(played);
    setTurn((current) => spinTo(current, segment));
  }, [played?.playId]);

  const settle = () => {
    if (!settling) return;
    setRevealed(settling);
    setSettling(null);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fallback belongs to one result
  useEffect(() => {
    if (!settling) return;
    const timer = setTimeout(settle, SPIN_MS + 500);
    return () => clearTimeout(timer);
  }, [settling]);
  // A result revealed after a play made here takes the focus (the button may be gone: no play left).
  useEffect(() => {
    if (revealed && handled.current === revealed.playId && revealed !== view.result) heading.current?.focus();
  }, [revealed, view.result]);

  const busy = fetcher.state !== "idle" || settling !== null;
  const notice = fetcher.state === "idle" ? fetcher.data?.notice : undefined;
  const board = t("board", { name: game.name, prizes: prizes.map((p) => p.label).join(", ") });
  return (
    <div className={`game game-${game.kind}`}>
      <p>{t(`intro.${game.kind}`)}</p>
      {game.kind === "wheel" ? (
        <Wheel prizes={prizes} segments={segments} turn={turn} label={board} onSettled={settle} />
      ) : (
        <ScratchCard label={board} prize={asking ? null : ((settling ?? revealed)?.prize ?? null)} onSettled={settle} />
      )}
      <div className="game-play">
        {!view.canPlay ? (
          <p className="notice notice-info">{t("errors:ga03")}</p>
        ) : shown.playsLeft > 0 ? (
          <>
            <p>{t("playsLeft", { count: shown.playsLeft })}</p>
            <fetcher.Form method="post" preventScrollReset>
              <AuthenticityTokenInput />
              <input type="hidden" name="intent" value="play" />
              <button type="submit" className="button" disabled={busy}>
                {busy ? t(`playing.${game.kind}`) : t(`play.${game.kind}`)}
              </button>
            </fetcher.Form>
          </>
        ) : (
          <p>{t("nextPlay", { next: shown.nextPlay ?? "" })}</p>
        )}
        {notice ? <NoticeBanner notice={notice} /> : null}
      </div>
      <section className="game-result" aria-live="polite" aria-labelledby={revealed ? "game-result" : undefined}>
        {revealed ? <Result result={revealed} heading={heading} /> : null}
      </section>
      <section aria-labelledby="game-won" className="panel">
        <h2 id="game-won">{t("won.heading")}</h2>
        {shown.won.length === 0 ? (
          <p>{t("won.none")}</p>
        ) : (
          <ul>
            {shown.won.map((coupon) => (
              <li key={coupon.code}>
                {coupon.name} · <span dir="ltr">{coupon.code}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Result({ result, heading }: { result: PlayResult; heading: RefObject<HTMLHeadingElement> }) {
  const { t } = useTranslation("game");
  const coupon = result.prize.coupon;
  return (
    <>
      <h2 id="game-result" ref={heading} tabIndex={-1}>
        {t("result.heading")}
      </h2>
      {coupon ? (
        <>
          <p className="game-prize">{t("result.won", { name: coupon.name })}</p>
          <p>{t("result.code", { code: coupon.code })}</p>
          <p>{t(result.alreadyHad ? "result.alreadyHad" : "result.saved")}</p>
          {/* Applying a coupon is the cart's (its apply-coupon intent); this form only names the code. */}
          <Form method="post" action="/cart">
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="apply-coupon" />
            <input type="hidden" name="code" value={coupon.code} />
            <input type="hidden" name="source" value="list" />
            <input type="hidden" name="back" value="/cart" />
            <button type="submit" className="button button-secondary">
              {t("result.apply", { code: coupon.code })}
            </button>
          </Form>
        </>
      ) : (
        <p className="game-prize">{t("result.lost", { label: result.prize.label })}</p>
      )}
    </>
  );
}

/** The wheel: one slice per prize (its label along the radius), turned by `turn` degrees under a fixed pointer. */
function Wheel(props: { prizes: PrizeView[]; segments: Segment[]; turn: number; label: string; onSettled: () => void }) {
  return (
    <div className="wheel">
      <div className="wheel-pointer" aria-hidden="true" />
      <div className="wheel-disc" style={{ transform: `rotate(${props.turn}deg)` }} onTransitionEnd={props.onSettled}>
        <svg viewBox="-100 -100 200 200" role="img" aria-label={props.label}>
          {props.segments.map((segment, i) => {
            // Labels run along the radius, centred between the hub and the rim (in either writing direction), never upside
            // down: on the left half they are turned the other way.
            const flipped = segment.middle > 180;
            return (
              <g key={props.prizes[i]!.id} className={`wheel-slice wheel-slice-${i % 4}`}>
                <path d={slicePath(segment, 98)} />
                <text transform={`rotate(${flipped ? segment.middle + 90 : segment.middle - 90})`} x={flipped ? -53 : 53} y="0" textAnchor="middle" dominantBaseline="middle">
                  {props.prizes[i]!.label}
                </text>
              </g>
            );
          })}
          <circle r="9" className="wheel-hub" />
        </svg>
      </div>
    </div>
  );
}

/** The scratch card: a cover over the prize, which fades away once the prize is known (and comes back for a new play). */
function ScratchCard(props: { label: string; prize: PrizeView | null; onSettled: () => void }) {
  const { t } = useTranslation("game");
  return (
    <div className="scratch" role="img" aria-label={props.label}>
      <p className="scratch-prize">{props.prize?.label ?? ""}</p>
      <div className={props.prize ? "scratch-cover scratch-off" : "scratch-cover"} onTransitionEnd={props.onSettled}>
        {t("cover")}
      </div>
    </div>
  );
}
