import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import common from "~/locales/es/common.json";
import errors from "~/locales/es/errors.json";
import { TranslationProvider } from "~/i18n/react";
import type { Notice } from "~/web/session.server";
import { NoticeBanner } from "./Notice";

/** The banner's text as a Spanish page shows it (a static router, as Remix's server renders). */
async function shown(notice: Notice): Promise<string> {
  const routes = [{ path: "/", element: <NoticeBanner notice={notice} /> }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToString(
    <TranslationProvider lng="es" resources={{ common, errors }} hashes={{}}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </TranslationProvider>,
  );
}

describe("a notice with a second message", () => {
  it("says the first, then which coupon was not applied, then why, with the refusal's link", async () => {
    const html = await shown({
      tone: "info",
      key: "notices.cartAdded",
      also: { tone: "error", key: "notices.couponNotApplied", values: { code: "NOEXISTE" }, also: { tone: "error", key: "errors:cp12", link: { to: "/order/deals", key: "notices.seeDeals" } } },
    });
    const text = html.replace(/<[^>]+>/g, "").replace(/<!-- -->/g, "");
    expect(text).toBe(`${common.notices.cartAdded} No aplicamos tu cupón NOEXISTE. ${errors.cp12} ${common.notices.seeDeals}`);
    expect(html).toContain('role="status"');
    expect(html).toContain('href="/order/deals"');
  });
});
