export {
  DEFAULT_IMAGE,
  EMULATOR_PORT,
  QSTASH_REGIONS,
  type QStashRegion,
  StartedStashkitEmulatorContainer,
  StashkitEmulatorContainer,
} from "./container.ts";
export { CONTROL_TOKEN_HEADER, EmulatorControlError, type SnapshotSource } from "./control.ts";
export type { ManagementEnv, QStashDevEnv, QStashEnv, SearchEnv } from "./environment.ts";
