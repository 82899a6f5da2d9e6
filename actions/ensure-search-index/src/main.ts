import { markPostStepComing, registerSecrets, runManagementStep, runner } from "@stashkit/action-kit";
import { ensureAndSeedSearchIndex } from "@stashkit/core";
import { saveEphemeralIndex } from "./ephemeral-state.ts";
import { readEnsureInputs } from "./inputs.ts";
import { reportEnsured, reportSeeded } from "./report.ts";

export async function run(): Promise<void> {
  markPostStepComing();
  await runManagementStep(
    "ensure-search-index",
    async (step) => {
      const inputs = readEnsureInputs(step);
      // The seed file reader loads only when a seed is asked for: most pushes have none (bench S1).
      const seed = inputs.seedRequested ? await (await import("./seeding.ts")).readSeedPlan(step) : undefined;
      const result = await ensureAndSeedSearchIndex(await step.client(), {
        ...inputs,
        onMismatchInput: "on-mismatch",
        seed,
        deadline: step.deadline,
        dataOptions: step.clientOptions,
        phase: (label, work) => runner.group(label, work),
        onSecrets: (secrets) => registerSecrets(...secrets),
        // The outputs (and their masks) come first: a failed seed still hands the index over.
        onEnsured: (ensured) => {
          if (inputs.ephemeral && ensured.created) saveEphemeralIndex(ensured.index);
          reportEnsured(ensured, inputs);
        },
      });
      reportSeeded(result.seeded);
      if (inputs.comment) await (await import("./comment.ts")).commentPreview(step, inputs, result);
    },
    { secretInputs: ["github-token"] },
  );
}
