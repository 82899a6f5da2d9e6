import { regionalClients, runMessagingStep, runner } from "@stashkit/action-kit";
import { resumeInRegions, targetsByRegion } from "@stashkit/core";
import { readPostInputs, shouldResume } from "./inputs.ts";
import { logPostOutcomes, reportLeftPaused, reportPostResumed } from "./post-report.ts";
import { mainStepSavedPaused, pausedByMainStep } from "./state.ts";

/** The post step: resumes exactly what the main step paused, in each region, when resume-after-job says so. */
export async function post(): Promise<void> {
  if (!mainStepSavedPaused()) return;
  await runMessagingStep(
    "pause-queue",
    async (step) => {
      const paused = pausedByMainStep();
      const inputs = readPostInputs();
      if (paused.length === 0)
        return runner.info("The step paused nothing (all was already paused): nothing to resume.");
      const regions = await regionalClients(step);
      if (!shouldResume(inputs)) return reportLeftPaused(paused, inputs, regions);
      const outcomes = await runner.group(
        `Resume the ${paused.length} paused by this job's pause step`,
        async () => {
          const results = await resumeInRegions(regions, {}, targetsByRegion(paused));
          return logPostOutcomes(results.flatMap((result) => result.outcomes));
        },
      );
      reportPostResumed(outcomes);
    },
    { title: "pause-queue (post: resume what the step paused)" },
  );
}
