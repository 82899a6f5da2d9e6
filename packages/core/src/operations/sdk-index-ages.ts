import type { SearchIndexData } from "../clients/search-index-data.ts";
import { mapWithConcurrency } from "../lib/map-with-concurrency.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { MARKER_ID_PREFIX, SEED_MARKER_NAMESPACE } from "./seed-marker.ts";
import { DEFAULT_CONCURRENCY } from "./write-in-batches.ts";

/** The metadata field of an SDK index's first document read as its creation time (ISO 8601). */
export const CREATED_AT_FIELD = "createdAt";

/**
 * When each SDK index came to be, as far as the data plane tells (it keeps no creation time):
 * the time its seed was recorded as finished (stashkit's record in `stashkit-seeds`, written by
 * every seed or clone); for one without a record, the `createdAt` metadata (an ISO 8601 time) of
 * its first document in id order. An SDK index with neither has no known age and is missing
 * from the map: a prune by age keeps it.
 */
export async function sdkIndexCreatedAt(
  data: SearchIndexData,
  names: readonly string[],
  options: CallOptions & { hasSeedRecords: boolean },
): Promise<Map<string, number>> {
  const call = { deadline: options.deadline, signal: options.signal };
  const ages = options.hasSeedRecords ? await seedRecordTimes(data, call) : new Map<string, number>();
  const unrecorded = names.filter((name) => !ages.has(name));
  const firsts = await mapWithConcurrency(unrecorded, DEFAULT_CONCURRENCY, async (name) => {
    const page = await data.rangePage({ cursor: "0", limit: 1 }, { ...call, namespace: name });
    return timeOf(page.documents[0]?.metadata?.[CREATED_AT_FIELD]);
  });
  unrecorded.forEach((name, n) => {
    const at = firsts[n];
    if (at !== undefined) ages.set(name, at);
  });
  return ages;
}

/** Every seed record's time, by SDK index: one range of the records' namespace. */
async function seedRecordTimes(data: SearchIndexData, call: CallOptions): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  for await (const record of data.range({ ...call, namespace: SEED_MARKER_NAMESPACE })) {
    if (!record.id.startsWith(MARKER_ID_PREFIX)) continue;
    const at = timeOf(record.content["at"]);
    if (at !== undefined) times.set(record.id.slice(MARKER_ID_PREFIX.length), at);
  }
  return times;
}

/** An ISO 8601 date-time as ms since the epoch; anything else is no time at all. */
function timeOf(value: unknown): number | undefined {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}
