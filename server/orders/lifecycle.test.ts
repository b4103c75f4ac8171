import {
  actorKind,
  canTransition,
  FINAL_STATUSES,
  nextStatuses,
  transitionTable,
  type ActorKind,
} from "./lifecycle";
import { knownStatuses, stageOf } from "./status";

type OrderType = "D" | "C";

/**
 * The allowed moves, written out independently of the module (the README's table): from → to, for which order
 * types and which actors. Everything not listed here must be refused.
 */
const S = ["staff", "system"] as const;
const SYS = ["system"] as const;
const BOTH: OrderType[] = ["D", "C"];
const expected: { from: number[]; to: number; types: OrderType[]; by: readonly ActorKind[] }[] = [
  { from: [2, 25], to: 1, types: BOTH, by: SYS },
  { from: [1, 25], to: 2, types: BOTH, by: SYS },
  { from: [1, 2], to: 25, types: BOTH, by: SYS },
  { from: [4], to: 22, types: BOTH, by: SYS },
  { from: [1, 2, 25], to: 3, types: BOTH, by: SYS },
  { from: [1, 2, 25], to: 4, types: BOTH, by: SYS },
  { from: [1, 2, 25], to: 22, types: BOTH, by: SYS },
  { from: [1, 2, 25], to: 8, types: BOTH, by: S },
  { from: [4, 22], to: 3, types: BOTH, by: S },
  { from: [4, 22], to: 8, types: BOTH, by: S },
  { from: [3, 10, 11, 12, 13, 14, 15, 27], to: 5, types: BOTH, by: S },
  { from: [3, 10, 11, 12, 13, 14, 15, 27], to: 8, types: BOTH, by: S },
  { from: [5], to: 6, types: ["D"], by: S },
  { from: [5], to: 16, types: ["C"], by: S },
  { from: [5], to: 8, types: BOTH, by: S },
  { from: [6], to: 7, types: BOTH, by: S },
  { from: [6], to: 8, types: BOTH, by: S },
  { from: [16, 17, 18, 19, 20], to: 9, types: BOTH, by: S },
  { from: [16, 17, 18, 19, 20], to: 8, types: BOTH, by: S },
];

const allowed = (from: number, to: number, type: OrderType, by: ActorKind) =>
  expected.some((e) => e.from.includes(from) && e.to === to && e.types.includes(type) && e.by.includes(by));

/** Every spec status number and a few it does not name. */
const statuses = [...knownStatuses, 0, 21, 23, 26, 99];
const pairs = statuses.flatMap((from) => statuses.map((to) => [from, to] as const));

