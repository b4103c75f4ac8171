import type { Stage } from "#server/orders/status";

/**
 * What the tracker draws for an order, as pure functions of its stage and status history (no React, no clock), so
 * the page, the mails and the tests read the same rules.
 */

/** The steps an order goes through when all goes well: delivery ends at the door, carry-out at the counter. */
export function progressStages(orderType: "D" | "C"): readonly Stage[] {
  return orderType === "C" ? ["received", "cooking", "ready", "completed"] : ["received", "cooking", "delivering", "completed"];
}

/** Stages after which nothing changes: the live tracker stops following. */
export const FINAL_STAGES: ReadonlySet<Stage> = new Set<Stage>(["completed", "canceled"]);

export function isFinalStage(stage: Stage): boolean {
  return FINAL_STAGES.has(stage);
}

/** The picture of each stage (public/images/tracker): one per stage, decorative (the stage is said in text). */
export function stagePicture(stage: Stage): string {
  return `/images/tracker/${stage}.svg`;
}

/** Whether the stage's picture moves: only a stage that is under way (never a final one, nor the error). */
export function stageAnimates(stage: Stage): boolean {
  return !FINAL_STAGES.has(stage) && stage !== "error";
}

export type StepState = "done" | "current" | "todo";

export interface TimelineStep {
  stage: Stage;
  state: StepState;
  /** When the order first reached this stage (ISO instant), from its status history; null when not (yet) known. */
  at: string | null;
}

/**
 * The tracker's steps with their times. The happy path's steps of the order type, each done, current or to do;
 * a step the history skipped counts as done without a time. "starting" (an online payment not confirmed yet)
 * comes first when the order was in it. An order that is canceled or could not reach the store ends on that
 * stage, after the steps it did reach.
 */
export function timeline(order: { stage: Stage; orderType: "D" | "C"; history: { stage: Stage; at: string }[] }): TimelineStep[] {
  const path = progressStages(order.orderType);
  const firstAt = new Map<Stage, string>();
  for (const entry of order.history) if (!firstAt.has(entry.stage)) firstAt.set(entry.stage, entry.at);
  const lastAt = (stage: Stage) => [...order.history].reverse().find((h) => h.stage === stage)?.at ?? null;

  const reachedInHistory = Math.max(-1, ...order.history.map((h) => path.indexOf(h.stage)));
  const current = path.indexOf(order.stage);
  const reached = current >= 0 ? current : reachedInHistory;
  const steps: TimelineStep[] = [];
  if (order.stage === "starting" || firstAt.has("starting")) {
    steps.push({ stage: "starting", state: order.stage === "starting" ? "current" : "done", at: firstAt.get("starting") ?? null });
  }
  const offPath = current < 0 && order.stage !== "starting";
  path.forEach((stage, i) => {
    if (offPath && i > reached) return; // a canceled or failed order does not show the steps it will never take
    const state: StepState = i < reached || (i === reached && offPath) ? "done" : i === reached ? "current" : "todo";
    steps.push({ stage, state, at: i <= reached ? (firstAt.get(stage) ?? null) : null });
  });
  if (offPath) steps.push({ stage: order.stage, state: "current", at: lastAt(order.stage) });
  return steps;
}

/**
 * A delivery address on one line: street and number (and interior number), neighbourhood, postal code and city,
 * state; with `withReference`, the reference after it. `t` reads the tracker namespace ("interior", "reference").
 */
export function deliveryAddressText(
  address: Record<string, string | undefined>,
  t: (key: string, values?: Record<string, unknown>) => string,
  withReference = true,
): string {
  const join = (separator: string, ...parts: (string | undefined)[]) =>
    parts
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(separator);
  const interior = address.interiorNo?.trim() ? t("interior", { number: address.interiorNo.trim() }) : undefined;
  const line = join(", ", join(" ", address.st, address.houseNo, interior), address.villeageName, join(" ", address.postalCode, address.cityName), address.prefectureName);
  return withReference && address.landmark?.trim() ? `${line}. ${t("reference")}: ${address.landmark.trim()}` : line;
}

/**
 * The translation key of a stage's name (tracker:stage.* and store:stage.*): a carry-out order that is completed was
 * picked up ("Recogido"), a delivered one was delivered; every other stage reads the same for both.
 */
export function stageLabel(stage: Stage, orderType: "D" | "C"): string {
  return stage === "completed" && orderType === "C" ? "stage.pickedUp" : `stage.${stage}`;
}
