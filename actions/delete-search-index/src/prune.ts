import { closedPullRequests, gitHubLookup, runner, type Step } from "@stashkit/action-kit";
import { type IndexRef, type ManagementClient, pruneSearchIndexes } from "@stashkit/core";

/** A candidate of either prune: its name and the values its pattern captured (`{pr}` among them). */
interface PruneCandidate {
  name: string;
  values: Record<string, string | undefined>;
}

/**
 * The `staleOf` of both prunes (indexes and SDK indexes): a candidate is stale when its pull
 * request is closed; each verdict is logged, a pull request GitHub does not show is kept.
 */
export function staleByPullRequest(
  github: ReturnType<typeof gitHubLookup>,
): (candidates: readonly PruneCandidate[]) => Promise<boolean[]> {
  return async (candidates) => {
    const asked = candidates.map((c) => ({ name: c.name, pr: c.values["pr"] ?? "" }));
    const verdicts = await closedPullRequests(github, asked, runner.warning);
    return verdicts.map(({ state, stale }, n) => {
      runner.info(`${asked[n]?.name}: pull request #${asked[n]?.pr} is ${state}`);
      return stale;
    });
  };
}

export interface PruneOutcome {
  deleted: IndexRef[];
  kept: IndexRef[];
  /** Stale indexes left for the next run: the step's time ran out first. */
  remaining: IndexRef[];
  /** Why `remaining` is not empty, for the warning. */
  stoppedBy: string | undefined;
}

/**
 * Deletes the indexes whose pull request is closed; one GitHub does not show is kept, with a
 * warning (the shared GitHub adapter's rule, the CLI's too). All pull requests are looked up
 * together (one GitHub request per 100), held to the step's deadline.
 */
export async function prune(
  client: ManagementClient,
  step: Pick<Step<unknown>, "context" | "deadline" | "redactor">,
  options: { pattern: string; githubToken: string; dryRun: boolean },
): Promise<PruneOutcome> {
  const github = gitHubLookup(step, options.githubToken, "delete-search-index");
  const result = await runner.group(`Prune search indexes matching ${options.pattern}`, () =>
    pruneSearchIndexes(client, {
      pattern: options.pattern,
      patternInput: "prune-pattern",
      dryRun: options.dryRun,
      staleOf: staleByPullRequest(github),
    }),
  );
  const ref = ({ name, id }: IndexRef): IndexRef => ({ name, id });
  return {
    deleted: result.deleted.map(ref),
    kept: result.kept.map(ref),
    remaining: result.remaining.map(ref),
    stoppedBy: result.stoppedBy?.message,
  };
}
