import { Link } from "~/components/link";
import { useTranslation } from "~/i18n/react";
import { useRootData } from "~/root-data";
import type { Notice } from "~/web/session.server";

/** A translated message: errors interrupt screen readers (alert), the rest are polite (status). */
export function NoticeBanner({ notice }: { notice: Notice }) {
  return (
    <div className={`notice notice-${notice.tone}`} role={notice.tone === "error" ? "alert" : "status"}>
      <NoticeText notice={notice} />
    </div>
  );
}

/** A notice's words, and the link it offers (a coupon that does not exist: the deals). */
export function NoticeText({ notice }: { notice: Notice }) {
  const { t } = useTranslation(["common", "errors"]);
  return (
    <>
      {t(notice.key, notice.values)}
      {notice.link ? (
        <>
          {" "}
          <Link to={notice.link.to}>{t(notice.link.key)}</Link>
        </>
      ) : null}
      {notice.also ? (
        <>
          {" "}
          <NoticeText notice={notice.also} />
        </>
      ) : null}
    </>
  );
}

/**
 * The flashed message of a document post that named this element (`at`: a form's anchor, app/routes/cart.tsx),
 * shown here, where the answer scrolled to (the layout leaves it out of the top of the page).
 */
export function AnchoredNotice({ at }: { at: string }) {
  const notice = useRootData()?.notice;
  return notice?.at === at ? <NoticeBanner notice={notice} /> : null;
}
