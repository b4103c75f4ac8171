import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { NoticeBanner } from "~/components/ui/Notice";
import { formatDateTime } from "~/format";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { contentListPage } from "~/web/store-content.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /store/content (managers only, beyond the spec): every content page (terms, FAQ, privacy, delivery policy, member
 * rules, commercial information, campaigns' terms, promotions, footer) and, per language, its title and when it last
 * changed, each with its edit link. Other staff get a 403.
 */
export const handle = { layout: "bare" };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  return contentListPage(request);
}

export default function StoreContent() {
  const { title, lng, timeZone, pages, notice } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["store", "common"]);
  return (
    <div className="console content-admin">
      <h1>{title}</h1>
      {notice ? <NoticeBanner notice={notice} /> : null}
      <div className="coupon-table-scroll">
        <table className="coupon-table">
          <caption className="visually-hidden">{t("content.list.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("content.list.page")}</th>
              {pages[0]?.languages.map((language) => (
                <th scope="col" key={language.lng}>
                  {t(`common:language.names.${language.lng}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {pages.map((page) => (
              <tr key={page.type}>
                <th scope="row">
                  {t(`content.types.${page.type}`)}
                  {page.path ? (
                    <>
                      {" "}
                      <a href={page.path} className="muted">
                        {page.path}
                      </a>
                    </>
                  ) : null}
                </th>
                {page.languages.map((language) => {
                  const name = t(`common:language.names.${language.lng}`);
                  return (
                    <td key={language.lng}>
                      <Link to={`/store/content/${page.type}/${language.lng}`}>
                        {language.title ? <span lang={language.lng}>{language.title}</span> : t("content.list.missing")}
                        <span className="visually-hidden">
                          {" "}
                          ({t("content.list.edit", { page: t(`content.types.${page.type}`), language: name })})
                        </span>
                      </Link>
                      {language.updatedAt ? <div className="muted">{formatDateTime(language.updatedAt, lng, timeZone)}</div> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
