import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { constants } from "#server/constants";
import { formatDateTime } from "~/format";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import type { contentPageData } from "~/web/content.server";

type Loader = () => ReturnType<typeof contentPageData>;

/** Every content page's route module: the same title and page (and handle), its own content type in its loader. */
export const contentMeta: MetaFunction<Loader> = (args) => pageTitle(args.data?.title, args);

/**
 * A content page: its title, its text (Markdown the server rendered and sanitised: server/content/markdown.ts), and
 * when it last changed. A text in another language than the page's (the visitor's language has none yet) carries its
 * own `lang` and says so.
 */
export function ContentPage() {
  const page = useLoaderData<Loader>();
  const { t } = useTranslation("content");
  const foreign = page.lng !== page.shownIn;
  return (
    <article className="content-page" aria-labelledby="content-title" lang={foreign ? page.lng : undefined}>
      <h1 id="content-title">{page.title}</h1>
      {foreign ? (
        <p className="muted" lang={page.shownIn}>
          {t("onlyIn")}
        </p>
      ) : null}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML the server rendered from Markdown and sanitised with an allow-list */}
      <div className="content-body" dangerouslySetInnerHTML={{ __html: page.html }} />
      <p className="muted" lang={page.shownIn}>
        {t("updated", { date: formatDateTime(page.updatedAt, page.shownIn, constants.defaultTimeZone) })}
      </p>
    </article>
  );
}
