import {
  actionsLogger,
  attemptTimeoutMs,
  isForkPullRequest,
  readGitHubContext,
  registerSecrets,
  runner,
  runStep,
  writeSummary,
} from "@stashkit/action-kit";
import { ensureSearchIndex, ManagementClient } from "@stashkit/core";
import { CREDENTIAL_INPUTS, readEnsureInputs } from "./inputs.ts";
import { ensureOutputs, secretOutputs } from "./outputs.ts";
import { ensureSummary } from "./summary.ts";

const ACTION = "ensure-search-index";

export async function run(): Promise<void> {
  const context = readGitHubContext();
  await runStep(
    ACTION,
    async () => {
      const startedAt = Date.now();
      const inputs = readEnsureInputs(context);
      const client = new ManagementClient({
        email: inputs.email,
        apiKey: inputs.apiKey,
        baseUrl: inputs.baseUrl,
        retry: { maxAttempts: inputs.maxAttempts },
        attemptTimeoutMs: attemptTimeoutMs(inputs.timeoutSeconds, inputs.maxAttempts),
        deadlineMs: inputs.timeoutSeconds * 1000,
        userAgentSuffix: ACTION,
        logger: actionsLogger,
      });
      const result = await runner.group(`Ensure search index ${inputs.name}`, () =>
        ensureSearchIndex(client, {
          name: inputs.name,
          region: inputs.region,
          type: inputs.type,
          onMismatch: inputs.onMismatch,
          deadlineAt: startedAt + inputs.timeoutSeconds * 1000,
        }),
      );
      const outputs = ensureOutputs(result);
      registerSecrets(...secretOutputs(outputs, inputs.maskEndpoint));
      for (const warning of result.warnings) runner.warning(warning);
      for (const [name, value] of Object.entries(outputs)) runner.setOutput(name, value);
      if (inputs.exportEnv) {
        runner.exportVariable("UPSTASH_SEARCH_REST_URL", outputs["rest-url"]);
        runner.exportVariable("UPSTASH_SEARCH_REST_TOKEN", outputs.token);
      }
      runner.info(
        `Search index ${outputs.name} (${outputs.id}) ${result.created ? "created" : "already existed"}.`,
      );
      writeSummary(ensureSummary(result, inputs.maskEndpoint));
    },
    () => ({
      credentials: "the email and api-key inputs (or UPSTASH_EMAIL and UPSTASH_API_KEY)",
      credentialInputs: CREDENTIAL_INPUTS,
      forkPullRequest: isForkPullRequest(context),
    }),
  );
}
