export { actionBundleBytes, entryOnlyCopy } from "./action-bundle.ts";
export {
  type ActionInput,
  type ActionMetadata,
  inputVariable,
  readActionMetadata,
} from "./action-metadata.ts";
export { type CountingProxy, startCountingProxy } from "./counting-proxy.ts";
export {
  basicAuthorization,
  credentialSecrets,
  type ManagementAccount,
  managementEnv,
  messagingEnv,
} from "./credentials.ts";
export { type ForwardProxy, type ForwardProxyMode, startForwardProxy } from "./forward-proxy.ts";
export { freePort } from "./free-port.ts";
export {
  ACTIONS_BOT,
  type CommentAuthor,
  type GitHubRequest,
  type GitHubStandIn,
  type GitHubStandInOptions,
  type PullRequestState,
  type StoredComment,
  startGitHubStandIn,
} from "./github-stand-in.ts";
export { findLeaks, type LeakCheckOptions } from "./leaks.ts";
export { type LocalActionRun, runLocalAction } from "./local-action.ts";
export {
  type ActionRun,
  DEFAULT_CONTEXT,
  type PreparedRun,
  prepareActionRun,
  type RunActionOptions,
  runAction,
} from "./run-action.ts";
export { errorLines } from "./run-output.ts";
export { parseRunnerFile } from "./runner-files.ts";
export { removeTemporaryFolders, temporaryFolder } from "./temp-folders.ts";
