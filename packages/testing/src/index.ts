export {
  type ActionInput,
  type ActionMetadata,
  inputVariable,
  readActionMetadata,
} from "./action-metadata.ts";
export { type ForwardProxy, startForwardProxy } from "./forward-proxy.ts";
export { findLeaks, type LeakCheckOptions } from "./leaks.ts";
export { type LocalActionRun, runLocalAction } from "./local-action.ts";
export { readmeTable } from "./readme-tables.ts";
export {
  type ActionRun,
  DEFAULT_CONTEXT,
  type PreparedRun,
  prepareActionRun,
  type RunActionOptions,
  runAction,
} from "./run-action.ts";
export { parseRunnerFile } from "./runner-files.ts";
export { workflowViolations } from "./workflow-policy.ts";
