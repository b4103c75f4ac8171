import { describe, expect, it } from "vitest";
import { westernDigits } from "./digits";

describe("westernDigits", () => {
  it("reads Arabic-Indic and Eastern Arabic-Indic digits as 0-9, and leaves the rest as it is", () => {
    expect(westernDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(westernDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
    expect(westernDigits("Calle Durango ٢٠٠ - Int. 3")).toBe("Calle Durango 200 - Int. 3");
    expect(westernDigits("شارع")).toBe("شارع");
  });
});

describe("the forms' numbers typed on an Arabic keyboard", () => {
  it("a mobile, a profile phone, an order number, a loyalty card and a fiscal postal code read as their digits", async () => {
    const { mobileSchema } = await import("../orders/checkout-schema");
    const { phoneSchema } = await import("../customers/rules");
    const { trackingSchema } = await import("../orders/tracking-schema");
    expect(mobileSchema.parse("٥٥ ١٢٣٤ ٥٦٧٨")).toBe("5512345678");
    expect(phoneSchema.parse("+٥٢ ۵۵ ۱۲۳۴ ۵۶۷۸")).toBe("525512345678");
    expect(trackingSchema.parse({ number: "١٠٠٠٠٤", email: "ana@correo.mx" })).toEqual({ number: "100004", email: "ana@correo.mx" });
  });
});
