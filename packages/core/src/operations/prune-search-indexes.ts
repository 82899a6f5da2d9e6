import type { ManagementClient } from "../clients/management-client.ts";
import { DeadlineExceededError, RateLimitedError, type StashkitError } from "../errors/index.ts";
import { templateMatcher } from "../templates/match.ts";
import type { TemplateValues } from "../templates/placeholders.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { deleteById } from "./delete-by-id.ts";
import type { IndexRef } from "./delete-search-index.ts";
import {
  judgeCandidates,
  type Protected,
  type PruneRules,
  requirePruneRule,
  type Stale,
} from "./prune-verdicts.ts";

/** An index whose name the pattern matched, with the values read from the name. */
export interface MatchedIndex extends IndexRef {
  values: TemplateValues;
  /** Its `creation_time` in ms since the epoch, when the listing gave one. */
  createdAt?: number | undefined;
}

export interface PruneSearchIndexesInput
  extends CallOptions,
    Pick<PruneRules<MatchedIndex>, "maxAge" | "protect" | "now"> {
  /** A name template such as `myapp-pr-{pr}`; each placeholder captures its value. */
  pattern: string;
  /** The name the caller knows the pattern by, for messages. Default `pattern`. */
  patternInput?: string;
  /**
   * Which of the matched indexes should go, asked once for all of them so the caller can batch
   * its own look-ups ("which of these pull requests are closed?"). Answers one boolean per
   * candidate, in the order given. Only the candidates `maxAge` and `protect` left undecided
   * are asked about; without it, only `maxAge` deletes.
   */
  staleOf?:
    | ((candidates: readonly MatchedIndex[]) => Promise<readonly boolean[]> | readonly boolean[])
    | undefined;
  /** Report what would be deleted, delete nothing. */
  dryRun?: boolean;
  /**
   * Deletes in flight at once. Default 16: 500 stale indexes at 50 ms a delete cannot take less
   * than ~1.6 s, against ~3.1 s with 8 (bench S6 measured 2.7-2.9 s against 4.3-4.5 s, start-up
   * and listing included); a 429 holds all of them until the same moment (shared backoff).
   */
  concurrency?: number;
}

export interface PruneResult {
  /** Deleted, or with `dryRun` what would have been, each with why. */
  deleted: Stale<MatchedIndex>[];
  kept: MatchedIndex[];
  /** Matched, and kept by the `protect` rule: never asked about, never deleted. */
  protected: Protected<MatchedIndex>[];
  /**
   * Stale and not known to be deleted: the deadline (or a rate limit lasting past it) came first.
   * A delete the deadline cut off in flight is here too, though the API may have done it before
   * the answer was lost; the next run lists again and continues with what is really left.
   */
  remaining: Stale<MatchedIndex>[];
  /** Why `remaining` is not empty; undefined when the run finished. */
  stoppedBy: StashkitError | undefined;
}

/**
 * Lists the indexes, keeps those whose names match the template, asks `staleOf` about all of
 * them at once and deletes the stale ones, `concurrency` at a time (404 counts as deleted).
 * Names are matched the way templates are filled: `{pr}` and `{run_id}` are digits, the others
 * sanitized words (`a-z`, `0-9`, `-`).
 *
 * Running out of time is not a failure here: once a delete meets the deadline no other delete
 * starts, those in flight end (done, or cut off by the same deadline), and the result says what
 * was deleted and what remains, so a later run picks up where this one stopped. Any other failure is thrown once the deletes in
 * flight have settled.
 */
export async function pruneSearchIndexes(
  client: ManagementClient,
  input: PruneSearchIndexesInput,
): Promise<PruneResult> {
  const matcher = templateMatcher(input.pattern, input.patternInput);
  requirePruneRule(input, input.patternInput ?? "pattern");
  const call = { signal: input.signal, deadline: input.deadline };
  const candidates: MatchedIndex[] = [];
  for (const index of await client.searchIndexes.scan(call)) {
    const values = matcher(index.name);
    if (values)
      candidates.push({ name: index.name, id: index.id, values, createdAt: createdAtOf(index.entry) });
  }
  const { stale, ...judged } = await judgeCandidates(candidates, {
    staleOf: input.staleOf,
    maxAge: input.maxAge,
    createdAt: (candidate) => candidate.createdAt,
    protect: input.protect,
    now: input.now,
  });
  if (input.dryRun) return { deleted: stale, ...judged, remaining: [], stoppedBy: undefined };
  const outcome = await deleteAll(client, stale, { call, concurrency: input.concurrency ?? 16 });
  return { ...outcome, ...judged };
}

/** `creation_time` (seconds) of a listed entry in ms, when it is a usable number. */
function createdAtOf(entry: Record<string, unknown>): number | undefined {
  const seconds = entry["creation_time"];
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/** Deletes with at most `concurrency` in flight; stops starting new ones at the first out-of-time failure. */
async function deleteAll(
  client: ManagementClient,
  stale: readonly Stale<MatchedIndex>[],
  options: { call: CallOptions; concurrency: number },
): Promise<{
  deleted: Stale<MatchedIndex>[];
  remaining: Stale<MatchedIndex>[];
  stoppedBy: StashkitError | undefined;
}> {
  const done = new Array<boolean>(stale.length).fill(false);
  let next = 0;
  let stoppedBy: StashkitError | undefined;
  let failure: unknown;
  const worker = async () => {
    while (next < stale.length && stoppedBy === undefined && failure === undefined) {
      const n = next++;
      try {
        await deleteById(client, (stale[n] as Stale<MatchedIndex>).id, options.call);
        done[n] = true;
      } catch (error) {
        if (isOutOfTime(error)) stoppedBy ??= error;
        else failure ??= error;
      }
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency, stale.length));
  await Promise.all(Array.from({ length: workers }, worker));
  if (failure !== undefined) throw failure;
  return {
    deleted: stale.filter((_, n) => done[n]),
    remaining: stale.filter((_, n) => !done[n]),
    stoppedBy,
  };
}

/** The deadline passed, or a rate limit asked for a wait that would pass it: the next run can go on. */
function isOutOfTime(error: unknown): error is StashkitError {
  return error instanceof DeadlineExceededError || error instanceof RateLimitedError;
}
