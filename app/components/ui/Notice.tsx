import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
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
    </>
  );
}
