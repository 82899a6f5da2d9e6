// The public API: what README.md documents, and the types its signatures name (api-report.md
// lists them). What only the workspace's CLI and test helpers use is in internal.ts.
export type { ApiName } from "./apis.ts";
export type { EmulatorControls } from "./control/controls.ts";
export type { ResetOptions, RestoreOptions, SnapshotSource } from "./control/restore.ts";
export type { SearchEnv } from "./control/search-env.ts";
export { SeedFileError } from "./control/seed-file-error.ts";
export type { SeedRequest } from "./control/seed-request.ts";
export type { EmulatorState } from "./emulator-state.ts";
export type { Fault, FaultPhase, RouteKey } from "./faults/fault.ts";
export type { RequestCounts, RequestLogEntry, ServedAndRefused } from "./http/request-log.ts";
export type { IndexStore, SearchPlan, SearchRegion, StoredIndex } from "./management/store.ts";
export type { DeliveredMessage } from "./messaging/engine/delivery/delivered.ts";
export type { StoredQueue } from "./messaging/records/queue-store.ts";

export type { Account, EmulatorOptions, ManagementErrorStyle } from "./options/emulator-options.ts";
export { type EmulatorSettings, InvalidSettingError } from "./options/settings.ts";
export type { RunningEmulator } from "./running-emulator.ts";
export { startEmulator } from "./server.ts";
// What EmulatorState is made of (a key's JSON as its area's shape reads it).
export type { AreaView, StateOfAreas } from "./state/area.ts";
export { SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type Snapshot } from "./state/snapshot.ts";
export { SnapshotError } from "./state/snapshot-error.ts";
export { UnknownAreaError } from "./state/unknown-area-error.ts";
export { DataFileError } from "./storage/data-file-error.ts";
export { NODE_NEEDED, NodeWithoutSqliteError } from "./storage/sqlite/load-sqlite.ts";
