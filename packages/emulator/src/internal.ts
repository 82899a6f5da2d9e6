// `@stashkit/emulator/internal`: what the workspace's CLI, test helpers and reliability suite use
// beyond the public API (index.ts). Not documented as API and without any stability promise.

export { type FrontEnd, runCommandLine } from "./command-line/run.ts";
export { DEFAULT_SEARCH_REGION } from "./management/store.ts";
export { DEFAULT_ACCOUNT, DEFAULT_MESSAGING_TOKEN } from "./options/emulator-options.ts";
export { exposureWarning } from "./options/exposure.ts";
export {
  type DeclaredOption,
  declaredOptions,
  type FlagValues,
  optionsFromFlags,
} from "./options/option-list.ts";
export { QSTASH_DEV_SERVER, qstashDevPort } from "./options/qstash-dev.ts";
