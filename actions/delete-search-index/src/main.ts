import { runManagementStep, runner } from "@stashkit/action-kit";
import { deleteSearchIndex } from "@stashkit/core";
import { readDeleteInputs } from "./inputs.ts";
import { prune } from "./prune.ts";
import { reportDeleted } from "./report.ts";

const ACTION = "delete-search-index";

export async function run(): Promise<void> {
  await runManagementStep(
    ACTION,
    async (step) => {
      const { target, dryRun } = readDeleteInputs(step);
      const client = step.client();
      const result =
        target.kind === "name"
          ? {
              deleted: await runner.group(`Delete search index ${target.name}`, () =>
                deleteSearchIndex(client, { name: target.name, dryRun }),
              ),
              kept: [],
              remaining: [],
              stoppedBy: undefined,
            }
          : await prune(client, step, { ...target, dryRun });
      reportDeleted(result, dryRun);
    },
    { secretInputs: ["github-token"] },
  );
}
