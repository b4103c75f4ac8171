import { resources } from "~/locales";
import { createTranslator } from "./translate";
import { translator } from "./translator.server";

describe("translator (the server's)", () => {
  it("is the page's translator over the whole catalog, made once per language and namespace", () => {
    const t = translator("en", "checkout");
    expect(t).toBe(translator("en", "checkout"));
    expect(t("title")).toBe(createTranslator("en", resources.en, "checkout")("title"));
    expect(t("title")).not.toBe("title");
    expect(translator("ar", "common")("footer.care")).toBe(resources.ar.common.footer.care);
  });

  it("reads Spanish for a language the shop does not have", () => {
    expect(translator("fr", "stores")("title")).toBe(translator("es", "stores")("title"));
  });
});
