import { registerSecrets, runMessagingStep, runner } from "@stashkit/action-kit";
import { resumeTargets } from "@stashkit/core";
import { readResumeInputs } from "./inputs.ts";
import { logOutcomes, reportResumed } from "./outcomes.ts";

export async function run(): Promise<void> {
  await runMessagingStep("resume-queue", async (step) => {
    const inputs = readResumeInputs();
    const client = await step.client();
    if (inputs.maskEndpoint) registerSecrets(client.baseUrl);
    const outcomes = await runner.group("Resume queues, schedules and flow-control keys", async () =>
      logOutcomes(await resumeTargets(client, inputs.targets)),
    );
    reportResumed(outcomes, inputs, { endpoint: client.baseUrl, token: step.credentials.token });
  });
}
