import { resources } from "~/locales";
import { createTranslator } from "~/i18n/translate";
import { scheduledText } from "./slot-text";

const t = (lng: "es" | "ar") => createTranslator(lng, resources[lng], "ordertime");
const order = { collectionTime: "2026-11-21T01:15:00.000Z", collectionFrom: "2026-11-21T01:00:00.000Z", timeZone: "America/Mexico_City" };

describe("a scheduled order's time (tracker, console, mail)", () => {
  it("reads as the order-time dialog's slot, on the outlet's day and clock", () => {
    expect(scheduledText(t("es"), "es", order)).toBe("viernes, 20 de noviembre, 19:00 – 19:15");
    expect(scheduledText(t("es"), "es", order, false)).toBe("19:00 – 19:15");
    expect(scheduledText(t("es"), "es", { ...order, timeZone: "America/Tijuana" })).toBe("viernes, 20 de noviembre, 17:00 – 17:15");
    expect(scheduledText(t("ar"), "ar", order, false)).toBe("19:00 – 19:15");
  });

  it("an order placed before slots were kept shows its end alone", () => {
    expect(scheduledText(t("es"), "es", { ...order, collectionFrom: null }, false)).toBe("19:15");
  });
});
