import { runManagementStep, runner, stepClientOptions } from "@stashkit/action-kit";
import { deleteSearchIndex } from "@stashkit/core";
import { readDeleteInputs } from "./inputs.ts";
import { type PruneOutcome, prune } from "./prune.ts";
import { reportDeleted } from "./report.ts";

const ACTION = "delete-search-index";

export async function run(): Promise<void> {
  await runManagementStep(
    ACTION,
    async (step) => {
      const { target, dryRun } = readDeleteInputs(step);
      const client = await step.client();
      const dataOptions = stepClientOptions(ACTION, step.limits, step.deadline);
      let result: PruneOutcome;
      if (target.kind === "name") {
        result = {
          deleted: await runner.group(`Delete search index ${target.name}`, () =>
            deleteSearchIndex(client, { name: target.name, dryRun }),
          ),
          kept: [],
          remaining: [],
          stoppedBy: undefined,
        };
      } else if (target.kind === "prune") {
        result = await prune(client, step, { ...target, dryRun });
      } else if (target.kind === "sdk-index") {
        // The data-plane code (and the zod build its answers are checked with) loads only for the
        // two targets inside a database: most steps delete or prune whole indexes (bench S1's start-up).
        const { deleteOneSdkIndex } = await import("./sdk-indexes.ts");
        result = await deleteOneSdkIndex(step, { ...target, dryRun }, dataOptions);
      } else {
        const { pruneInDatabase } = await import("./sdk-indexes.ts");
        result = await pruneInDatabase(step, { ...target, dryRun }, dataOptions);
      }
      reportDeleted(result, dryRun);
    },
    { secretInputs: ["github-token"] },
  );
}
