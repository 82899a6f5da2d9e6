export { type GitHubContext, isForkPullRequest, readGitHubContext } from "./context.ts";
export { type FailureHints, failureLine, runStep } from "./failure.ts";
export {
  readBoolean,
  readChoice,
  readInput,
  readList,
  readRequired,
  readWholeNumber,
  readWithEnvFallback,
} from "./inputs.ts";
export { actionsLogger } from "./logger.ts";
export {
  type ManagementCredentials,
  managementHints,
  readManagementCredentials,
  requireManagementCredentials,
} from "./management-credentials.ts";
export * as runner from "./runner/commands.ts";
export { registerSecrets } from "./secrets.ts";
export { readStepLimits, type StepLimits, stepClientOptions } from "./step-client.ts";
export { markdownTable, writeSummary } from "./summary.ts";
export { attemptTimeoutMs } from "./timeouts.ts";
