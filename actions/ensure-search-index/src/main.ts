import {
  markPostStepComing,
  readInput,
  runManagementStep,
  runner,
  stepClientOptions,
} from "@stashkit/action-kit";
import { ensureSearchIndex } from "@stashkit/core";
import { saveEphemeralIndex } from "./ephemeral-state.ts";
import { readEnsureInputs } from "./inputs.ts";
import { reportEnsured, reportSeeded } from "./report.ts";
import type { SeedReport } from "./seeding.ts";

const ACTION = "ensure-search-index";

export async function run(): Promise<void> {
  markPostStepComing();
  await runManagementStep(ACTION, async (step) => {
    const inputs = readEnsureInputs(step);
    // The seeding code (the file reader, seed and clone) loads only when a seed is asked for:
    // every preview push runs this step, most of them without one (bench S1).
    const seeding = seedRequested() ? await import("./seeding.ts") : undefined;
    const seed = await seeding?.readSeedInputs(step);
    const result = await runner.group(`Ensure search index ${inputs.name}`, async () =>
      ensureSearchIndex(await step.client(), {
        name: inputs.name,
        region: inputs.region,
        type: inputs.type,
        onMismatch: inputs.onMismatch,
      }),
    );
    if (inputs.ephemeral && result.created) saveEphemeralIndex(result.index);
    const wanted =
      seeding !== undefined && seed !== undefined && (seed.files.length > 0 || seed.cloneFrom !== undefined);
    // The outputs (and their masks) come first: a failed seed still hands the index over.
    reportEnsured(result, inputs);
    const seeded: SeedReport = wanted
      ? await seeding.seedEnsured(step, result.index, seed, {
          ...stepClientOptions(ACTION, step.limits, step.deadline),
          redactor: step.redactor,
        })
      : { written: 0, indexes: [] };
    reportSeeded(seeded);
  });
}

/** Any input that names what to seed; `seed-when` and `wait-until-indexed` only shape a seed. */
function seedRequested(): boolean {
  return ["seed-file", "seed-index", "clone-from", "clone-index"].some((name) => readInput(name) !== "");
}
