import { createElement, type FunctionComponent } from "react";
import { renderToString } from "react-dom/server";
import { resources } from "~/locales";
import { TranslationProvider, useTranslation, type Translations } from "./react";

function Title({ keyName }: { keyName: string }) {
  const { t } = useTranslation(["checkout", "common"]);
  return createElement("h1", null, t(keyName));
}

const Provider = TranslationProvider as FunctionComponent<Translations>;
const render = (carried: Record<string, Record<string, unknown>>, keyName: string) =>
  renderToString(createElement(Provider, { lng: "es", resources: carried, hashes: {} }, createElement(Title, { keyName })));

describe("useTranslation on a page that does not carry a namespace", () => {
  it("answers like i18next (the bare key) and says which namespace the route's handle.i18n lacks", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(render({ common: resources.es.common }, "checkout:title")).toBe("<h1>title</h1>");
    expect(error).toHaveBeenCalledWith(expect.stringContaining('"checkout:title" is rendered, but the page does not carry "checkout"'));
  });

  it("is silent when the page carries it, and for a key its namespace lacks", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(render({ common: resources.es.common, checkout: resources.es.checkout }, "title")).toBe(`<h1>${resources.es.checkout.title}</h1>`);
    render({ common: resources.es.common, checkout: resources.es.checkout }, "checkout:no.such.key");
    expect(error).not.toHaveBeenCalled();
  });
});
