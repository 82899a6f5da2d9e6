import { SearchIndexData } from "../clients/search-index-data.ts";
import { preferSmallHeap } from "../lib/prefer-small-heap.ts";
import type { SearchIndex } from "../schemas/search-index.ts";
import { seedDocuments } from "../seed-files/read-seed-files.ts";
import { Deadline } from "../transport/deadline.ts";
import { cloneSearchIndex } from "./clone-search-index.ts";
import type { SeedPlan } from "./seed-plan.ts";
import type { EnsureAndSeedInput, SeededIndex, SeedReport } from "./seed-report.ts";
import { seedSearchIndex } from "./seed-search-index.ts";
import { waitUntilIndexed } from "./wait-until-indexed.ts";

type FillOptions = Pick<EnsureAndSeedInput, "dataOptions" | "deadline" | "signal" | "onProgress"> & {
  phase: NonNullable<EnsureAndSeedInput["phase"]>;
  /** The clone source, already looked up; undefined for a seed from files. */
  source: SearchIndex | undefined;
};

/**
 * The second half of `ensureAndSeedSearchIndex`, loaded only when there is something to seed:
 * fills the ensured index from the seed files or the clone source, then waits until every SDK
 * index it wrote is searchable.
 */
export async function fillEnsuredIndex(
  index: SearchIndex,
  seed: SeedPlan,
  options: FillOptions,
): Promise<SeedReport> {
  preferSmallHeap();
  const { phase, source, signal } = options;
  const deadline = options.deadline ?? options.dataOptions?.deadline ?? Deadline.after(120_000);
  const clientOptions = { ...options.dataOptions, deadline };
  const target = SearchIndexData.fromIndex(index, clientOptions);
  const common = { when: seed.when, deadline, signal, maxWritesPerSecond: writesPerSecondOf(index) };
  const progress = options.onProgress === undefined ? {} : { onProgress: options.onProgress };
  let indexes: SeededIndex[];
  if (source !== undefined) {
    const from = SearchIndexData.fromIndex(source, { ...clientOptions, readOnly: true });
    const only = seed.cloneIndex === undefined ? {} : { indexes: [seed.cloneIndex] };
    const into = seed.cloneIndex !== undefined && seed.indexGiven ? { into: seed.index } : {};
    const cloned = await phase(`Clone ${source.name} into ${index.name}`, () =>
      cloneSearchIndex(from, target, { ...common, ...only, ...into, ...progress }),
    );
    indexes = cloned.indexes.map(({ index: name, from: sdkFrom, written, seeded, ms }) => ({
      index: name,
      from: sdkFrom,
      written,
      seeded,
      ms,
    }));
  } else {
    const started = Date.now();
    const result = await phase(`Seed ${index.name} / ${seed.index}`, () =>
      seedSearchIndex(target, {
        ...common,
        index: seed.index,
        documents: seedDocuments(seed.files, seed.names.files),
        onProgress: (written) => options.onProgress?.(seed.index, written),
      }),
    );
    indexes = [
      { index: result.index, written: result.written, seeded: result.seeded, ms: Date.now() - started },
    ];
  }
  if (seed.waitUntilIndexed) {
    for (const entry of indexes)
      await waitUntilIndexed(target, { namespace: entry.index, deadline, ...(signal ? { signal } : {}) });
  }
  return { written: indexes.reduce((sum, entry) => sum + entry.written, 0), indexes };
}

/** The index's `max_writes_per_second` when it states a usable one; else unpaced (429s still wait). */
function writesPerSecondOf(index: SearchIndex): number {
  const stated = index["max_writes_per_second"];
  return typeof stated === "number" && stated > 0 ? stated : 0;
}
