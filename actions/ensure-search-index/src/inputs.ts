import {
  readBoolean,
  readChoice,
  readComment,
  readInput,
  readProtect,
  readRequired,
  type Step,
} from "@stashkit/action-kit";
import { type ProtectRule, refuseProtected, type SearchPlan, type SearchRegion } from "@stashkit/core";
import { SEARCH_PLANS, validatePlan, validateRegion } from "@stashkit/core/internal";

export interface EnsureInputs {
  name: string;
  region: SearchRegion;
  type: SearchPlan;
  onMismatch: "fail" | "warn";
  maskEndpoint: boolean;
  exportEnv: boolean;
  ephemeral: boolean;
  protect: ProtectRule;
  /** `comment: true`: the pull request and the token to comment with. */
  comment: { pullRequest: number; token: string } | undefined;
  /** Any input that names what to seed; `seed-when` and `wait-until-indexed` only shape a seed. */
  seedRequested: boolean;
}

/** Reads and checks the action's own inputs before anything is sent (the step has read the credentials). */
export function readEnsureInputs(step: Pick<Step<unknown>, "expandName" | "context">): EnsureInputs {
  const name = step.expandName(readRequired("name"), "name");
  const protect = readProtect();
  // Core's ensure refuses it too; here it is refused before the client's chunks load (bench S4).
  refuseProtected(protect, name, { input: "name", action: "ensure" });
  return {
    name,
    region: validateRegion(readRequired("region"), "region"),
    type: validatePlan(readChoice("type", SEARCH_PLANS, "free"), "type"),
    onMismatch: readChoice("on-mismatch", ["fail", "warn"] as const, "fail"),
    maskEndpoint: readBoolean("mask-endpoint", true),
    exportEnv: readBoolean("export-env", false),
    ephemeral: readBoolean("ephemeral", false),
    protect,
    comment: readComment(step.context),
    seedRequested: ["seed-file", "seed-index", "clone-from", "clone-index"].some(
      (input) => readInput(input) !== "",
    ),
  };
}
