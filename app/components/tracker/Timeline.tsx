import { useTranslation } from "~/i18n/react";
import { formatTime } from "~/format";
import type { Lng } from "~/i18n/config";
import { stageLabel, type TimelineStep } from "./stages";

/** The order's steps with the time each was reached, in the outlet's time zone; the current one is marked. */
export function Timeline({ steps, lng, timeZone, orderType }: { steps: TimelineStep[]; lng: Lng; timeZone: string; orderType: "D" | "C" }) {
  const { t } = useTranslation("tracker");
  return (
    <ol className="stage-steps" aria-label={t("progress")}>
      {steps.map((step) => (
        <li key={step.stage} className={`step-${step.state}`} aria-current={step.state === "current" ? "step" : undefined}>
          <span className="step-name">{t(stageLabel(step.stage, orderType))}</span>
          <span className="visually-hidden"> ({t(`step.${step.state}`)})</span>
          {step.at ? (
            <time className="step-time" dateTime={step.at}>
              {formatTime(step.at, lng, timeZone)}
            </time>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
