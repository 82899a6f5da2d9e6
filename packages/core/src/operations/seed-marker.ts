import type { SearchIndexData } from "../clients/search-index-data.ts";
import * as z from "../schemas/zod.ts";
import type { CallOptions } from "../transport/call-options.ts";

/**
 * Where a finished seed is recorded: one document per seeded SDK index (namespace), id
 * `namespace:<name>`, in a namespace of its own. A marker document inside the
 * seeded namespace would turn up in the app's searches and counts; a namespace apart does not,
 * and goes with the database when it is deleted. The marker is written only after the last
 * batch was accepted, so a run that died midway leaves none and the next run seeds again
 * (upserts by id: what the dead run wrote is replaced, not doubled).
 */
export const SEED_MARKER_NAMESPACE = "stashkit-seeds";

const markerSchema = z.object({ finished: z.literal(true), documents: z.number(), at: z.string() });
export type SeedMarker = z.output<typeof markerSchema>;

// A prefix keeps "" (the default namespace) a valid id and apart from a namespace named "default".
export const MARKER_ID_PREFIX = "namespace:";
const markerId = (namespace: string) => `${MARKER_ID_PREFIX}${namespace}`;

/** The marker of a finished seed of `namespace`, or undefined when none finished. */
export async function readSeedMarker(
  target: SearchIndexData,
  namespace: string,
  call: CallOptions,
): Promise<SeedMarker | undefined> {
  const [found] = await target.fetch(
    { ids: [markerId(namespace)] },
    { ...call, namespace: SEED_MARKER_NAMESPACE },
  );
  const parsed = markerSchema.safeParse(found?.content);
  return parsed.success ? parsed.data : undefined;
}

export async function writeSeedMarker(
  target: SearchIndexData,
  namespace: string,
  documents: number,
  call: CallOptions,
): Promise<void> {
  const content = { finished: true, documents, at: new Date().toISOString() };
  await target.upsert([{ id: markerId(namespace), content }], { ...call, namespace: SEED_MARKER_NAMESPACE });
}

/** Removes the record of `namespace`'s seed: the SDK index is gone, and a new one is seeded again. */
export async function forgetSeedMarker(
  target: SearchIndexData,
  namespace: string,
  call: CallOptions,
): Promise<void> {
  await target.delete({ ids: [markerId(namespace)] }, { ...call, namespace: SEED_MARKER_NAMESPACE });
}
