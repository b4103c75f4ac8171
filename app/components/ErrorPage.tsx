import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { useDocument } from "~/web/context";
import { useTranslation } from "~/i18n/react";

const EDGE_REASONS = ["cross-site", "csrf", "content-type", "too-large", "malformed", "database", "throttled"];

/** The error page's title and text keys (common:errorPage.*) for a status and, from the edge, its reason. */
export function errorText(status: number, edge?: unknown): { title: string; body: string } {
  const reason = typeof edge === "string" ? edge : status === 503 ? "database" : status === 429 ? "throttled" : null;
  if (reason && EDGE_REASONS.includes(reason)) return { title: `errorPage.edge.${reason}.title`, body: `errorPage.edge.${reason}.body` };
  if (status === 404) return { title: "errorPage.notFoundTitle", body: "errorPage.notFoundBody" };
  if (status === 403) return { title: "errorPage.forbiddenTitle", body: "errorPage.forbiddenBody" };
  if (status === 400) return { title: "errorPage.badRequestTitle", body: "errorPage.badRequestBody" };
  return { title: "errorPage.title", body: "errorPage.body" };
}

/** The status and edge reason of what a boundary caught (500 for anything that is not a thrown response). */
export function useCaughtError(): { status: number; edge: unknown } {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) return { status: 500, edge: undefined };
  return { status: error.status, edge: (error.data as { edge?: unknown } | null)?.edge };
}

/**
 * The translated error page: what happened, the status, the request's reference on a 500, and the way home (in
 * the store console, back to the console). A page of its own (`main`: /403, /404 and the root boundary) or inside a
 * route's layout (`section`).
 */
export function ErrorPage({ status, edge, as: Tag = "main" }: { status: number; edge?: unknown; as?: "main" | "section" }) {
  const { t } = useTranslation("common");
  const { requestId } = useDocument();
  const text = errorText(status, edge);
  // Inside the store console (a member refused a manager's page), the way back is the console, not the shop.
  const inConsole = /^\/store(\/|$)/.test(useLocation().pathname);
  return (
    <Tag className="error-page" {...(Tag === "main" ? { id: "main" } : {})}>
      <img src="/images/logo.svg" alt="" width={64} height={64} />
      <h1>{t(text.title)}</h1>
      <p>{t(text.body)}</p>
      <p className="muted">{t("errorPage.status", { status })}</p>
      {status >= 500 && requestId ? <p className="muted">{t("errorPage.reference", { id: requestId })}</p> : null}
      <p>
        {inConsole ? <a href="/store">{t("errorPage.console")}</a> : <a href="/home">{t("errorPage.home")}</a>}
      </p>
    </Tag>
  );
}

/**
 * Every page route's boundary (`export { RouteErrorBoundary as ErrorBoundary }`): the error is shown inside the
 * page's layout, with its header, cart and language form, instead of replacing the whole document.
 */
export function RouteErrorBoundary() {
  const { status, edge } = useCaughtError();
  return <ErrorPage status={status} edge={edge} as="section" />;
}
