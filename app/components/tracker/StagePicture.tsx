import type { Stage } from "#server/orders/status";
import { stageAnimates, stagePicture } from "./stages";
import { HIGH_PRIORITY } from "~/components/ui/priority";

/** The stage's picture: decorative (the stage is the heading beside it); it moves while the stage is under way. */
export function StagePicture({ stage }: { stage: Stage }) {
  const className = `stage-picture stage-picture-${stage}${stageAnimates(stage) ? " animated" : ""}`;
  return <img key={stage} src={stagePicture(stage)} alt="" width={160} height={160} className={className} {...HIGH_PRIORITY} />;
}
