import type { MessagingClient } from "../clients/messaging-client.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { type PauseOutcome, sendPause, settle } from "./targets.ts";

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
    const lost = await sendPause(target, () => client.flowControl.pause(key, call));
    if (lost) return lost;
    return { ...target, outcome: "paused", lag: before.waitListSize };
  });
}
