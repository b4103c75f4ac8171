import { describe, expect, it } from "vitest";
import type { Scenario } from "./load";
import { MENU, REFERENCE, menuRatio, roundSuffix } from "./ratio";

function run(scenario: string, requestsPerSecond: number): Scenario {
  return {
    scenario,
    description: "",
    requestsPerSecond,
    latencyMs: { p50: 1, p90: 1, p99: 1, average: 1, max: 1 },
    totalRequests: 1,
    durationSeconds: 1,
    throughputBytesPerSecond: 1,
    statusCodes: { 200: 1 },
    expectedStatus: 200,
    non2xx3xx: 0,
    unexpectedStatus: 0,
    errors: 0,
    timeouts: 0,
    resets: 0,
    cpu: null,
  };
}

describe("the menu page's ratio to the reference (BENCH_ROUNDS)", () => {
  it("is the menu over the reference for a run of one round", () => {
    expect(menuRatio([run(REFERENCE, 500), run(MENU, 125)])).toEqual({
      rounds: [{ round: 1, referenceRequestsPerSecond: 500, menuRequestsPerSecond: 125, ratio: 0.25 }],
      median: 0.25,
    });
  });

  it("pairs each menu run with its own round's reference and takes the median of the rounds", () => {
    // The machine slows down in round 2: both sides of that round move; pairing across rounds would not.
    const scenarios = [1, 2, 3].flatMap((round) => {
      const [reference, menu] = ({ 1: [1000, 240], 2: [500, 110], 3: [900, 234] } as const)[round as 1 | 2 | 3];
      return [run(REFERENCE + roundSuffix(round), reference), run(MENU + roundSuffix(round), menu)];
    });
    const ratio = menuRatio(scenarios)!;
    expect(ratio.rounds.map((r) => r.ratio)).toEqual([0.24, 0.22, 0.26]);
    expect(ratio.median).toBe(0.24);
  });

  it("averages the middle two of an even number of rounds", () => {
    const scenarios = [1, 2].flatMap((round) => [run(REFERENCE + roundSuffix(round), 100), run(MENU + roundSuffix(round), round === 1 ? 20 : 30)]);
    expect(menuRatio(scenarios)!.median).toBe(0.25);
  });

  it("has no figure without both sides", () => {
    expect(menuRatio([run(REFERENCE, 500)])).toBeUndefined();
    expect(menuRatio([run(MENU, 100)])).toBeUndefined();
  });
});
