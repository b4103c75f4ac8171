import { useTranslation } from "~/i18n/react";
import type { Notice } from "~/web/session.server";

/** A translated message: errors interrupt screen readers (alert), the rest are polite (status). */
export function NoticeBanner({ notice }: { notice: Notice }) {
  const { t } = useTranslation(["common", "errors"]);
  return (
    <div className={`notice notice-${notice.tone}`} role={notice.tone === "error" ? "alert" : "status"}>
      {t(notice.key, notice.values)}
    </div>
  );
}
