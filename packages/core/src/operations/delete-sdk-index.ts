import type { SearchIndexData } from "../clients/search-index-data.ts";
import { ConfigurationError } from "../errors/index.ts";
import { DEFAULT_NAMESPACE } from "../schemas/search-data-inputs.ts";
import { templateMatcher } from "../templates/match.ts";
import type { TemplateValues } from "../templates/placeholders.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { forgetSeedMarker, SEED_MARKER_NAMESPACE } from "./seed-marker.ts";
import { checkedTargetIndex } from "./seed-search-index.ts";

export interface DeleteSdkIndexInput extends CallOptions {
  /** The SDK index (namespace); not the default one, which cannot be deleted. */
  index: string;
  dryRun?: boolean;
}

/**
 * Deletes one SDK index (namespace) of a database, and its record of a finished seed, so that a
 * later ensure seeds it again. An SDK index that is not there counts as deleted already.
 */
export async function deleteSdkIndex(
  data: SearchIndexData,
  input: DeleteSdkIndexInput,
): Promise<{ deleted: boolean }> {
  const index = checkedTargetIndex(input.index, "index");
  if (index === DEFAULT_NAMESPACE)
    throw new ConfigurationError("index", "the default SDK index cannot be deleted");
  const call = { deadline: input.deadline, signal: input.signal };
  const present = (await data.listNamespaces(call)).includes(index);
  if (input.dryRun) return { deleted: present };
  if (present) await data.deleteNamespace(index, call);
  await forgetSeedMarker(data, index, call);
  return { deleted: present };
}

export interface PruneSdkIndexesInput extends CallOptions {
  /** A name template such as `movies-pr-{pr}`; each placeholder captures its value. */
  pattern: string;
  patternInput?: string;
  /** One verdict per candidate, in order: true deletes it (see `pruneSearchIndexes`). */
  staleOf: (candidates: readonly MatchedSdkIndex[]) => Promise<readonly boolean[]>;
  dryRun?: boolean;
}

export interface MatchedSdkIndex {
  name: string;
  values: TemplateValues;
}

/** Deletes the SDK indexes of one database whose names match the pattern and that `staleOf` calls stale. */
export async function pruneSdkIndexes(
  data: SearchIndexData,
  input: PruneSdkIndexesInput,
): Promise<{ deleted: MatchedSdkIndex[]; kept: MatchedSdkIndex[] }> {
  const matcher = templateMatcher(input.pattern, input.patternInput);
  const call = { deadline: input.deadline, signal: input.signal };
  const candidates: MatchedSdkIndex[] = [];
  for (const name of await data.listNamespaces(call)) {
    const values = name === SEED_MARKER_NAMESPACE ? undefined : matcher(name);
    if (values) candidates.push({ name, values });
  }
  const verdicts = candidates.length > 0 ? await input.staleOf(candidates) : [];
  const stale = candidates.filter((_, n) => verdicts[n] === true);
  const kept = candidates.filter((_, n) => verdicts[n] !== true);
  if (!input.dryRun) {
    for (const { name } of stale) await deleteSdkIndex(data, { ...call, index: name });
  }
  return { deleted: stale, kept };
}
