import { failureHint as sharedFailureHint, whyStalled as sharedWhyStalled } from "@stashkit/stall-reasons";
import type { StoredMessage } from "../../records/message-record.ts";
import { dueAt } from "../../records/message-record.ts";
import type { StoredRun, StoredWaiter } from "../../records/workflow-records.ts";

// The reasons and their words are @stashkit/stall-reasons', which `stashkit doctor` reads a real
// account's runs with too: this module only turns the emulator's records into its facts.

/** What `whyStalled` looks at: the run, its waits and pending messages, and the state around them. */
export interface StallFacts {
  run: StoredRun;
  pending: readonly StoredMessage[];
  waits: readonly StoredWaiter[];
  now: number;
  isInFlight(messageId: string): boolean;
  /** Why a message is held though due (a paused queue or flow-control key), if it is. */
  heldBy(message: StoredMessage): string | undefined;
}

/** Why a run that has not ended is not moving, or `undefined` while a delivery is under way or due. */
export function whyStalled(facts: StallFacts): string | undefined {
  const { run } = facts;
  return sharedWhyStalled({
    running: run.state === "RUN_STARTED",
    pending: facts.pending.map((message) => ({
      dueAt: dueAt(message),
      retried: message.retried,
      inFlight: facts.isInFlight(message.id),
      heldBy: facts.heldBy(message),
      lastFailure: run.errors.filter((entry) => entry.messageId === message.id).at(-1),
    })),
    waits: facts.waits,
    now: facts.now,
    setting: "emulator",
  })?.message;
}

/** A hint for what the Workflow SDK's `serve()` says when it refuses a delivery; else the answer's start. */
export function failureHint(body: string): string {
  return sharedFailureHint(body, "emulator");
}
