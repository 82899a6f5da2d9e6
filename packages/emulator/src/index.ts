export type { Fault, FaultPhase, RouteKey } from "./faults/fault.ts";
export { parseFaultSpec } from "./faults/fault.ts";
export type { Account } from "./http/auth.ts";
export type { DeliveredMessage } from "./messaging/delivery.ts";
export {
  DEFAULT_ACCOUNT,
  DEFAULT_MESSAGING_TOKEN,
  type EmulatorOptions,
  type ManagementErrorStyle,
} from "./options.ts";
export type { RequestLogEntry } from "./request-log.ts";
export { CONTROL_PREFIX, type EmulatorSettings, type RunningEmulator, startEmulator } from "./server.ts";
export type {
  EmulatorState,
  SearchIndexRecord,
  SearchPlan,
  SearchRegion,
  StoredQueue,
} from "./state/records.ts";
