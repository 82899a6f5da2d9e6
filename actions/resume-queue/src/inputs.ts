import {
  noTargets,
  readBoolean,
  readChoice,
  readInput,
  readTargetInputs,
  TARGET_INPUTS,
} from "@stashkit/action-kit";
import { ConfigurationError, parseTargetList, type TargetsInput, targetsInput } from "@stashkit/core";

export interface ResumeInputs {
  targets: TargetsInput;
  ifMissing: "fail" | "skip";
  maskEndpoint: boolean;
}

const ONLY_IF = "only-if-paused-by";

/** Reads and checks the action's own inputs before anything is sent (the step has read the token). */
export function readResumeInputs(): ResumeInputs {
  const lists = readTargetInputs();
  const pausedBy = readInput(ONLY_IF);
  const common = {
    ifMissing: readChoice("if-missing", ["fail", "skip"] as const, "fail"),
    maskEndpoint: readBoolean("mask-endpoint", true),
  };
  if (pausedBy !== "") {
    const paused = parseTargetList(pausedBy, ONLY_IF);
    if (!noTargets(lists)) {
      throw new ConfigurationError(
        ONLY_IF,
        `input ${ONLY_IF} resumes exactly what a pause step paused; leave ${TARGET_INPUTS.join(", ")} empty when it is set`,
      );
    }
    return { targets: targetsInput(paused), ...common };
  }
  if (noTargets(lists)) {
    throw new ConfigurationError(
      "queue-name",
      `input queue-name is required: one queue name, or several separated by newlines or commas (or set schedule-id, schedule-label, flow-control-key or ${ONLY_IF})`,
    );
  }
  return { targets: lists, ...common };
}
