import { markPostStepComing, regionalClients, runMessagingStep, runner } from "@stashkit/action-kit";
import { acrossRegions, pausedTargets, pauseInRegions } from "@stashkit/core";
import { readPauseInputs } from "./inputs.ts";
import { logPauseOutcomes, reportPaused } from "./report.ts";
import { savePaused } from "./state.ts";

const ACTION = "pause-queue";

export async function run(): Promise<void> {
  markPostStepComing();
  await runMessagingStep(ACTION, async (step) => {
    const inputs = readPauseInputs();
    // One QStash, or each region of the SDK's multi-region variables: every region is read
    // before anything is paused in any (a token of the other region stops the step first).
    const regions = await regionalClients(step);
    const { results, outcomes } = await runner.group(
      "Pause queues, schedules and flow-control keys",
      async () => {
        const byRegion = await pauseInRegions(regions, inputs.targets);
        return { results: byRegion, outcomes: logPauseOutcomes(acrossRegions(byRegion)) };
      },
    );
    if (inputs.resumeAfterJob !== "never") savePaused(pausedTargets(outcomes));
    reportPaused(outcomes, inputs, results);
  });
}
