import { closedPullRequests, gitHubLookup, runner, type Step } from "@stashkit/action-kit";
import {
  type IndexRef,
  type ManagementClient,
  type Protected,
  pruneReasonText,
  pruneSearchIndexes,
  type Stale,
} from "@stashkit/core";
import type { PruneRule } from "./inputs.ts";

/** A candidate of either prune: its name and the values its pattern captured (`{pr}` among them). */
interface PruneCandidate {
  name: string;
  values: Record<string, string | undefined>;
}

type PruneStep = Pick<Step<unknown>, "context" | "deadline" | "redactor">;

/**
 * The `staleOf` of both prunes (indexes and SDK indexes): a candidate is stale when its pull
 * request is closed; each verdict is logged, a pull request GitHub does not show is kept. None
 * when the pattern has no {pr} (a prune by max-age alone asks GitHub nothing).
 */
export function staleByPullRequest(
  step: PruneStep,
  githubToken: string | undefined,
): ((candidates: readonly PruneCandidate[]) => Promise<boolean[]>) | undefined {
  if (githubToken === undefined) return undefined;
  const github = gitHubLookup(step, githubToken, "delete-search-index");
  return async (candidates) => {
    const asked = candidates.map((c) => ({ name: c.name, pr: c.values["pr"] ?? "" }));
    const verdicts = await closedPullRequests(github, asked, runner.warning);
    return verdicts.map(({ state, stale }, n) => {
      runner.info(`${asked[n]?.name}: pull request #${asked[n]?.pr} is ${state}`);
      return stale;
    });
  };
}

/** An index deleted (or that would be); `reason` says why, for a prune. */
export type DeletedRef = IndexRef & { reason?: string };

export interface PruneOutcome {
  deleted: DeletedRef[];
  kept: IndexRef[];
  /** Matched, and kept because `protect` names it. */
  protected: (IndexRef & { protectedBy: string })[];
  /** Stale indexes left for the next run: the step's time ran out first. */
  remaining: IndexRef[];
  /** Why `remaining` is not empty, for the warning. */
  stoppedBy: string | undefined;
}

/** The outcome's entries as the outputs name them: `reason` in words, the id of the index (or of its database). */
export function outcomeOf<T extends { name: string }>(
  result: { deleted: Stale<T>[]; kept: T[]; protected: Protected<T>[] },
  idOf: (entry: T) => string,
): Omit<PruneOutcome, "remaining" | "stoppedBy"> {
  const ref = (entry: T): IndexRef => ({ name: entry.name, id: idOf(entry) });
  return {
    deleted: result.deleted.map((entry) => ({ ...ref(entry), reason: pruneReasonText(entry.reason) })),
    kept: result.kept.map(ref),
    protected: result.protected.map((entry) => ({ ...ref(entry), protectedBy: entry.protectedBy })),
  };
}

/**
 * Deletes the indexes whose pull request is closed or that are older than max-age; one GitHub
 * does not show is kept, with a warning (the shared GitHub adapter's rule, the CLI's too), and
 * so is one `protect` names. All pull requests are looked up together (one GitHub request per
 * 100), held to the step's deadline.
 */
export async function prune(
  client: ManagementClient,
  step: PruneStep,
  options: PruneRule & { dryRun: boolean; protect: Parameters<typeof pruneSearchIndexes>[1]["protect"] },
): Promise<PruneOutcome> {
  const result = await runner.group(`Prune search indexes matching ${options.pattern}`, () =>
    pruneSearchIndexes(client, {
      pattern: options.pattern,
      patternInput: "prune-pattern",
      dryRun: options.dryRun,
      staleOf: staleByPullRequest(step, options.githubToken),
      maxAge: options.maxAge,
      protect: options.protect,
    }),
  );
  return {
    ...outcomeOf(result, (entry) => entry.id),
    remaining: result.remaining.map(({ name, id }) => ({ name, id })),
    stoppedBy: result.stoppedBy?.message,
  };
}
