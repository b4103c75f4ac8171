import { describe, expect, it } from "vitest";
import { DomainError } from "#server/errors";
import { translator } from "~/i18n/translator.server";
import { noticeForError } from "~/web/storefront.server";

describe("noticeForError", () => {
  it("says a wait in minutes with its plural form in each language (never '1 minutos')", () => {
    const said = (lng: "es" | "en" | "ar", minutes: number) => {
      const notice = noticeForError(new DomainError("CUS-100016", { minutes }), lng);
      return translator(lng, "common")(notice.key, notice.values);
    };
    expect(said("es", 1)).toBe("Demasiados intentos. Intenta de nuevo en 1 minuto.");
    expect(said("es", 15)).toBe("Demasiados intentos. Intenta de nuevo en 15 minutos.");
    expect(said("en", 1)).toBe("Too many tries. Try again in 1 minute.");
    expect(said("en", 48)).toBe("Too many tries. Try again in 48 minutes.");
    expect(said("ar", 1)).toBe("محاولات كثيرة جدًا. حاول مرة أخرى بعد دقيقة واحدة.");
    expect(said("ar", 2)).toBe("محاولات كثيرة جدًا. حاول مرة أخرى بعد دقيقتين.");
    expect(said("ar", 5)).toBe("محاولات كثيرة جدًا. حاول مرة أخرى بعد 5 دقائق.");
    const staff = noticeForError(new DomainError("STAFF-THROTTLED", { minutes: 1 }), "es");
    expect(translator("es", "common")(staff.key, staff.values)).toBe("Demasiados intentos. Espera 1 minuto e inténtalo de nuevo.");
  });

  it("says a coupon's validity window with the language's days, not the rules' raw stamps (coupon review)", () => {
    const said = (lng: "es" | "en" | "ar", from: string, until: string) => {
      const notice = noticeForError(new DomainError("CP-13", { from, until }), lng);
      return translator(lng, "common")(notice.key, notice.values);
    };
    expect(said("es", "2026-12-01 10:00", "2026-12-01 14:00")).toBe(
      "Este cupón no es válido a la hora de tu pedido (vigencia: martes, 1 de diciembre, 10:00 – martes, 1 de diciembre, 14:00).",
    );
    expect(said("en", "", "2026-12-24 23:00")).toBe("This coupon is not valid at your order time (valid … – Thursday, December 24, 23:00).");
    expect(said("ar", "2026-12-01 10:00", "")).not.toMatch(/2026-12-01/);
  });
});
