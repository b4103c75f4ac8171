import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { stages, stageOf, type Stage } from "#server/orders/status";
import { deliveryAddressText, isFinalStage, progressStages, stageAnimates, stagePicture, timeline } from "./stages";

const publicDir = join(__dirname, "..", "..", "..", "public");
const at = (minute: number) => `2026-11-20T19:${String(minute).padStart(2, "0")}:00.000Z`;
const entry = (status: number, minute: number) => ({ stage: stageOf(status), at: at(minute) });

describe("stage pictures", () => {
  it.each(stages)("the %s stage has its own picture, an SVG file in public/", (stage) => {
    const file = join(publicDir, stagePicture(stage));
    expect(existsSync(file), file).toBe(true);
    expect(readFileSync(file, "utf8")).toMatch(/^<svg[\s>]/);
  });

  it("no two stages share a picture", () => {
    expect(new Set(stages.map(stagePicture)).size).toBe(stages.length);
  });

  it.each([
    ["starting", true],
    ["received", true],
    ["cooking", true],
    ["delivering", true],
    ["ready", true],
    ["completed", false],
    ["canceled", false],
    ["error", false],
  ] as [Stage, boolean][])("the %s picture moves: %s", (stage, moves) => {
    expect(stageAnimates(stage)).toBe(moves);
  });

  it("only completed and canceled are final", () => {
    expect(stages.filter(isFinalStage)).toEqual(["completed", "canceled"]);
  });
});

describe("progressStages", () => {
  it("delivery ends at the door, carry-out at the counter", () => {
    expect(progressStages("D")).toEqual(["received", "cooking", "delivering", "completed"]);
    expect(progressStages("C")).toEqual(["received", "cooking", "ready", "completed"]);
  });
});

describe("timeline", () => {
  it("a freshly placed order: received now, with its time; the rest to come", () => {
    expect(timeline({ stage: "received", orderType: "D", history: [entry(3, 0)] })).toEqual([
      { stage: "received", state: "current", at: at(0) },
      { stage: "cooking", state: "todo", at: null },
      { stage: "delivering", state: "todo", at: null },
      { stage: "completed", state: "todo", at: null },
    ]);
  });

  it("each step keeps the time it was first reached; the current one is marked", () => {
    const history = [entry(3, 0), entry(5, 10), entry(16, 25)];
    expect(timeline({ stage: "ready", orderType: "C", history })).toEqual([
      { stage: "received", state: "done", at: at(0) },
      { stage: "cooking", state: "done", at: at(10) },
      { stage: "ready", state: "current", at: at(25) },
      { stage: "completed", state: "todo", at: null },
    ]);
  });

  it("a status that stays in one stage (3 then 10) keeps the stage's first time", () => {
    const steps = timeline({ stage: "received", orderType: "D", history: [entry(3, 0), entry(10, 4)] });
    expect(steps[0]).toEqual({ stage: "received", state: "current", at: at(0) });
  });

  it("a step the history skipped is done, without a time", () => {
    const steps = timeline({ stage: "delivering", orderType: "D", history: [entry(3, 0), entry(6, 20)] });
    expect(steps.map((s) => [s.stage, s.state, s.at])).toEqual([
      ["received", "done", at(0)],
      ["cooking", "done", null],
      ["delivering", "current", at(20)],
      ["completed", "todo", null],
    ]);
  });

  it("a completed order: every step done but the last, which is the current one", () => {
    const history = [entry(3, 0), entry(5, 10), entry(6, 20), entry(7, 40)];
    const steps = timeline({ stage: "completed", orderType: "D", history });
    expect(steps.map((s) => s.state)).toEqual(["done", "done", "done", "current"]);
    expect(steps.at(-1)!.at).toBe(at(40));
  });

  it("a canceled order ends on the cancel, after the steps it reached, and drops the ones it will never take", () => {
    const history = [entry(3, 0), entry(5, 10), entry(8, 12)];
    expect(timeline({ stage: "canceled", orderType: "C", history })).toEqual([
      { stage: "received", state: "done", at: at(0) },
      { stage: "cooking", state: "done", at: at(10) },
      { stage: "canceled", state: "current", at: at(12) },
    ]);
  });

  it("an order that could not reach the store (22) shows the error as its current step, with its time", () => {
    expect(timeline({ stage: "error", orderType: "D", history: [entry(3, 0), entry(22, 1)] })).toEqual([
      { stage: "received", state: "done", at: at(0) },
      { stage: "error", state: "current", at: at(1) },
    ]);
  });

  it("an online payment not yet confirmed starts with the starting step; once received it is done", () => {
    expect(timeline({ stage: "starting", orderType: "D", history: [entry(1, 0)] }).slice(0, 2)).toEqual([
      { stage: "starting", state: "current", at: at(0) },
      { stage: "received", state: "todo", at: null },
    ]);
    expect(timeline({ stage: "received", orderType: "D", history: [entry(1, 0), entry(3, 2)] }).slice(0, 2)).toEqual([
      { stage: "starting", state: "done", at: at(0) },
      { stage: "received", state: "current", at: at(2) },
    ]);
  });

  it("an order back from the error stage to received shows the error no more", () => {
    const steps = timeline({ stage: "cooking", orderType: "D", history: [entry(3, 0), entry(4, 1), entry(3, 5), entry(5, 9)] });
    expect(steps.map((s) => s.stage)).toEqual(["received", "cooking", "delivering", "completed"]);
    expect(steps[1]).toEqual({ stage: "cooking", state: "current", at: at(9) });
  });
});

describe("deliveryAddressText", () => {
  const t = (key: string, values?: Record<string, unknown>) => (key === "interior" ? `int. ${values?.number}` : "Referencia");
  const address = {
    st: "Av. Álvaro Obregón",
    houseNo: "130",
    interiorNo: "4",
    villeageName: "Roma Norte",
    postalCode: "06700",
    cityName: "Ciudad de México",
    prefectureName: "CDMX",
    landmark: "Portón verde",
  };

  it("street, number and interior, neighbourhood, postal code and city, state, then the reference", () => {
    expect(deliveryAddressText(address, t)).toBe("Av. Álvaro Obregón 130 int. 4, Roma Norte, 06700 Ciudad de México, CDMX. Referencia: Portón verde");
  });

  it("skips what is missing or blank, and the reference when asked to", () => {
    expect(deliveryAddressText({ ...address, interiorNo: " ", villeageName: "" }, t, false)).toBe("Av. Álvaro Obregón 130, 06700 Ciudad de México, CDMX");
  });
});
