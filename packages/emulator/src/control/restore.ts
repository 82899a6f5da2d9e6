import type { RegionName } from "../regions/region-names.ts";
import { readSnapshotFile, type Snapshot, snapshotState } from "../state/snapshot.ts";
import { SnapshotError } from "../state/snapshot-error.ts";
import type { Stores } from "../state/stores.ts";

/** What a restore takes: a snapshot, its parsed JSON (from a request body), or a file's path. */
export type SnapshotSource = Snapshot<unknown> | Record<string, unknown> | string;

export interface RestoreOptions {
  /** One store area to restore (`messaging`, `management`, `search-data`…); the others stay. */
  area?: string | undefined;
  /** How errors name a snapshot given as a value (a file is named by its path). */
  from?: string;
}

export interface ResetOptions extends RestoreOptions {
  /** The state to reset to instead of an empty one. */
  to?: SnapshotSource;
  /** One QStash region to empty (`US_EAST_1`), the others left as they are; not with `to` or `area`. */
  region?: RegionName | undefined;
}

/** Names a snapshot given as a value in errors, where a file would be named by its path. */
export const SNAPSHOT_VALUE = "(given in code)";

/**
 * Puts a snapshot's state in place of the stores' (or one area's) and commits it: read, upgraded
 * and checked in full first, so a snapshot that cannot load, or an unknown area, changes nothing.
 * The APIs are then told, so deliveries and ticks the snapshot holds are planned.
 */
export function restoreState(
  parts: { stores: Stores; stateReplaced(): void },
  source: SnapshotSource,
  { area, from: label = SNAPSHOT_VALUE }: RestoreOptions,
): string[] {
  const name = typeof source === "string" ? source : label;
  const state = typeof source === "string" ? readSnapshotFile(source) : snapshotState(source, label);
  const restored = parts.stores.replace(state, (problem) => new SnapshotError(name, problem), area);
  parts.stores.commit();
  parts.stateReplaced();
  return restored;
}
