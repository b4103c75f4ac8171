import { Link as RemixLink, type LinkProps } from "@remix-run/react";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { Link } from "./link";

/** Renders `links` with `Kind` on a static router at `path`, inside a nested route, as Remix's server does. */
async function drawn(Kind: ComponentType<LinkProps>, links: LinkProps[], path: string): Promise<string> {
  const routes = [
    {
      path: "/",
      children: [{ path: "order/:slug/:sub?", element: <nav>{links.map((props, i) => <Kind key={String(i)} {...props} />)}</nav> }],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}

/** Each link drawn alone, so a difference names its `to`. */
async function eachDrawn(Kind: ComponentType<LinkProps>, links: LinkProps[], path: string): Promise<string[]> {
  return Promise.all(links.map((props) => drawn(Kind, [props], path)));
}

const SITE_PATHS: LinkProps[] = [
  { to: "/home" },
  { to: "/" },
  { to: "/order/pizzas/clasicas?dialog=order-time" },
  { to: "/order/pizzas/clasicas#menu", className: "tab", "aria-current": "page" },
  { to: "/checkout/", children: "Carrito: 1 producto" },
  { to: "/login?redirectTo=%2Forder%2Fpizzas%2Fclasicas", "aria-label": "Iniciar sesión", id: "sign-in" },
  { to: "/order//pizzas/clasicas" },
  { to: "/order/.pizzas/..clasicas/x.../" },
  { to: "/a#b?c" },
  { to: "/a?b?c#d" },
  { to: "/tracker", target: "_blank", rel: "noopener" },
  { to: "/tracker", reloadDocument: true },
  { to: "/tracker", discover: "none" },
  { to: "/cart", preventScrollReset: true, replace: true, state: { from: "menu" }, relative: "path", onClick: () => {} },
];

// Not site paths that resolve to themselves: these are Remix's <Link> on the server too.
const OTHERS: LinkProps[] = [
  { to: "." },
  { to: "?refresh=off" },
  { to: "../deals" },
  { to: "especialidades" },
  { to: "/order?" },
  { to: "/order#" },
  { to: "/order/pizzas/../deals" },
  { to: "/order/./pizzas" },
  { to: "/order/.." },
  { to: "/order/..?a=1" },
  { to: "//cdn.example.com/x" },
  { to: "https://example.com/x" },
  { to: { pathname: "/order", search: "?a=1" } },
  { to: "/order", prefetch: "render" },
];

describe("Link on the server", () => {
  it("draws a site path byte for byte as Remix's Link does, at any route", async () => {
    for (const at of ["/order/pizzas", "/order/pizzas/clasicas"]) {
      const ours = await eachDrawn(Link, SITE_PATHS, at);
      expect(ours).toEqual(await eachDrawn(RemixLink, SITE_PATHS, at));
    }
    expect(await drawn(Link, [{ to: "/home", className: "brand" }], "/order/pizzas")).toContain('<a class="brand" data-discover="true" href="/home">');
  });

  it("leaves every other `to` to Remix's Link, which resolves it against the route", async () => {
    const at = "/order/pizzas/clasicas";
    expect(await eachDrawn(Link, OTHERS, at)).toEqual(await eachDrawn(RemixLink, OTHERS, at));
    // Resolved, not drawn as written: the same anchors as an as-is drawing would not give.
    const resolved = await drawn(Link, [{ to: "." }, { to: "?refresh=off" }, { to: "/order?" }, { to: "/order/pizzas/../deals" }], at);
    expect(resolved).toContain('href="/order/pizzas/clasicas"');
    expect(resolved).toContain('href="/order/pizzas/clasicas?refresh=off"');
    expect(resolved).toContain('href="/order"');
    expect(resolved).toContain('href="/order/deals"');
  });
});
