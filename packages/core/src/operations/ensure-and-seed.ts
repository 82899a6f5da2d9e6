import type { ManagementClient } from "../clients/management-client.ts";
import { IndexLookupError } from "../errors/index.ts";
import type { SearchIndex } from "../schemas/search-index.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { ensureSearchIndex } from "./ensure-search-index.ts";
import type { SeedPlan } from "./seed-plan.ts";
import type { EnsureAndSeedInput, EnsureAndSeedResult } from "./seed-report.ts";

export type { EnsureAndSeedInput, EnsureAndSeedResult, SeededIndex, SeedReport } from "./seed-report.ts";

/**
 * The one-step preview: ensures the index (race-safe, `ensureSearchIndex`), then fills it from
 * the seed files or another index of the account (`clone-from`, read with its read-only token:
 * cloning from a protected index is allowed), then waits until the documents are searchable.
 * The clone source is looked up first, so a missing one fails before anything is created. The
 * action and `stashkit search ensure` both call this.
 */
export async function ensureAndSeedSearchIndex(
  client: ManagementClient,
  input: EnsureAndSeedInput,
): Promise<EnsureAndSeedResult> {
  const { seed, phase = (_label, work) => work() } = input;
  const call: CallOptions = { signal: input.signal, deadline: input.deadline };
  const source =
    seed?.cloneFrom === undefined ? undefined : await cloneSource(client, seed, call, input.onSecrets);
  const ensured = await phase(`Ensure search index ${input.name}`, () => ensureSearchIndex(client, input));
  input.onEnsured?.(ensured);
  if (seed === undefined) return { ensured, seeded: { written: 0, indexes: [] } };
  // The data plane (its client, the seed file reader, classic zod) loads only for a seed: most
  // ensures have none, and a step's start-up pays for what it loads (bench S1).
  const { fillEnsuredIndex } = await import("./fill-ensured-index.ts");
  const seeded = await fillEnsuredIndex(ensured.index, seed, { ...input, phase, source });
  return { ensured, seeded };
}

/** The clone source, by name in the same account; its tokens go to `onSecrets` before anything is logged. */
async function cloneSource(
  client: ManagementClient,
  seed: SeedPlan,
  call: CallOptions,
  onSecrets: EnsureAndSeedInput["onSecrets"],
): Promise<SearchIndex> {
  const name = seed.cloneFrom ?? "";
  const found = await client.searchIndexes.findByName(name, call);
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
