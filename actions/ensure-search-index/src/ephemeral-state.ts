import { runner } from "@stashkit/action-kit";
import type { IndexRef } from "@stashkit/core";

// The main and post steps run the same bundle in two processes; the runner's state carries
// what the post step needs from the main step.
const EPHEMERAL_INDEX = "ephemeral-index";

/** Saved as soon as the index exists, so the post step cleans up even if the main step fails later. */
export function saveEphemeralIndex(index: IndexRef): void {
  runner.saveState(EPHEMERAL_INDEX, JSON.stringify({ id: index.id, name: index.name }));
}

/** The index the main step created with `ephemeral: true`, if any. */
export function ephemeralIndex(): IndexRef | undefined {
  const saved = runner.getState(EPHEMERAL_INDEX);
  return saved === "" ? undefined : (JSON.parse(saved) as IndexRef);
}
