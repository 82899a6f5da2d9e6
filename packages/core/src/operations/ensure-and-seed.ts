import type { ManagementClient } from "../clients/management-client.ts";
import { IndexLookupError } from "../errors/index.ts";
import type { SearchIndex } from "../schemas/search-index.ts";
import { ensureSearchIndexListedBy, type FirstListing } from "./ensure-search-index.ts";
import type { SeedPlan } from "./seed-plan.ts";
import type { EnsureAndSeedInput, EnsureAndSeedResult } from "./seed-report.ts";

export type { EnsureAndSeedInput, EnsureAndSeedResult, SeededIndex, SeedReport } from "./seed-report.ts";

/**
 * The one-step preview: ensures the index (race-safe, `ensureSearchIndex`), then fills it from
 * the seed files or another index of the account (`clone-from`, read with its read-only token:
 * cloning from a protected index is allowed), then waits until the documents are searchable.
 * The clone source is found by the ensure's first list request, so a missing one fails before
 * anything is created. The action and `stashkit search ensure` both call this.
 */
export async function ensureAndSeedSearchIndex(
  client: ManagementClient,
  input: EnsureAndSeedInput,
): Promise<EnsureAndSeedResult> {
  const { seed, phase = (_label, work) => work() } = input;
  let source: SearchIndex | undefined;
  // The clone source comes from the ensure's first list request, which lists the source's name
  // too: one management round trip before the copy starts, not two in a row (bench S10).
  const firstListing: FirstListing | undefined =
    seed?.cloneFrom === undefined
      ? undefined
      : async (name, call) => {
          const [matches = [], sources = []] = await client.searchIndexes.findByNames(
            [name, seed.cloneFrom ?? ""],
            call,
          );
          source = cloneSource(sources, seed, input.onSecrets);
          return matches;
        };
  const ensured = await phase(`Ensure search index ${input.name}`, () =>
    ensureSearchIndexListedBy(client, input, firstListing),
  );
  input.onEnsured?.(ensured);
  if (seed === undefined) return { ensured, seeded: { written: 0, indexes: [] } };
  // The data plane (its client, the seed file reader, classic zod) loads only for a seed: most
  // ensures have none, and a step's start-up pays for what it loads (bench S1).
  const { fillEnsuredIndex } = await import("./fill-ensured-index.ts");
  const seeded = await fillEnsuredIndex(ensured.index, seed, { ...input, phase, source });
  return { ensured, seeded };
}

/**
 * The clone source among the indexes listed under its name; its tokens go to `onSecrets` before
 * anything is logged. None, or several, stop the ensure before it creates anything.
 */
function cloneSource(
  found: SearchIndex[],
  seed: SeedPlan,
  onSecrets: EnsureAndSeedInput["onSecrets"],
): SearchIndex {
  const name = seed.cloneFrom ?? "";
  onSecrets?.(found.flatMap((index) => [index.token, index.read_only_token]));
  const [source, ...others] = found;
  const input = seed.names.cloneFrom;
  if (source === undefined)
    throw new IndexLookupError(input, `${input}: no search index named "${name}" in this account`, 0);
  if (others.length > 0) {
    throw new IndexLookupError(
      input,
      `${input}: ${found.length} search indexes are named "${name}"`,
      found.length,
    );
  }
  return source;
}
