import type { SearchIndexData } from "../clients/search-index-data.ts";
import { ConfigurationError } from "../errors/index.ts";
import type { RangePage, SearchDocument } from "../schemas/search-data.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { SEED_MARKER_NAMESPACE } from "./seed-marker.ts";
import {
  checkedTargetIndex,
  type SeedOptions,
  type SeedResult,
  seedSearchIndex,
} from "./seed-search-index.ts";
import { DEFAULT_CONCURRENCY } from "./write-in-batches.ts";

export interface CloneSearchIndexInput extends Omit<SeedOptions, "index" | "onProgress"> {
  /** The source's SDK indexes (namespaces) to copy; by default every one it holds. */
  indexes?: readonly string[];
  /** Copy into this SDK index of the target instead of the same name: only with one index. */
  into?: string;
  /** Documents per range page read from the source, 1 to 1,000. Default 1,000. */
  pageSize?: number;
  onProgress?: (index: string, written: number) => void;
}

export interface CloneResult {
  /** One entry per SDK index copied (or found already copied), in the order copied. */
  indexes: Array<SeedResult & { from: string; ms: number }>;
  written: number;
}

/**
 * Copies SDK indexes (namespaces) of `source` into `target`, page by page: `range` on the source
 * (its read-only token is enough) feeds `seedSearchIndex` on the target, so memory holds a page
 * and the batches in flight, whatever the source holds. Each target index records its finished
 * copy like a seed, so a rerun with `when: "created"` writes nothing and a run that died midway
 * is completed by the next.
 */
export async function cloneSearchIndex(
  source: SearchIndexData,
  target: SearchIndexData,
  input: CloneSearchIndexInput = {},
): Promise<CloneResult> {
  const into = input.into === undefined ? undefined : checkedTargetIndex(input.into, "into");
  if (into !== undefined && input.indexes?.length !== 1) {
    throw new ConfigurationError(
      "into",
      "into names one target SDK index: give exactly one source index with it",
    );
  }
  const call = { deadline: input.deadline, signal: input.signal };
  const names = input.indexes ?? (await sdkIndexesWithDocuments(source, call));
  const results: CloneResult["indexes"] = [];
  for (const from of names) {
    const index = into ?? checkedTargetIndex(from, "indexes");
    const began = Date.now();
    const pageSize = input.pageSize ?? 1_000;
    const pages = readAhead(source, { ...call, namespace: from }, pageSize);
    const { onProgress, indexes: _names, into: _into, pageSize: _pageSize, ...seed } = input;
    const result = await seedSearchIndex(target, {
      ...seed,
      concurrency: seed.concurrency ?? batchesInFlight(pageSize, target.maxWritesPerRequest),
      index,
      documents: { pages },
      onProgress: (written: number) => onProgress?.(index, written),
    });
    results.push({ ...result, from, ms: Date.now() - began });
  }
  return { indexes: results, written: results.reduce((sum, result) => sum + result.written, 0) };
}

/**
 * A page's worth of batches in flight (10 for pages of 1,000 and batches of 100), not a seed's
 * 16: the next page is read while this one is written, so more would only wait for it, and each
 * batch in flight holds its documents and a request (bench S10m: fewer batches, less memory).
 */
function batchesInFlight(pageSize: number, batchSize: number): number {
  return Math.min(DEFAULT_CONCURRENCY, Math.max(2, Math.ceil(pageSize / batchSize)));
}

/** The SDK indexes of an index that hold documents, stashkit's seed records left out, by name. */
export async function sdkIndexesWithDocuments(source: SearchIndexData, call: CallOptions): Promise<string[]> {
  const { namespaces } = await source.info(call);
  return Object.entries(namespaces)
    .filter(
      ([name, counts]) =>
        name !== SEED_MARKER_NAMESPACE && counts.vectorCount + counts.pendingVectorCount > 0,
    )
    .map(([name]) => name)
    .sort();
}

/** Pages read and not yet taken by the writes (the one being read included). */
const PAGES_AHEAD = 2;

/**
 * The namespace's pages, each asked for as soon as the one before it answered, whether or not
 * the writes have taken that one yet: a range needs the cursor of the page before, so the reads
 * are a chain of round trips, and a link that waited for a write as well would lengthen the
 * whole copy (bench S10). At most `PAGES_AHEAD` pages wait beside the one being written. A
 * ranged document is already what an upsert takes (`{id, content, metadata?}`), so pages go to
 * the batches as they are, uncopied.
 */
async function* readAhead(
  source: SearchIndexData,
  options: CallOptions & { namespace: string },
  limit: number,
): AsyncGenerator<SearchDocument[]> {
  const waiting: Promise<RangePage>[] = [];
  // The cursor of the next page to read; undefined once the last page was asked for.
  let cursor: string | undefined = "0";
  let reading = false;
  let stopped = false;
  const readNext = () => {
    if (stopped || reading || cursor === undefined || waiting.length >= PAGES_AHEAD) return;
    reading = true;
    const page = source.rangePage({ cursor, limit }, options);
    waiting.push(page);
    // A read that fails is thrown where its page is taken; one the writes never take (they
    // stopped) must not be an unhandled rejection.
    page.then(
      (answer) => {
        reading = false;
        cursor = answer.nextCursor === "" ? undefined : answer.nextCursor;
        readNext();
      },
      () => {
        cursor = undefined;
      },
    );
  };
  try {
    readNext();
    for (let next = waiting.shift(); next !== undefined; next = waiting.shift()) {
      const page = await next;
      readNext();
      yield page.documents;
    }
  } finally {
    stopped = true;
  }
}
