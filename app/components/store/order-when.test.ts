import { resources } from "~/locales";
import { createTranslator } from "~/i18n/translate";
import { lateText, orderWhen } from "./order-when";

const t = (lng: "es" | "en") => createTranslator(lng, resources[lng], ["store", "ordertime"]);
/** Intl writes a no-break space before "p.m."; the expectations use plain ones. */
const when = (lng: "es" | "en", order: Parameters<typeof orderWhen>[2]) => orderWhen(t(lng), lng, order).replace(/\s/g, " ");
// Placed Friday 2026-11-20 at 13:05 in Mexico City.
const asap = {
  createdAt: "2026-11-20T19:05:00.000Z",
  collectionTime: null,
  collectionFrom: null,
  timeZone: "America/Mexico_City",
  placedToday: true,
  dueToday: false,
  dueAt: "2026-11-20T19:20:00.000Z", // the outlet's carry-out quote, 15 minutes
};

describe("a console card's time", () => {
  it("today's order: the time it was placed, and its slot or ASAP (with the time it is about due) without a day, all in 24-hour times", () => {
    expect(when("es", asap)).toBe("13:05 · lo antes posible (aprox. 13:20)");
    const slot = { ...asap, collectionTime: "2026-11-20T21:00:00.000Z", collectionFrom: "2026-11-20T20:45:00.000Z", dueToday: true };
    expect(when("es", slot)).toBe("13:05 · para 14:45 – 15:00");
  });

  it("a scheduled order for another day says that day, so it is not taken for one of today's", () => {
    const tomorrow = { ...asap, collectionTime: "2026-11-21T19:00:00.000Z", collectionFrom: "2026-11-21T18:45:00.000Z", dueToday: false };
    expect(when("es", tomorrow)).toBe("13:05 · para sábado, 21 de noviembre, 12:45 – 13:00");
  });

  it("an order still open from yesterday says the day it was placed", () => {
    const lastNight = { ...asap, createdAt: "2026-11-20T03:30:00.000Z", placedToday: false, dueAt: "2026-11-20T03:45:00.000Z" };
    expect(when("es", lastNight)).toBe("jueves, 19 de noviembre, 21:30 · lo antes posible (aprox. 21:45)");
    expect(when("en", lastNight)).toBe("Thursday, November 19, 21:30 · as soon as possible (about 21:45)");
  });
});

describe("how late an order is", () => {
  it("in minutes under an hour, in hours and minutes from an hour (an order left open overnight is not '915 min')", () => {
    expect(lateText(t("es"), 15)).toBe("Atrasado 15 min");
    expect(lateText(t("es"), 60)).toBe("Atrasado 1 h 00 min");
    expect(lateText(t("es"), 915)).toBe("Atrasado 15 h 15 min");
    expect(lateText(t("en"), 125)).toBe("Late by 2 h 05 min");
  });
});
