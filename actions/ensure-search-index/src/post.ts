import {
  actionsLogger,
  attemptTimeoutMs,
  readGitHubContext,
  runner,
  runStep,
  writeSummary,
} from "@stashkit/action-kit";
import { deleteById, ManagementClient } from "@stashkit/core";
import { CREDENTIAL_INPUTS, readEnsureInputs } from "./inputs.ts";
import { EPHEMERAL_STATE } from "./main.ts";

/** The post step: deletes the index the main step created when `ephemeral` is on; otherwise nothing. */
export async function post(): Promise<void> {
  const saved = runner.getState(EPHEMERAL_STATE);
  if (saved === "") return;
  const context = readGitHubContext();
  await runStep(
    "ensure-search-index (post: delete the ephemeral index)",
    async () => {
      const { id, name } = JSON.parse(saved) as { id: string; name: string };
      const inputs = readEnsureInputs(context);
      const client = new ManagementClient({
        email: inputs.email,
        apiKey: inputs.apiKey,
        baseUrl: inputs.baseUrl,
        retry: { maxAttempts: inputs.maxAttempts },
        attemptTimeoutMs: attemptTimeoutMs(inputs.timeoutSeconds, inputs.maxAttempts),
        deadlineMs: inputs.timeoutSeconds * 1000,
        userAgentSuffix: "ensure-search-index",
        logger: actionsLogger,
      });
      await deleteById(client, id);
      runner.info(`Ephemeral search index ${name} (${id}) deleted.`);
      writeSummary(`### Ephemeral search index deleted\n\n${name} (${id})\n`);
    },
    () => ({
      credentials: "the email and api-key inputs (or UPSTASH_EMAIL and UPSTASH_API_KEY)",
      credentialInputs: CREDENTIAL_INPUTS,
      forkPullRequest: false,
    }),
  );
}
