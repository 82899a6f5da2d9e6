import {
  isForkPullRequest,
  readGitHubContext,
  registerSecrets,
  runner,
  runStep,
  stepClientOptions,
  writeSummary,
} from "@stashkit/action-kit";
import { MessagingClient, resumeQueues } from "@stashkit/core";
import { CREDENTIAL_INPUTS, readResumeInputs } from "./inputs.ts";
import { outcomeError, resumedNames, resumeSummary } from "./outcomes.ts";

const ACTION = "resume-queue";
const CONCURRENCY = 8;

export async function run(): Promise<void> {
  const context = readGitHubContext();
  await runStep(
    ACTION,
    async () => {
      const startedAt = Date.now();
      const inputs = readResumeInputs();
      const client = new MessagingClient({
        token: inputs.token,
        baseUrl: inputs.messagingUrl,
        ...stepClientOptions(ACTION, inputs),
      });
      if (inputs.maskEndpoint) registerSecrets(client.baseUrl);
      const names = inputs.queueNames;
      const outcomes = await runner.group(
        `Resume ${names.length} queue${names.length > 1 ? "s" : ""}`,
        async () => {
          const results = await resumeQueues(client, {
            names,
            concurrency: CONCURRENCY,
            deadlineAt: startedAt + inputs.timeoutSeconds * 1000,
          });
          for (const o of results) {
            if (o.outcome === "resumed")
              runner.info(`${o.name}: resumed (paused: ${o.paused}, lag: ${o.lag ?? "unknown"})`);
            if (o.outcome === "missing") runner.info(`${o.name}: not found`);
            if (o.outcome === "failed") runner.info(`${o.name}: ${o.error.message}`);
          }
          return results;
        },
      );
      for (const o of outcomes) {
        if (o.outcome === "resumed" && o.paused) {
          runner.warning(
            `queue ${o.name} still reports paused; resuming can take up to a minute to take effect`,
          );
        }
        if (o.outcome === "missing" && inputs.ifMissing === "skip")
          runner.warning(`queue ${o.name} does not exist; skipped`);
      }
      runner.setOutput("resumed", JSON.stringify(resumedNames(outcomes)));
      runner.setOutput("endpoint", client.baseUrl);
      runner.setOutput("token", inputs.token);
      writeSummary(resumeSummary(outcomes));
      const error = outcomeError(outcomes, inputs.ifMissing);
      if (error) throw error;
    },
    () => ({
      credentials: "the token input (or QSTASH_TOKEN)",
      credentialInputs: CREDENTIAL_INPUTS,
      forkPullRequest: isForkPullRequest(context),
    }),
  );
}
