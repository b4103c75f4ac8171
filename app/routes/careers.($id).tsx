import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { CAREERS_FORM_LIMIT_BYTES } from "~/components/careers/limits";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { careersAction, careersPage } from "~/web/careers.server";
import { lazyForm, withFormPreload } from "~/lazy-form";

// The application form (conform, its inline validation) arrives after the page's first load (app/lazy-form.tsx).
const ApplicationForm = lazyForm(() => import("~/components/careers/ApplicationForm").then((m) => m.ApplicationForm));
export const clientLoader = withFormPreload(ApplicationForm);

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /careers/:id? (spec section 2): without an id, the open openings grouped by outlet; with one, that opening and its
 * application form, a multipart form with a CV (a PDF of at most 2 MB). The rules: app/web/careers.server.ts.
 */
export const handle = { layout: "simple", i18n: ["careers", "validation"], form: { maxBytes: CAREERS_FORM_LIMIT_BYTES } };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return careersPage(request, params);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return careersAction(request, params, context);
}

export default function Careers() {
  const data = useLoaderData<typeof loader>();
  return data.opening ? <OpeningPage /> : <OpeningList />;
}

function OpeningList() {
  const { groups } = useLoaderData<typeof loader>();
  const { t } = useTranslation("careers");
  return (
    <div className="careers">
      <h1>{t("title")}</h1>
      <p>{t("lead")}</p>
      {!groups || groups.length === 0 ? <p>{t("none")}</p> : null}
      {groups?.map((group) => (
        <section key={group.outlet.code} aria-labelledby={`careers-${group.outlet.code}`} className="careers-outlet">
          <h2 id={`careers-${group.outlet.code}`}>{t("outlet", { outlet: group.outlet.name, city: group.outlet.city })}</h2>
          <ul>
            {group.openings.map((opening) => (
              <li key={opening.id}>
                <Link to={`/careers/${opening.id}`} lang={opening.lang}>
                  {opening.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function OpeningPage() {
  const { opening, cvMaxBytes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["careers", "validation"]);
  if (!opening) return null;
  return (
    <div className="careers">
      <p>
        <Link to="/careers">{t("back")}</Link>
      </p>
      <article aria-labelledby="opening-title" className="content-page">
        <h1 id="opening-title" lang={opening.lang}>
          {opening.title}
        </h1>
        <p className="muted">{t("where", { outlet: opening.outlet.name, street: opening.outlet.street, city: opening.outlet.city })}</p>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML the server rendered from Markdown and sanitised with an allow-list */}
        <div className="content-body" lang={opening.htmlLang} dangerouslySetInnerHTML={{ __html: opening.html }} />
      </article>
      <section aria-labelledby="apply-title" className="panel careers-apply">
        <h2 id="apply-title">{t("apply.title")}</h2>
        <ApplicationForm openingId={opening.id} cvMaxBytes={cvMaxBytes} lastResult={actionData?.result} />
      </section>
    </div>
  );
}
