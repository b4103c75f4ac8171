import { describe, expect, it } from "vitest";
import { paymentNoteKey } from "./PaymentNote";

describe("the tracker's payment note", () => {
  it("says the charge is taken at the hand-over until then, and that it is under way once handed over", () => {
    expect(paymentNoteKey("authorised", "cooking")).toBe("authorised");
    expect(paymentNoteKey("authorised", "completed")).toBe("charging");
    expect(paymentNoteKey("capturing", "completed")).toBe("charging");
    expect(paymentNoteKey("captured", "completed")).toBe("captured");
  });

  it("asks for the payment only while the order waits for it", () => {
    expect(paymentNoteKey("new", "starting")).toBe("awaiting");
    expect(paymentNoteKey("refused", "canceled")).toBeNull();
    expect(paymentNoteKey("refunded", "canceled")).toBe("refunded");
  });
});
