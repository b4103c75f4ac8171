// The menu page's figure (issue 15): its requests per second over the reference's, round by round (BENCH_ROUNDS).
import type { Scenario } from "./load";
import { median } from "./report";

/** The menu page over the reference of the same round, each round, and the median of those ratios (the figure). */
export interface MenuRatio {
  rounds: { round: number; referenceRequestsPerSecond: number; menuRequestsPerSecond: number; ratio: number }[];
  median: number;
}

export const REFERENCE = "reference: express.static";
export const MENU = "menu page";

/** A scenario's name suffix in a run of several rounds ("" for a run of one). */
export function roundSuffix(round: number | undefined): string {
  return round === undefined ? "" : ` (round ${round})`;
}

/** Pairs each round's reference with its menu page (the same suffix: "", or " (round k)"). */
export function menuRatio(scenarios: Scenario[]): MenuRatio | undefined {
  const rounds: MenuRatio["rounds"] = [];
  for (const reference of scenarios.filter((s) => s.scenario.startsWith(REFERENCE))) {
    const suffix = reference.scenario.slice(REFERENCE.length);
    const menu = scenarios.find((s) => s.scenario === MENU + suffix);
    if (!menu || reference.requestsPerSecond <= 0) continue;
    rounds.push({
      round: rounds.length + 1,
      referenceRequestsPerSecond: reference.requestsPerSecond,
      menuRequestsPerSecond: menu.requestsPerSecond,
      ratio: Number((menu.requestsPerSecond / reference.requestsPerSecond).toFixed(3)),
    });
  }
  if (rounds.length === 0) return undefined;
  return { rounds, median: Number(median(rounds.map((r) => r.ratio)).toFixed(3)) };
}
