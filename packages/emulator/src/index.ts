export { CONTROL_TOKEN_HEADER } from "./control/access.ts";
export { CONTROL_PREFIX } from "./control/control-routes.ts";
export type { EmulatorControls } from "./control/controls.ts";
export type { SeedRequest } from "./control/seed-request.ts";
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
export type { RequestCounts, RequestLogEntry, ServedAndRefused } from "./request-log.ts";
export type { RunningEmulator } from "./running-emulator.ts";
export { startEmulator } from "./server.ts";
export { type EmulatorSettings, InvalidSettingError } from "./settings.ts";
export { DataFileError } from "./state/data-file-error.ts";
export type {
  EmulatorState,
  SearchIndexRecord,
  SearchPlan,
  SearchRegion,
  StoredQueue,
} from "./state/records.ts";
