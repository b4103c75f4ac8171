import { describe, expect, it } from "vitest";
import { STATUS_AWAITING_PAYMENT, STATUS_PAID_TOO_LATE } from "#server/orders/status";
import { statusMessage } from "./status.server";

describe("the payment status page's message for money going back", () => {
  const view = (state: "refunding" | "refund-failed" | "refunded", orderStatus: number) => ({ state, resultCode: null, confirming: false, orderStatus });

  it("says 'too late' only when the order had ended before the payment came", () => {
    expect(statusMessage(view("refunding", STATUS_PAID_TOO_LATE))).toEqual({ key: "status.late", tone: "info" });
  });

  it("an attempt given up but paid after all, while the order still waits: being returned, not 'the order had ended'", () => {
    expect(statusMessage(view("refunding", STATUS_AWAITING_PAYMENT))).toEqual({ key: "status.returning", tone: "info" });
    expect(statusMessage(view("refund-failed", STATUS_AWAITING_PAYMENT))).toEqual({ key: "status.returning", tone: "info" });
    expect(statusMessage(view("refunded", STATUS_AWAITING_PAYMENT))).toEqual({ key: "status.refunded", tone: "info" });
  });
});
