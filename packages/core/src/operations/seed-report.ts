import type { FromIndexOptions } from "../clients/search-index-data.ts";
import type { EnsureResult, EnsureSearchIndexInput } from "./ensure-search-index.ts";
import type { SeedPlan } from "./seed-plan.ts";

// What the one-step ensure takes and reports, apart from its code: the seeding half
// (`fill-ensured-index.ts`, loaded only for a seed) and the preview comment read these too.

/** One SDK index filled (or found filled) after the ensure. */
export interface SeededIndex {
  index: string;
  /** The source's SDK index, for a clone. */
  from?: string;
  written: number;
  /** false: a finished seed was recorded before, and nothing was written. */
  seeded: boolean;
  ms: number;
}

export interface SeedReport {
  written: number;
  indexes: SeededIndex[];
}

export interface EnsureAndSeedInput extends EnsureSearchIndexInput {
  /** What to put into the index once it exists (`checkSeedPlan`); none: the ensure alone. */
  seed?: SeedPlan | undefined;
  /** The data plane's client options: retries, logger, redactor (the ensured index's tokens go into it). */
  dataOptions?: FromIndexOptions;
  /** Called as soon as the index is ensured, before any seeding: hand the index over even if a seed fails. */
  onEnsured?: (result: EnsureResult) => void;
  /** The clone source's tokens, to mask before anything is logged. */
  onSecrets?: (secrets: string[]) => void;
  /** Runs each phase ("Seed myapp-pr-7 / movies"): a log group, a spinner. Default: runs it. */
  phase?: <T>(label: string, work: () => Promise<T>) => Promise<T>;
  /** Documents written so far in one SDK index. */
  onProgress?: (index: string, written: number) => void;
}

export interface EnsureAndSeedResult {
  ensured: EnsureResult;
  seeded: SeedReport;
}
