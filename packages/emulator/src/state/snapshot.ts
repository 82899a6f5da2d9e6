import { readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import type { StateOfAreas } from "./area.ts";
import { jsonProblem } from "./json-problem.ts";
import { SnapshotError } from "./snapshot-error.ts";
import type { AnyArea, Stores } from "./stores.ts";

/** Names the format in every snapshot, so a stray JSON file is told apart from one. */
export const SNAPSHOT_FORMAT = "stashkit-emulator-snapshot";
/**
 * The version this emulator writes. Version 1 wraps the state; "version 0" is a bare data file
 * (what `--data-file` holds), which loads as a snapshot too. Each area upgrades its own older
 * keys (its `migrate`), so the version changes only when the wrapper does.
 */
export const SNAPSHOT_VERSION = 1;

/** A snapshot; `S` is its state's type (`EmulatorState` for the emulator's own APIs). */
export interface Snapshot<S = Record<string, unknown>> {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  /** When it was taken (ISO 8601, wall clock). */
  exportedAt: string;
  /**
   * Every store area's keys, in the versioned JSON format (earlier emulators' data files held the
   * same): typed from the areas' shapes.
   */
  state: S;
}

/** The whole state of a running emulator as a snapshot; every mounted area is in it. */
export function takeSnapshot<A extends AnyArea>(stores: Stores<A>): Snapshot<StateOfAreas<A>> {
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    exportedAt: new Date().toISOString(),
    state: stores.document(),
  };
}

/**
 * The state a snapshot holds, whichever version wrote it: the `state` of a version 1 snapshot,
 * or a bare data file (version 0). A snapshot from a newer emulator is refused by name.
 */
export function snapshotState(raw: unknown, file: string): unknown {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw new SnapshotError(file, "is not a JSON object");
  }
  const fields = raw as Record<string, unknown>;
  // Without a format it is a bare data file (version 0); another format's JSON (whose keys no
  // area owns would load as an empty state) is refused by name instead.
  if (!("format" in fields)) return raw;
  if (fields["format"] !== SNAPSHOT_FORMAT) {
    throw new SnapshotError(
      file,
      `has format ${JSON.stringify(fields["format"])}; this emulator reads "${SNAPSHOT_FORMAT}" snapshots`,
    );
  }
  const version = fields["version"];
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1) {
    throw new SnapshotError(file, `has no valid format version (got ${JSON.stringify(version)})`);
  }
  if (version > SNAPSHOT_VERSION) {
    throw new SnapshotError(
      file,
      `was written by a newer emulator (format version ${version}); this one reads versions up to ${SNAPSHOT_VERSION}`,
    );
  }
  return fields["state"] ?? {};
}

/** Reads a snapshot file's JSON; a missing or malformed file is a `SnapshotError` naming it. */
export function readSnapshotFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new SnapshotError(file, `cannot be read (${code})`, { cause: error });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new SnapshotError(file, `is not valid JSON (${jsonProblem(text)})`, { cause: error });
  }
  return snapshotState(raw, file);
}

/**
 * Writes a snapshot beside its final name and renames it over, so a reader never sees half of
 * one. Owner-only (0600): it holds the emulator's index tokens and signing keys, as the data
 * file does, so that an app configured with them keeps working after an import.
 */
export function writeSnapshotFile(file: string, snapshot: Snapshot<unknown> | string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  const text = typeof snapshot === "string" ? snapshot : `${JSON.stringify(snapshot, null, 2)}\n`;
  try {
    writeFileSync(temporary, text, { mode: 0o600, flag: "wx" });
    renameSync(temporary, file);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // Nothing was left behind; the first error is the one worth reporting.
    }
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new SnapshotError(file, `cannot be written (${code})`, { cause: error });
  }
}
