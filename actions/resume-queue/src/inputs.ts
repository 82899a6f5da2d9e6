import { readBoolean, readIfMissing, readTargetInputs } from "@stashkit/action-kit";
import type { TargetsInput } from "@stashkit/core";
import type { IfMissing } from "@stashkit/core/internal";

export interface ResumeInputs {
  targets: TargetsInput;
  ifMissing: IfMissing;
  maskEndpoint: boolean;
}

/** Reads and checks the action's own inputs before anything is sent (the step has read the token). */
export function readResumeInputs(): ResumeInputs {
  return {
    targets: readTargetInputs("resume"),
    ifMissing: readIfMissing(),
    maskEndpoint: readBoolean("mask-endpoint", true),
  };
}
