import * as file from "../../tenant.config";
import { constants } from "#server/constants";
import { tenant, tenantSchema } from "#server/tenant";
import { brandOf } from "~/web/site.server";
import { formatMoney } from "~/format";

describe("the tenant (tenant.config.ts)", () => {
  it("is the demo chain, a fictional brand, and what prices, mails and pages read", () => {
    expect(tenant.name.es).toBe("Horno Rojo Pizza");
    expect(JSON.stringify({ ...file })).not.toMatch(/hut/i);
    expect(constants.currency).toBe(tenant.currency.code);
    expect(constants.currencySymbol).toBe(tenant.currency.symbol);
    expect(formatMoney(123_450, "es")).toBe("$1,234.50");
    const brand = brandOf("ar");
    expect(brand.name).toBe(tenant.name.ar);
    expect(brand.care).toEqual({ phone: "800 555 7492", href: "tel:8005557492" });
  });

  it("refuses a file that could break a page: colours that are not #rrggbb, a logo off the site, a missing language, an unknown field", () => {
    const bad = (change: Record<string, unknown>) => tenantSchema.safeParse({ ...file, ...change }).success;
    expect(bad({})).toBe(true);
    expect(bad({ colours: { brand: "red;}body{display:none", brandDark: "#9b0c23" } })).toBe(false);
    expect(bad({ logo: { src: "https://elsewhere.example/logo.svg", width: 40, height: 40 } })).toBe(false);
    expect(bad({ name: { es: "Horno Rojo", en: "Horno Rojo" } })).toBe(false);
    expect(bad({ currency: { code: "mxn", symbol: "$", decimals: 2 } })).toBe(false);
    expect(bad({ taxPercent: 160 })).toBe(false);
    expect(bad({ slogan: "¡La mejor!" })).toBe(false);
  });
});
