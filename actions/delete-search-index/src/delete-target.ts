import { runner, type Step } from "@stashkit/action-kit";
import { deleteSearchIndex, type ManagementClient } from "@stashkit/core";
import type { DeleteInputs } from "./inputs.ts";
import { type PruneOutcome, prune } from "./prune.ts";

/** Deletes what the inputs name: an index, the stale indexes of a pattern, or SDK indexes of a database. */
export async function deleteTarget(
  step: Step<ManagementClient>,
  inputs: DeleteInputs,
): Promise<PruneOutcome> {
  const { target, dryRun, protect } = inputs;
  const dataOptions = step.clientOptions;
  if (target.kind === "name") {
    const client = await step.client();
    const deleted = await runner.group(`Delete search index ${target.name}`, () =>
      deleteSearchIndex(client, { name: target.name, dryRun, protect }),
    );
    return { deleted, kept: [], protected: [], remaining: [], stoppedBy: undefined };
  }
  if (target.kind === "prune") return prune(await step.client(), step, { ...target, dryRun, protect });
  // The data-plane code (and the zod build its answers are checked with) loads only for the
  // two targets inside a database: most steps delete or prune whole indexes (bench S1's start-up).
  const sdk = await import("./sdk-indexes.ts");
  if (target.kind === "sdk-index") return sdk.deleteOneSdkIndex(step, { ...target, dryRun }, dataOptions);
  return sdk.pruneInDatabase(step, { ...target, dryRun, protect }, dataOptions);
}
