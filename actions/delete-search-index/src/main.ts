import { runManagementStep } from "@stashkit/action-kit";
import { deleteTarget } from "./delete-target.ts";
import { readDeleteInputs } from "./inputs.ts";
import { reportDeleted } from "./report.ts";

export async function run(): Promise<void> {
  await runManagementStep(
    "delete-search-index",
    async (step) => {
      const inputs = readDeleteInputs(step);
      const result = await deleteTarget(step, inputs);
      reportDeleted(result, inputs.dryRun);
      if (inputs.comment && !inputs.dryRun)
        await (await import("./comment.ts")).previewGone(step, inputs, result);
    },
    { secretInputs: ["github-token"] },
  );
}
