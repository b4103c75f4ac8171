import { actionCodes, nextPayment, paymentStates, type PaymentEvent, type PaymentState } from "./state";

/**
 * Every pair of an attempt's state and an event, written out as the expected table: a row per state, a column per
 * event. "=" means the event changes nothing; "state/task" means the state changes and a call to the provider is
 * queued with it.
 */
const events: [string, PaymentEvent][] = [
  ["Authorised", { kind: "result", code: "Authorised" }],
  ["Refused", { kind: "result", code: "Refused" }],
  ["Cancelled", { kind: "result", code: "Cancelled" }],
  ["Error", { kind: "result", code: "Error" }],
  ["Pending", { kind: "result", code: "Pending" }],
  ["Received", { kind: "result", code: "Received" }],
  ["RedirectShopper", { kind: "result", code: "RedirectShopper" }],
  ["AUTHORISATION+", { kind: "webhook", code: "AUTHORISATION", success: true }],
  ["AUTHORISATION-", { kind: "webhook", code: "AUTHORISATION", success: false }],
  ["CANCELLATION+", { kind: "webhook", code: "CANCELLATION", success: true }],
  ["CANCELLATION-", { kind: "webhook", code: "CANCELLATION", success: false }],
  ["TECHNICAL_CANCEL+", { kind: "webhook", code: "TECHNICAL_CANCEL", success: true }],
  ["TECHNICAL_CANCEL-", { kind: "webhook", code: "TECHNICAL_CANCEL", success: false }],
  ["CANCEL_OR_REFUND+", { kind: "webhook", code: "CANCEL_OR_REFUND", success: true }],
  ["CANCEL_OR_REFUND-", { kind: "webhook", code: "CANCEL_OR_REFUND", success: false }],
  ["REFUND+", { kind: "webhook", code: "REFUND", success: true }],
  ["REFUND-", { kind: "webhook", code: "REFUND", success: false }],
  ["REFUND_FAILED", { kind: "webhook", code: "REFUND_FAILED", success: true }],
  ["CAPTURE+", { kind: "webhook", code: "CAPTURE", success: true }],
  ["CAPTURE-", { kind: "webhook", code: "CAPTURE", success: false }],
  ["CAPTURE_FAILED", { kind: "webhook", code: "CAPTURE_FAILED", success: true }],
  ["expire", { kind: "expire" }],
  ["supersede", { kind: "supersede" }],
  ["capture", { kind: "capture" }],
  ["refund", { kind: "refund" }],
];

const open = [
  "authorised", "refused", "cancelled", "error", "pending", "pending", "action",
  "authorised", "refused", "voided", "=", "voided", "=", "voided", "=", "voided", "=", "=", "=", "=", "=",
  "expired/cancel", "superseded/cancel", "=", "=",
];
const failed = [
  "authorised", "=", "=", "=", "=", "=", "=",
  "authorised", "=", "=", "=", "=", "=", "=", "=", "=", "=", "=", "=", "=", "=",
  "=", "=", "=", "=",
];
const givenUp = [
  "refunding/refund", "=", "=", "=", "=", "=", "=",
  "refunding/refund", "=", "voided", "=", "voided", "=", "voided", "=", "voided", "=", "=", "=", "=", "=",
  "=", "=", "=", "=",
];
const paidReleases = ["refunded", "=", "refunded", "=", "refunded", "=", "refunded", "="];

const expected: Record<PaymentState, string[]> = {
  new: open,
  action: open,
  pending: open.map((cell, i) => (events[i]![0] === "RedirectShopper" ? "=" : cell)),
  authorised: [
    "=", "=", "=", "=", "=", "=", "=",
    "=", "=", ...paidReleases, "=", "captured", "=", "=",
    "=", "=", "capturing/capture", "refunding/refund",
  ],
  capturing: [
    "=", "=", "=", "=", "=", "=", "=",
    "=", "=", ...paidReleases, "=", "captured", "capture-failed", "capture-failed",
    "=", "=", "=", "refunding/refund",
  ],
  captured: [
    "=", "=", "=", "=", "=", "=", "=",
    "=", "=", ...paidReleases, "=", "=", "=", "capture-failed",
    "=", "=", "=", "refunding/refund",
  ],
  "capture-failed": [
    "=", "=", "=", "=", "=", "=", "=",
    "=", "=", ...paidReleases, "=", "captured", "=", "=",
    "=", "=", "capturing/capture", "refunding/refund",
  ],
  refused: failed,
  cancelled: failed,
  error: failed,
  expired: givenUp,
  superseded: givenUp,
  voided: events.map(() => "="),
  refunding: [
    "=", "=", "=", "=", "=", "=", "=",
    "=", "=", "refunded", "refund-failed", "refunded", "refund-failed", "refunded", "refund-failed", "refunded", "refund-failed", "refund-failed", "=", "=", "=",
    "=", "=", "=", "=",
  ],
  refunded: events.map(([name]) => (name === "REFUND_FAILED" ? "refund-failed" : "=")),
  "refund-failed": [
    "=", "=", "=", "=", "=", "=", "=",
    "=", "=", ...paidReleases, "=", "=", "=", "=",
    "=", "=", "=", "refunding/refund",
  ],
};

describe("nextPayment: every pair of state and event", () => {
  it("the table has a row for every state and a cell for every event", () => {
    expect(Object.keys(expected).sort()).toEqual([...paymentStates].sort());
    for (const state of paymentStates) expect(expected[state], state).toHaveLength(events.length);
  });

  for (const state of paymentStates) {
    it.each(events.map(([name, event], i) => ({ name, event, cell: expected[state][i]! })))(`${state} + $name → $cell`, ({ event, cell }) => {
      const step = nextPayment(state, event);
      const [to, task] = cell === "=" ? [state, undefined] : cell.split("/");
      expect(step).toEqual(task ? { state: to, task } : { state: to });
    });
  }

  it("every action code asks the shopper to act, as RedirectShopper does", () => {
    for (const code of actionCodes) expect(nextPayment("new", { kind: "result", code })).toEqual({ state: "action" });
  });
});

describe("arrival order does not matter", () => {
  const run = (from: PaymentState, sequence: PaymentEvent[]) => sequence.reduce((state, event) => nextPayment(state, event).state, from);
  const auth = (success: boolean): PaymentEvent => ({ kind: "webhook", code: "AUTHORISATION", success });
  const cancelled: PaymentEvent = { kind: "webhook", code: "CANCEL_OR_REFUND", success: true };

  it("a failed then a successful authorisation is authorised, whichever comes first", () => {
    expect(run("action", [auth(false), auth(true)])).toBe("authorised");
    expect(run("action", [auth(true), auth(false)])).toBe("authorised");
  });

  it("a refund confirmed before the authorisation it returns stays refunded", () => {
    expect(run("authorised", [{ kind: "refund" }, cancelled, auth(true)])).toBe("refunded");
  });

  it("an attempt given up, then authorised late, ends returned whichever of the release and the authorisation comes first", () => {
    const release: PaymentEvent = { kind: "webhook", code: "TECHNICAL_CANCEL", success: true };
    expect(run("action", [{ kind: "expire" }, auth(true), release])).toBe("refunded");
    expect(run("action", [{ kind: "expire" }, release, auth(true)])).toBe("voided");
  });

  it("a stale Refused answer never undoes an authorisation the webhook already brought", () => {
    expect(run("action", [auth(true), { kind: "result", code: "Refused" }])).toBe("authorised");
  });
});
