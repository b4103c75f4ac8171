import { restingTurn, segmentsOf, slicePath, spinTo } from "./wheel";

describe("the wheel's geometry", () => {
  it("gives each prize a segment as wide as its share of the weights, in order from the top", () => {
    expect(segmentsOf([50, 30, 20])).toEqual([
      { start: 0, end: 180, middle: 90 },
      { start: 180, end: 288, middle: 234 },
      { start: 288, end: 360, middle: 324 },
    ]);
  });

  it("turns the wheel so that the segment's middle stops under the pointer", () => {
    const [a, b, c] = segmentsOf([50, 30, 20]);
    expect([restingTurn(a!), restingTurn(b!), restingTurn(c!)]).toEqual([270, 126, 36]);
    // the segment's middle, turned by the resting turn, is at the top (0 mod 360)
    for (const s of segmentsOf([1, 2, 3, 4])) expect((s.middle + restingTurn(s)) % 360).toBeCloseTo(0);
  });

  it("spins whole turns forward from where it stands, then stops on the segment", () => {
    const [a, b] = segmentsOf([50, 30, 20]);
    expect(spinTo(0, a!)).toBe(5 * 360 + 270);
    const next = spinTo(5 * 360 + 270, b!);
    expect(next).toBeGreaterThanOrEqual(5 * 360 + 270 + 5 * 360);
    expect(next % 360).toBe(126);
    expect(spinTo(100, a!, 0) % 360).toBe(270);
  });

  it("draws a slice from the centre, with the large arc for more than half; a single prize is a whole circle", () => {
    const [half, rest] = segmentsOf([1, 1]);
    expect(slicePath(half!, 100)).toBe("M 0 0 L 0.000 -100.000 A 100 100 0 0 1 0.000 100.000 Z");
    expect(slicePath(segmentsOf([3, 1])[0]!, 100)).toContain(" 0 1 1 ");
    expect(slicePath(rest!, 100)).toMatch(/^M 0 0 L 0\.000 100\.000 A 100 100 0 0 1 -0\.000 -100\.000 Z$/);
    expect(slicePath(segmentsOf([5])[0]!, 10)).toBe("M 0 -10 A 10 10 0 1 1 0 10 A 10 10 0 1 1 0 -10 Z");
  });
});
