import { registerSecrets, runner, type Step } from "@stashkit/action-kit";
import {
  ConfigurationError,
  cloneSearchIndex,
  type ManagementClient,
  preferSmallHeap,
  type SearchIndex,
  SearchIndexData,
  seedDocuments,
  seedSearchIndex,
  waitUntilIndexed,
} from "@stashkit/core";
import type { SeedInputs } from "./seed-inputs.ts";

/** One SDK index filled (or found filled) by the step, for the summary. */
export interface SeededIndex {
  index: string;
  written: number;
  /** false: a finished seed was recorded before, and nothing was written. */
  seeded: boolean;
  ms: number;
}

export interface SeedReport {
  written: number;
  indexes: SeededIndex[];
}

type DataOptions = Parameters<typeof SearchIndexData.fromIndex>[1];

/** Fills the ensured index from the seed files or the clone source, then waits until it is searchable. */
export async function seedEnsured(
  step: Step<ManagementClient>,
  index: SearchIndex,
  inputs: SeedInputs,
  options: DataOptions,
): Promise<SeedReport> {
  preferSmallHeap();
  const target = SearchIndexData.fromIndex(index, options);
  const common = {
    when: inputs.when,
    deadline: step.deadline,
    maxWritesPerSecond: writesPerSecondOf(index),
  };
  const started = Date.now();
  let indexes: SeededIndex[];
  if (inputs.cloneFrom !== undefined) {
    const source = SearchIndexData.fromIndex(await cloneSource(step, inputs.cloneFrom), {
      ...options,
      readOnly: true,
    });
    const only = inputs.cloneIndex === undefined ? {} : { indexes: [inputs.cloneIndex] };
    const into = inputs.cloneIndex !== undefined && inputs.indexGiven ? { into: inputs.index } : {};
    const cloned = await runner.group(`Clone ${inputs.cloneFrom} into ${index.name}`, () =>
      cloneSearchIndex(source, target, { ...common, ...only, ...into }),
    );
    indexes = cloned.indexes;
  } else {
    const result = await runner.group(`Seed ${index.name} / ${inputs.index}`, () =>
      seedSearchIndex(target, { ...common, index: inputs.index, documents: seedDocuments(inputs.files) }),
    );
    indexes = [
      { index: result.index, written: result.written, seeded: result.seeded, ms: Date.now() - started },
    ];
  }
  if (inputs.waitUntilIndexed) {
    for (const entry of indexes)
      await waitUntilIndexed(target, { namespace: entry.index, deadline: step.deadline });
  }
  for (const entry of indexes) {
    runner.info(
      entry.seeded
        ? `SDK index ${entry.index}: ${entry.written} documents written in ${(entry.ms / 1000).toFixed(1)} s.`
        : `SDK index ${entry.index}: seeded before, nothing written (seed-when: always writes again).`,
    );
  }
  return { written: indexes.reduce((sum, entry) => sum + entry.written, 0), indexes };
}

/** The index's `max_writes_per_second` when it states a usable one; else unpaced (429s still wait). */
function writesPerSecondOf(index: SearchIndex): number {
  const stated = index["max_writes_per_second"];
  return typeof stated === "number" && stated > 0 ? stated : 0;
}

/** The clone source, by name in the same account; its tokens are masked before anything is logged. */
async function cloneSource(step: Step<ManagementClient>, name: string): Promise<SearchIndex> {
  const found = await (await step.client()).searchIndexes.findByName(name);
  registerSecrets(...found.flatMap((index) => [index.token, index.read_only_token]));
  const [source, ...others] = found;
  if (source === undefined) {
    throw new ConfigurationError("clone-from", `clone-from: no search index named "${name}" in this account`);
  }
  if (others.length > 0) {
    throw new ConfigurationError(
      "clone-from",
      `clone-from: ${found.length} search indexes are named "${name}"`,
    );
  }
  return source;
}
