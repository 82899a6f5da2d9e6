export {
  closedPullRequests,
  editMarkedComment,
  type GitHubContext,
  isForkPullRequest,
  PULL_REQUESTS_PER_REQUEST,
  PullRequestLookupError,
  readGitHubContext,
  upsertMarkedComment,
} from "@stashkit/ci-context";
export { type FailureHints, failureLine, runStep } from "./failure.ts";
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
export { pullRequestNumber, readComment, readProtect } from "./lifecycle-inputs.ts";
export { actionsLogger } from "./logger.ts";
export { isPostStep, markPostStepComing } from "./post-step.ts";
export * as runner from "./runner/commands.ts";
export { registerSecrets } from "./secrets.ts";
export {
  MANAGEMENT_CREDENTIALS,
  MESSAGING_CREDENTIALS,
  readCredentials,
  requireCredentials,
} from "./step/credentials.ts";
export {
  attemptTimeoutMs,
  readStepLimits,
  type StepLimits,
  stepClientOptions,
  stepDeadline,
} from "./step/limits.ts";
export { runManagementStep } from "./step/management-step.ts";
export { runMessagingStep } from "./step/messaging-step.ts";
export { type Step, type StepOptions, templateExpander } from "./step/open-step.ts";
export { escapeMarkdown, markdownTable, writeSummary } from "./summary.ts";
export { logLine, readIfMissing, readTargetInputs, TARGET_INPUTS } from "./targets.ts";
