import { readInput, regionalClients, registerSecrets, runMessagingStep, runner } from "@stashkit/action-kit";
import { acrossRegions, parseTargetList, resumeInRegions, targetsByRegion } from "@stashkit/core";
import { readResumeInputs } from "./inputs.ts";
import { logOutcomes, reportResumed } from "./outcomes.ts";

export async function run(): Promise<void> {
  await runMessagingStep("resume-queue", async (step) => {
    const inputs = readResumeInputs();
    // One QStash, or each region of the SDK's multi-region variables; a pause's report that
    // names regions resumes each target in its own region only.
    const regions = await regionalClients(step);
    if (inputs.maskEndpoint) registerSecrets(...regions.map((r) => r.client.baseUrl));
    const reported = readInput("only-if-paused-by");
    const paused = reported === "" ? [] : parseTargetList(reported, "only-if-paused-by");
    const pick = paused.some((t) => t.region !== undefined) ? targetsByRegion(paused) : undefined;
    const outcomes = await runner.group("Resume queues, schedules and flow-control keys", async () =>
      logOutcomes(acrossRegions(await resumeInRegions(regions, inputs.targets, pick))),
    );
    // The endpoint and token outputs are the first region's (QSTASH_REGION's), as the SDK's client uses.
    const [first] = regions;
    const token = first?.setting.region === undefined ? step.credentials.token : "";
    reportResumed(outcomes, inputs, { endpoint: first?.client.baseUrl ?? "", token });
  });
}
