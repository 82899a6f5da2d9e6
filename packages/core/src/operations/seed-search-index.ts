import type { SearchIndexData } from "../clients/search-index-data.ts";
import { ConfigurationError } from "../errors/index.ts";
import { DEFAULT_NAMESPACE, validateNamespace } from "../schemas/search-data-inputs.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { readSeedMarker, SEED_MARKER_NAMESPACE, writeSeedMarker } from "./seed-marker.ts";
import { type BatchWriteOptions, type DocumentSource, writeInBatches } from "./write-in-batches.ts";

/** `created`: seed unless a finished seed is recorded; `always`: upsert again on every run. */
export const SEED_WHEN = ["created", "always"] as const;
export type SeedWhen = (typeof SEED_WHEN)[number];

export interface SeedOptions
  extends CallOptions,
    Pick<BatchWriteOptions, "concurrency" | "maxWritesPerSecond"> {
  /** The SDK index (namespace) written; "" (default) is the default one. */
  index?: string;
  /** Default `created`. */
  when?: SeedWhen;
  onProgress?: (written: number) => void;
}

export interface SeedSearchIndexInput extends SeedOptions {
  /** Documents one by one, or `{ pages }` of documents already grouped (see `DocumentSource`). */
  documents: DocumentSource;
}

export type SeedResult =
  | { seeded: true; index: string; written: number; batches: number }
  | { seeded: false; index: string; written: 0; finishedAt: string };

/**
 * Upserts `documents` into one SDK index of the target, streamed in batches (see
 * `writeInBatches`), then records the seed as finished. With `when: "created"` a recorded seed
 * is not redone (nothing is written); a run that died before the record is completed by the
 * next one. Idempotent by document id.
 */
export async function seedSearchIndex(
  target: SearchIndexData,
  input: SeedSearchIndexInput,
): Promise<SeedResult> {
  const index = checkedTargetIndex(input.index, "seed-index");
  const when = checkedWhen(input.when);
  const call = { deadline: input.deadline, signal: input.signal };
  if (when === "created") {
    const marker = await readSeedMarker(target, index, call);
    if (marker !== undefined) return { seeded: false, index, written: 0, finishedAt: marker.at };
  }
  const { written, batches } = await writeInBatches(target, input.documents, { ...input, namespace: index });
  await writeSeedMarker(target, index, written, call);
  return { seeded: true, index, written, batches };
}

export function checkedTargetIndex(index: string | undefined, name: string): string {
  const namespace = validateNamespace(index ?? DEFAULT_NAMESPACE, name);
  if (namespace === SEED_MARKER_NAMESPACE) {
    throw new ConfigurationError(
      name,
      `${name} "${SEED_MARKER_NAMESPACE}" is where stashkit records finished seeds`,
    );
  }
  return namespace;
}

export function checkedWhen(when: string | undefined): SeedWhen {
  if (when === undefined) return "created";
  if ((SEED_WHEN as readonly string[]).includes(when)) return when as SeedWhen;
  throw new ConfigurationError(
    "seed-when",
    `seed-when must be "created" or "always", not ${JSON.stringify(when)}`,
  );
}
