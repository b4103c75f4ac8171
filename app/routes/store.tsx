import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { LanguageForm } from "~/components/LanguageForm";
import { useTranslation } from "~/i18n/react";
import { requireStaff, staffContext, STORE_LOGIN } from "~/web/auth.server";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * The store console's frame (beyond the spec): its own header (who is signed in, sign out) and footer (language),
 * in place of the storefront's. The guard: every /store page but the sign-in (and the sign-out post) needs a
 * signed-in member of staff; the pages' own loaders and actions check again (they run in parallel with this one).
 * A manager also sees the way to the coupons, content, banners, campaigns, favourites, topics, openings, the
 * customers' messages (/store/messages) and the site's settings (/store/...), whose pages refuse anyone else with a 403.
 */
// The console shows customers' names, phones and addresses: never kept by any cache (its child pages inherit this).
export const handle = { layout: "bare", i18n: ["store"], noStore: true };

export async function loader({ request }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  // Every console page needs a member (the sign-in page, with where to come back to and whether a session ended).
  if (path !== STORE_LOGIN && path !== "/store/logout") await requireStaff(request);
  const { staff, lng } = await staffContext(request);
  return json({ lng, staff: staff ? { name: staff.name, outlets: staff.outlets.map((o) => o.name), manager: staff.role === "manager" } : null });
}

export default function StoreLayout() {
  const { lng, staff } = useLoaderData<typeof loader>();
  const location = useLocation();
  const { t } = useTranslation(["store", "common"]);
  return (
    <div className="layout console-layout">
      <a className="skip-link" href="#main">
        {t("common:skipToContent")}
      </a>
      <header className="site-header console-header">
        <p className="brand">
          <img src="/images/logo.svg" alt="" width={40} height={40} />
          <span>{t("consoleName")}</span>
        </p>
        {staff ? (
          <>
            {staff.manager ? (
              <nav aria-label={t("nav.label")} className="console-nav">
                <NavLink to="/store" end>
                  {t("nav.orders")}
                </NavLink>
                <NavLink to="/store/coupons">{t("nav.coupons")}</NavLink>
                <NavLink to="/store/content">{t("nav.content")}</NavLink>
                <NavLink to="/store/banners">{t("nav.banners")}</NavLink>
                <NavLink to="/store/campaigns">{t("nav.campaigns")}</NavLink>
                <NavLink to="/store/messages">{t("nav.messages")}</NavLink>
                <NavLink to="/store/favourites">{t("nav.favourites")}</NavLink>
                <NavLink to="/store/topics">{t("nav.topics")}</NavLink>
                <NavLink to="/store/openings">{t("nav.openings")}</NavLink>
                <NavLink to="/store/settings">{t("nav.settings")}</NavLink>
              </nav>
            ) : null}
            <p className="console-who">{t("signedInAs", { name: staff.name, outlets: staff.outlets.join(", ") })}</p>
            <Form method="post" action="/store/logout" reloadDocument>
              <AuthenticityTokenInput />
              <button type="submit" className="button button-quiet console-signout">
                {t("signOut")}
              </button>
            </Form>
          </>
        ) : null}
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <LanguageForm lng={lng} back={location.pathname + location.search} />
      </footer>
    </div>
  );
}
