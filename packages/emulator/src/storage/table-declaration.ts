import type { z } from "zod";

/**
 * A row of a data file written by an earlier emulator, brought to this one's shape: the row as
 * stored (any JSON), the row to keep, or `undefined` to drop it (said once at start).
 */
export type RowUpgrade = (row: unknown) => unknown;

export interface TableOptions {
  /**
   * How rows of a data file of an older version (`DATA_FILE_VERSION`) become this version's, by
   * the version they upgrade from: a file of version 1 has its rows passed through `upgrades[1]`,
   * then `upgrades[2]`… up to this version. A version without an entry needs nothing.
   */
  upgrades?: Readonly<Record<number, RowUpgrade>>;
}

/** A table as its store declared it: its name, the schema of its records, and its upgrades. */
export interface TableDeclaration extends TableOptions {
  name: string;
  schema: z.ZodType;
}
