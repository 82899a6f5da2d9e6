import {
  managementHints,
  readGitHubContext,
  registerSecrets,
  runner,
  runStep,
  stepClientOptions,
  writeSummary,
} from "@stashkit/action-kit";
import { ensureSearchIndex, ManagementClient } from "@stashkit/core";
import { readEnsureInputs } from "./inputs.ts";
import { ensureOutputs, secretOutputs } from "./outputs.ts";
import { ensureSummary } from "./summary.ts";

const ACTION = "ensure-search-index";
export const EPHEMERAL_STATE = "ephemeral-index";

export async function run(): Promise<void> {
  const context = readGitHubContext();
  // The post step runs this same bundle; this is how it tells the two apart.
  runner.saveState("isPost", "true");
  await runStep(
    ACTION,
    async () => {
      const startedAt = Date.now();
      const inputs = readEnsureInputs(context);
      const client = new ManagementClient({
        email: inputs.email,
        apiKey: inputs.apiKey,
        baseUrl: inputs.baseUrl,
        ...stepClientOptions(ACTION, inputs),
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
      if (inputs.ephemeral && result.created) {
        // Saved first, so that the post step cleans up even if something below fails.
        runner.saveState(EPHEMERAL_STATE, JSON.stringify({ id: result.index.id, name: result.index.name }));
      }
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
    managementHints(context),
  );
}
