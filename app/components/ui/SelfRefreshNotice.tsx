import { Link } from "~/components/link";
import { useTranslation } from "~/i18n/react";

/**
 * For browsers without script on a page that reloads itself (a refresh inside <noscript>, the route's
 * `handle.noscriptRefresh`): says so and offers to stop it (`?refresh=off`), or to start it again (WCAG 2.2.1).
 * Hidden wherever script runs (`.js .self-refresh` in app.css; `html.js` is set by the document's first script, so
 * from the first paint): with script the page updates in place and nothing reloads. (Dropped on hydration instead,
 * it was shown first and moved the page under the reader: a layout shift of 0.08 on the tracker.)
 * `keys` names the texts: `${keys}.on` (with {{seconds}}), `.stop`, `.off` and `.start`.
 */
export function SelfRefreshNotice({ active, seconds, keys }: { active: boolean; seconds: number; keys: string }) {
  const { t } = useTranslation();
  return (
    <p className="hint self-refresh">
      {active ? (
        <>
          {t(`${keys}.on`, { seconds })} <Link to="?refresh=off">{t(`${keys}.stop`)}</Link>
        </>
      ) : (
        <>
          {t(`${keys}.off`)} <Link to=".">{t(`${keys}.start`)}</Link>
        </>
      )}
    </p>
  );
}
