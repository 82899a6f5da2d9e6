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
export * as runner from "./runner/commands.ts";
export { registerSecrets } from "./secrets.ts";
export { markdownTable, writeSummary } from "./summary.ts";
export { attemptTimeoutMs } from "./timeouts.ts";