describe("the transition table", () => {
  it("covers exactly the spec's status numbers as sources (and the stage of each is the spec's)", () => {
    const stages: Record<number, string> = {
      1: "starting", 2: "starting", 25: "starting", 4: "error", 22: "error",
      3: "received", 10: "received", 11: "received", 12: "received", 13: "received", 14: "received", 15: "received", 27: "received",
      5: "cooking", 6: "delivering", 7: "completed", 9: "completed", 8: "canceled",
      16: "ready", 17: "ready", 18: "ready", 19: "ready", 20: "ready",
    };
    expect(Object.keys(stages).map(Number).sort((a, b) => a - b)).toEqual([...knownStatuses]);
    for (const status of knownStatuses) expect(stageOf(status), `status ${status}`).toBe(stages[status]);
    const sources = new Set(transitionTable().map((row) => row.from));
    expect([...sources].sort((a, b) => a - b)).toEqual(knownStatuses.filter((s) => !FINAL_STATUSES.has(s)));
  });

  for (const type of ["D", "C"] as const) {
    for (const by of ["staff", "system"] as const) {
      it(`allows exactly the listed moves for ${type === "D" ? "delivery" : "carry-out"} orders, by ${by}`, () => {
        const wrong = pairs
          .filter(([from, to]) => canTransition(from, to, type, by) !== allowed(from, to, type, by))
          .map(([from, to]) => `${from}→${to}: ${canTransition(from, to, type, by) ? "allowed" : "refused"}`);
        expect(wrong).toEqual([]);
        // and the allowed ones are many: the comparison above is not vacuous
        expect(pairs.filter(([from, to]) => allowed(from, to, type, by)).length).toBeGreaterThan(by === "staff" ? 20 : 30);
      });
    }
  }

  it("completed (7, 9) and canceled (8) are final: nothing leaves them", () => {
    for (const status of [7, 8, 9]) {
      expect(FINAL_STATUSES.has(status)).toBe(true);
      for (const type of ["D", "C"] as const) {
        expect(nextStatuses(status, type, "system")).toEqual([]);
        expect(nextStatuses(status, type, "staff")).toEqual([]);
      }
    }
    expect([...FINAL_STATUSES].map(stageOf).sort()).toEqual(["canceled", "completed", "completed"]);
  });

  it("a status the spec does not name allows no move", () => {
    for (const status of [0, 21, 23, 24, 26, 28, 99, -1]) {
      expect(nextStatuses(status, "D", "system")).toEqual([]);
      expect(nextStatuses(status, "C", "system")).toEqual([]);
    }
  });

  it("every non-final status can be canceled, by staff and by the system", () => {
    for (const status of knownStatuses.filter((s) => !FINAL_STATUSES.has(s))) {
      expect(canTransition(status, 8, "D", "staff")).toBe(true);
      expect(canTransition(status, 8, "C", "system")).toBe(true);
    }
  });

  it("gives the console's buttons in the table's order: the kitchen's next step first, then cancel", () => {
    expect(nextStatuses(3, "C", "staff")).toEqual([5, 8]);
    expect(nextStatuses(5, "C", "staff")).toEqual([16, 8]);
    expect(nextStatuses(5, "D", "staff")).toEqual([6, 8]);
    expect(nextStatuses(6, "D", "staff")).toEqual([7, 8]);
    expect(nextStatuses(16, "C", "staff")).toEqual([9, 8]);
    expect(nextStatuses(4, "D", "staff")).toEqual([3, 8]);
    // staff cannot confirm an online payment nor declare the hand-over errors
    expect(nextStatuses(1, "D", "staff")).toEqual([8]);
    expect(nextStatuses(1, "D", "system")).toEqual([2, 25, 3, 4, 22, 8]);
  });

  it("no move goes back to an earlier stage, except an error recovered into received; the payment's own moves within starting and error are the system's", () => {
    const order = ["starting", "error", "received", "cooking", "delivering", "ready", "completed", "canceled"];
    for (const row of transitionTable()) {
      if (stageOf(row.from) === stageOf(row.to) && (stageOf(row.from) === "starting" || stageOf(row.from) === "error")) {
        expect(row.by, `${row.from}→${row.to}`).toEqual(["system"]);
        continue;
      }
      expect(order.indexOf(stageOf(row.to)), `${row.from}→${row.to}`).toBeGreaterThan(order.indexOf(stageOf(row.from)));
    }
  });

  it("lists each move once with its order types and actors", () => {
    const table = transitionTable();
    expect(new Set(table.map((r) => `${r.from}→${r.to}`)).size).toBe(table.length);
    expect(table).toContainEqual({ from: 5, to: 6, orderTypes: ["D"], by: ["staff", "system"] });
    expect(table).toContainEqual({ from: 1, to: 3, orderTypes: ["D", "C"], by: ["system"] });
    expect(table.length).toBe(expected.reduce((n, e) => n + e.from.length, 0));
  });
});

describe("actorKind", () => {
  it.each([
    ["staff:12", "staff"],
    ["staff:1", "staff"],
    ["system", "system"],
    ["payments", "system"],
    ["customer", "system"],
    ["Staff:3", "system"],
  ])("%s is %s", (actor, kind) => {
    expect(actorKind(actor)).toBe(kind);
  });
});
