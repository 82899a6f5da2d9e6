import { markPostStepComing, runManagementStep, runner, stepClientOptions } from "@stashkit/action-kit";
import { ensureSearchIndex } from "@stashkit/core";
import { saveEphemeralIndex } from "./ephemeral-state.ts";
import { readEnsureInputs } from "./inputs.ts";
import { reportEnsured, reportSeeded } from "./report.ts";
import { type SeedReport, seedEnsured } from "./seed.ts";
import { readSeedInputs } from "./seed-inputs.ts";

const ACTION = "ensure-search-index";

export async function run(): Promise<void> {
  markPostStepComing();
  await runManagementStep(ACTION, async (step) => {
    const inputs = readEnsureInputs(step);
    const seed = await readSeedInputs(step);
    const result = await runner.group(`Ensure search index ${inputs.name}`, () =>
      ensureSearchIndex(step.client(), {
        name: inputs.name,
        region: inputs.region,
        type: inputs.type,
        onMismatch: inputs.onMismatch,
      }),
    );
    if (inputs.ephemeral && result.created) saveEphemeralIndex(result.index);
    const wanted = seed.files.length > 0 || seed.cloneFrom !== undefined;
    // The outputs (and their masks) come first: a failed seed still hands the index over.
    reportEnsured(result, inputs);
    const seeded: SeedReport = wanted
      ? await seedEnsured(step, result.index, seed, {
          ...stepClientOptions(ACTION, step.limits, step.deadline),
          redactor: step.redactor,
        })
      : { written: 0, indexes: [] };
    reportSeeded(seeded);
  });
}
