import { readBoolean, readChoice, readRequired, type Step } from "@stashkit/action-kit";
import {
  SEARCH_PLANS,
  type SearchPlan,
  type SearchRegion,
  validatePlan,
  validateRegion,
} from "@stashkit/core";

export interface EnsureInputs {
  name: string;
  region: SearchRegion;
  type: SearchPlan;
  onMismatch: "fail" | "warn";
  maskEndpoint: boolean;
  exportEnv: boolean;
  ephemeral: boolean;
}

/** Reads and checks the action's own inputs before anything is sent (the step has read the credentials). */
export function readEnsureInputs(step: Pick<Step<unknown>, "expandName">): EnsureInputs {
  return {
    name: step.expandName(readRequired("name"), "name"),
    region: validateRegion(readRequired("region"), "region"),
    type: validatePlan(readChoice("type", SEARCH_PLANS, "free"), "type"),
    onMismatch: readChoice("on-mismatch", ["fail", "warn"] as const, "fail"),
    maskEndpoint: readBoolean("mask-endpoint", true),
    exportEnv: readBoolean("export-env", false),
    ephemeral: readBoolean("ephemeral", false),
  };
}
