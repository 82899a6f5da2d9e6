import {
  managementHints,
  readGitHubContext,
  runner,
  runStep,
  stepClientOptions,
  writeSummary,
} from "@stashkit/action-kit";
import { type DeletedIndex, deleteSearchIndex, ManagementClient, pruneSearchIndexes } from "@stashkit/core";
import { readDeleteInputs } from "./inputs.ts";
import { pullRequestStates } from "./pull-requests.ts";
import { deleteSummary } from "./summary.ts";

const ACTION = "delete-search-index";

export async function run(): Promise<void> {
  const context = readGitHubContext();
  await runStep(
    ACTION,
    async () => {
      const startedAt = Date.now();
      const inputs = readDeleteInputs(context);
      const client = new ManagementClient({
        email: inputs.email,
        apiKey: inputs.apiKey,
        baseUrl: inputs.baseUrl,
        ...stepClientOptions(ACTION, inputs),
      });
      const deadlineAt = startedAt + inputs.timeoutSeconds * 1000;
      const { target } = inputs;
      let deleted: DeletedIndex[];
      let kept: DeletedIndex[] = [];
      if (target.kind === "name") {
        deleted = await runner.group(`Delete search index ${target.name}`, () =>
          deleteSearchIndex(client, { name: target.name, dryRun: inputs.dryRun, deadlineAt }),
        );
      } else {
        const stateOf = await pullRequestStates(target.githubToken, context);
        const result = await runner.group(`Prune search indexes matching ${target.pattern}`, () =>
          pruneSearchIndexes(client, {
            pattern: target.pattern,
            dryRun: inputs.dryRun,
            deadlineAt,
            isStale: async (values, index) => {
              const state = await stateOf(Number(values.pr));
              if (state === "unknown")
                runner.warning(
                  `pull request #${values.pr} for ${index.name} was not found; keeping the index`,
                );
              runner.info(`${index.name}: pull request #${values.pr} is ${state}`);
              return state === "closed";
            },
          }),
        );
        deleted = result.deleted.map(({ name, id }) => ({ name, id }));
        kept = result.kept.map(({ name, id }) => ({ name, id }));
      }
      for (const d of deleted)
        runner.info(`${d.name} (${d.id}) ${inputs.dryRun ? "would be deleted" : "deleted"}`);
      runner.setOutput("deleted", JSON.stringify(deleted));
      runner.setOutput("count", String(deleted.length));
      writeSummary(deleteSummary(deleted, inputs.dryRun, kept));
    },
    managementHints(context),
  );
}
