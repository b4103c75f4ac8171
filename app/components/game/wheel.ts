/**
 * The wheel's geometry (pure, for the page and its tests). Angles are degrees clockwise from the top, where the
 * pointer is. Each prize takes a segment as wide as its share of the weights, so the picture shows the odds the
 * server draws with (server/coupons/game-rules.ts: the same order, the same widths).
 */
export interface Segment {
  start: number;
  end: number;
  middle: number;
}

export function segmentsOf(weights: readonly number[]): Segment[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let start = 0;
  return weights.map((weight) => {
    const end = start + (360 * weight) / total;
    const segment = { start, end, middle: (start + end) / 2 };
    start = end;
    return segment;
  });
}

/** The wheel's turn (0-360) that puts a segment's middle under the pointer. */
export const restingTurn = (segment: Segment) => (360 - (segment.middle % 360)) % 360;

/** The next turn from `current` that spins `spins` whole times and then stops with the segment under the pointer. */
export function spinTo(current: number, segment: Segment, spins = 5): number {
  const base = current + spins * 360;
  const rest = restingTurn(segment);
  const offset = (((rest - base) % 360) + 360) % 360;
  return base + offset;
}

const point = (angle: number, radius: number) => {
  const rad = (angle * Math.PI) / 180;
  return `${(radius * Math.sin(rad)).toFixed(3)} ${(-radius * Math.cos(rad)).toFixed(3)}`;
};

/** The SVG path of a segment of a wheel centred on (0, 0): a slice from the centre (a whole circle for 360°). */
export function slicePath(segment: Segment, radius: number): string {
  const sweep = segment.end - segment.start;
  if (sweep >= 360) return `M 0 ${-radius} A ${radius} ${radius} 0 1 1 0 ${radius} A ${radius} ${radius} 0 1 1 0 ${-radius} Z`;
  return `M 0 0 L ${point(segment.start, radius)} A ${radius} ${radius} 0 ${sweep > 180 ? 1 : 0} 1 ${point(segment.end, radius)} Z`;
}
