export {
  closedPullRequests,
  editMarkedComment,
  type GitHubContext,
  upsertMarkedComment,
} from "@stashkit/ci-context";
export { gitHubCommentAccess, gitHubLookup } from "./github-lookup.ts";
export {
  readBoolean,
  readChoice,
  readInput,
  readList,
  readRequired,
  readWholeNumber,
  readWithEnvFallback,
} from "./inputs.ts";
export { readComment, readProtect } from "./lifecycle-inputs.ts";
export { isPostStep, markPostStepComing } from "./post-step.ts";
export * as runner from "./runner/commands.ts";
export { registerSecrets } from "./secrets.ts";
export { runManagementStep } from "./step/management-step.ts";
export { runMessagingStep } from "./step/messaging-step.ts";
export { type Step, templateExpander } from "./step/open-step.ts";
export { regionalClients } from "./step/regions.ts";
export { escapeMarkdown, markdownTable, writeSummary } from "./summary.ts";
export { logLine, readIfMissing, readTargetInputs } from "./targets.ts";
