import { runManagementStep } from "@stashkit/action-kit";
import { deleteById } from "@stashkit/core/internal";
import { ephemeralIndex } from "./ephemeral-state.ts";
import { reportEphemeralDeleted } from "./report.ts";

/** The post step: deletes the index the main step created when `ephemeral` is on; otherwise nothing. */
export async function post(): Promise<void> {
  const index = ephemeralIndex();
  if (index === undefined) return;
  await runManagementStep(
    "ensure-search-index",
    async (step) => {
      await deleteById(await step.client(), index.id);
      reportEphemeralDeleted(index);
    },
    { title: "ensure-search-index (post: delete the ephemeral index)" },
  );
}
