import { type GitHubContext, runner } from "@stashkit/action-kit";
import { type IndexRef, type ManagementClient, pruneSearchIndexes, type Redactor } from "@stashkit/core";
import { pullRequestStates } from "./pull-requests.ts";

/** Deletes the indexes whose pull request is closed; one it cannot see is kept, with a warning. */
export async function prune(
  client: ManagementClient,
  context: GitHubContext,
  options: { pattern: string; githubToken: string; dryRun: boolean; redactor: Redactor },
): Promise<{ deleted: IndexRef[]; kept: IndexRef[] }> {
  const stateOf = await pullRequestStates(options.githubToken, context, options.redactor);
  const result = await runner.group(`Prune search indexes matching ${options.pattern}`, () =>
    pruneSearchIndexes(client, {
      pattern: options.pattern,
      patternInput: "prune-pattern",
      dryRun: options.dryRun,
      isStale: async (values, index) => {
        const state = await stateOf(Number(values.pr));
        if (state === "unknown")
          runner.warning(`pull request #${values.pr} for ${index.name} was not found; keeping the index`);
        runner.info(`${index.name}: pull request #${values.pr} is ${state}`);
        return state === "closed";
      },
    }),
  );
  return {
    deleted: result.deleted.map(({ name, id }) => ({ name, id })),
    kept: result.kept.map(({ name, id }) => ({ name, id })),
  };
}
