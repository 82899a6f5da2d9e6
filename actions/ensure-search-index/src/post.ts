import {
  managementHints,
  readGitHubContext,
  runner,
  runStep,
  stepClientOptions,
  writeSummary,
} from "@stashkit/action-kit";
import { deleteById, ManagementClient } from "@stashkit/core";
import { readEnsureInputs } from "./inputs.ts";
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
        ...stepClientOptions("ensure-search-index", inputs),
      });
      await deleteById(client, id);
      runner.info(`Ephemeral search index ${name} (${id}) deleted.`);
      writeSummary(`### Ephemeral search index deleted\n\n${name} (${id})\n`);
    },
    managementHints(undefined),
  );
}
