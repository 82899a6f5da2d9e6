import { type GitHubContext, runner } from "@stashkit/action-kit";
import { type IndexRef, type ManagementClient, pruneSearchIndexes, type Redactor } from "@stashkit/core";
import { pullRequestStates } from "./pull-requests.ts";

export interface PruneOutcome {
  deleted: IndexRef[];
  kept: IndexRef[];
  /** Stale indexes left for the next run: the step's time ran out first. */
  remaining: IndexRef[];
  /** Why `remaining` is not empty, for the warning. */
  stoppedBy: string | undefined;
}

/**
 * Deletes the indexes whose pull request is closed; one it cannot see is kept, with a warning.
 * All pull requests are looked up together (one GitHub request per 100).
 */
export async function prune(
  client: ManagementClient,
  context: GitHubContext,
  options: { pattern: string; githubToken: string; dryRun: boolean; redactor: Redactor },
): Promise<PruneOutcome> {
  const result = await runner.group(`Prune search indexes matching ${options.pattern}`, () =>
    pruneSearchIndexes(client, {
      pattern: options.pattern,
      patternInput: "prune-pattern",
      dryRun: options.dryRun,
      staleOf: async (candidates) => {
        const numbers = candidates.map((c) => Number(c.values.pr));
        const states = await pullRequestStates(options.githubToken, context, numbers, options.redactor);
        return candidates.map((candidate, n) => {
          const state = states.get(numbers[n] as number) ?? "unknown";
          if (state === "unknown")
            runner.warning(
              `pull request #${candidate.values.pr} for ${candidate.name} was not found; keeping the index`,
            );
          runner.info(`${candidate.name}: pull request #${candidate.values.pr} is ${state}`);
          return state === "closed";
        });
      },
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
