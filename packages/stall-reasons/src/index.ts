// One wording of why a workflow run or a message is not moving, shared by the emulator (its
// inspector, its run logs' `stalledReason`, its message log's hints) and `@stashkit/core`
// (`stashkit doctor`), so both say the same of the same run. No dependencies: the emulator cannot
// depend on core (core's tests depend on the emulator), so the rule lives below both.
export type {
  AttemptFailure,
  EventWait,
  PendingDelivery,
  StallCode,
  StallFacts,
  StallReason,
  StallSetting,
} from "./facts.ts";
export { STALL_CODES } from "./facts.ts";
export { failureHint } from "./hints.ts";
export { type Hold, holdReason } from "./holds.ts";
export { describeFailure, whyStalled } from "./why-stalled.ts";
