import { markPostStepComing, runMessagingStep, runner } from "@stashkit/action-kit";
import { pausedTargets, pauseTargets } from "@stashkit/core";
import { readPauseInputs } from "./inputs.ts";
import { logPauseOutcomes, reportPaused } from "./report.ts";
import { savePaused } from "./state.ts";

const ACTION = "pause-queue";

export async function run(): Promise<void> {
  markPostStepComing();
  await runMessagingStep(ACTION, async (step) => {
    const inputs = readPauseInputs();
    const client = await step.client();
    const outcomes = await runner.group("Pause queues, schedules and flow-control keys", async () =>
      logPauseOutcomes(await pauseTargets(client, inputs.targets)),
    );
    if (inputs.resumeAfterJob !== "never") savePaused(pausedTargets(outcomes));
    reportPaused(outcomes, inputs);
  });
}
