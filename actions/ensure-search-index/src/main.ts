import { markPostStepComing, runManagementStep, runner } from "@stashkit/action-kit";
import { ensureSearchIndex } from "@stashkit/core";
import { saveEphemeralIndex } from "./ephemeral-state.ts";
import { readEnsureInputs } from "./inputs.ts";
import { reportEnsured } from "./report.ts";

const ACTION = "ensure-search-index";

export async function run(): Promise<void> {
  markPostStepComing();
  await runManagementStep(ACTION, async (step) => {
    const inputs = readEnsureInputs(step);
    const result = await runner.group(`Ensure search index ${inputs.name}`, () =>
      ensureSearchIndex(step.client(), {
        name: inputs.name,
        region: inputs.region,
        type: inputs.type,
        onMismatch: inputs.onMismatch,
      }),
    );
    if (inputs.ephemeral && result.created) saveEphemeralIndex(result.index);
    reportEnsured(result, inputs);
  });
}
