import type { SearchIndexData } from "../clients/search-index-data.ts";
import { ConfigurationError } from "../errors/index.ts";
import { DEFAULT_NAMESPACE } from "../schemas/search-data-inputs.ts";
import { templateMatcher } from "../templates/match.ts";
import type { TemplateValues } from "../templates/placeholders.ts";
import type { CallOptions } from "../transport/call-options.ts";
import {
  judgeCandidates,
  type Protected,
  type PruneRules,
  requirePruneRule,
  type Stale,
} from "./prune-verdicts.ts";
import { sdkIndexCreatedAt } from "./sdk-index-ages.ts";
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

export interface PruneSdkIndexesInput
  extends CallOptions,
    Pick<PruneRules<MatchedSdkIndex>, "maxAge" | "protect" | "now"> {
  /** A name template such as `movies-pr-{pr}`; each placeholder captures its value. */
  pattern: string;
  patternInput?: string;
  /** One verdict per candidate, in order: true deletes it (see `pruneSearchIndexes`). */
  staleOf?: ((candidates: readonly MatchedSdkIndex[]) => Promise<readonly boolean[]>) | undefined;
  dryRun?: boolean;
}

export interface MatchedSdkIndex {
  name: string;
  values: TemplateValues;
}

/**
 * Deletes the SDK indexes of one database whose names match the pattern and that `staleOf` calls
 * stale, or (with `maxAge`) that are older than that: their age is read as `sdkIndexCreatedAt`
 * says (the seed record, else the first document's `createdAt`), and one of unknown age stays.
 */
export async function pruneSdkIndexes(
  data: SearchIndexData,
  input: PruneSdkIndexesInput,
): Promise<{
  deleted: Stale<MatchedSdkIndex>[];
  kept: MatchedSdkIndex[];
  protected: Protected<MatchedSdkIndex>[];
}> {
  const matcher = templateMatcher(input.pattern, input.patternInput);
  requirePruneRule(input, input.patternInput ?? "pattern");
  const call = { deadline: input.deadline, signal: input.signal };
  const listed = await data.listNamespaces(call);
  const candidates: MatchedSdkIndex[] = [];
  for (const name of listed) {
    const values = name === SEED_MARKER_NAMESPACE ? undefined : matcher(name);
    if (values) candidates.push({ name, values });
  }
  const ages =
    input.maxAge && candidates.length > 0
      ? await sdkIndexCreatedAt(
          data,
          candidates.map((c) => c.name),
          { ...call, hasSeedRecords: listed.includes(SEED_MARKER_NAMESPACE) },
        )
      : new Map<string, number>();
  const { stale, ...judged } = await judgeCandidates(candidates, {
    staleOf: input.staleOf,
    maxAge: input.maxAge,
    createdAt: (candidate) => ages.get(candidate.name),
    protect: input.protect,
    now: input.now,
  });
  if (!input.dryRun) {
    for (const { name } of stale) await deleteSdkIndex(data, { ...call, index: name });
  }
  return { deleted: stale, ...judged };
}
