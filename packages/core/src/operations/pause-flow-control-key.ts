import type { MessagingClient } from "../clients/messaging-client.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { type PauseOutcome, settle } from "./targets.ts";

/** Reads the key, then pauses it unless it already was; a key the API does not know is missing. */
export function pauseFlowControlKey(
  client: MessagingClient,
  key: string,
  call: CallOptions,
): Promise<PauseOutcome> {
  const target = { kind: "flow-control-key", name: key } as const;
  return settle<PauseOutcome>(target, "name", async () => {
    const before = await client.flowControl.get(key, call);
    if (before.isPaused) return { ...target, outcome: "alreadyPaused", lag: before.waitListSize };
    await client.flowControl.pause(key, call);
    return { ...target, outcome: "paused", lag: before.waitListSize };
  });
}
