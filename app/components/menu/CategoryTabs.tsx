import { Link } from "~/components/link";
import { useTranslation } from "~/i18n/react";
import type { CategoryLink } from "#server/catalog/menu";

/** Categories and the current one's sub-categories as navigation lists (aria-current marks the page). */
export function CategoryTabs({ categories, current, sub }: { categories: Pick<CategoryLink, "slug" | "name" | "subs">[]; current: string; sub: string | null }) {
  const { t } = useTranslation("menu");
  const active = categories.find((c) => c.slug === current);
  return (
    <>
      <nav aria-label={t("categories")} className="tabs">
        <ul>
          {categories.map((c) => (
            <li key={c.slug}>
              <Link
                to={c.subs[0] ? `/order/${c.slug}/${c.subs[0].slug}` : `/order/${c.slug}`}
                aria-current={c.slug === current ? "page" : undefined}
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {active && active.subs.length > 1 ? (
        <nav aria-label={t("subcategories")} className="tabs tabs-sub">
          <ul>
            {active.subs.map((s) => (
              <li key={s.slug}>
                <Link to={`/order/${active.slug}/${s.slug}`} aria-current={s.slug === sub ? "page" : undefined}>
                  {s.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </>
  );
}
