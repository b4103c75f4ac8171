import type { LoaderFunctionArgs } from "@remix-run/node";
import { ContentPage, contentMeta } from "~/components/content/ContentPage";
import { contentPageData } from "~/web/content.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/** /campaigns-term-and-condition: the content page `campaigns_term_and_condition` (server/content/pages.ts), in the visitor's language. */
export const handle = { layout: "simple", i18n: ["content"] };
export const meta = contentMeta;
export const loader = ({ request }: LoaderFunctionArgs) => contentPageData(request, "campaigns_term_and_condition");
export default ContentPage;
