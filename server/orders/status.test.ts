import { knownStatuses, needsCall, stageOf, stages, STATUS_RECEIVED } from "./status";

/** Every status number of the spec (section 4) and the tracker stage it shows. */
const spec: [status: number, stage: string][] = [
  [4, "error"],
  [22, "error"],
  [1, "starting"],
  [2, "starting"],
  [25, "starting"],
  [3, "received"],
  [10, "received"],
  [11, "received"],
  [12, "received"],
  [13, "received"],
  [14, "received"],
  [15, "received"],
  [27, "received"],
  [5, "cooking"],
  [6, "delivering"],
  [7, "completed"],
  [9, "completed"],
  [8, "canceled"],
  [16, "ready"],
  [17, "ready"],
  [18, "ready"],
  [19, "ready"],
  [20, "ready"],
];

describe("stageOf", () => {
  it.each(spec)("status %i shows the %s stage", (status, stage) => {
    expect(stageOf(status)).toBe(stage);
  });

  it.each([0, 21, 23, 24, 26, 28, 99, -1])("an unknown status (%i) shows as starting", (status) => {
    expect(stageOf(status)).toBe("starting");
  });

  it("every stage the spec maps to is a stage the tracker knows", () => {
    for (const [, stage] of spec) expect(stages).toContain(stage);
  });

  it("an order placed for payment at the door is received", () => {
    expect(STATUS_RECEIVED).toBe(3);
    expect(stageOf(STATUS_RECEIVED)).toBe("received");
  });
});

describe("knownStatuses", () => {
  it("is exactly the spec's status numbers, sorted", () => {
    const expected = spec.map(([status]) => status).sort((a, b) => a - b);
    expect(knownStatuses).toEqual(expected);
    expect(new Set(knownStatuses).size).toBe(knownStatuses.length);
  });
});

describe("needsCall", () => {
  it.each(spec)("status %i (%s)", (status) => {
    expect(needsCall(status)).toBe(status === 4 || status === 22);
  });

  it("is false for an unknown status", () => {
    expect(needsCall(99)).toBe(false);
  });
});
