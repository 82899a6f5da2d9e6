import type { StoredMessage } from "../../records/message-record.ts";
import { dueAt } from "../../records/message-record.ts";
import type { StoredRun, StoredWaiter } from "../../records/workflow-records.ts";

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

/**
 * Why a run that has not ended is not moving, in words a user can act on, or `undefined` while a
 * delivery is under way or due: the endpoint refused or could not be reached, the app rejected
 * the signature or speaks another protocol version, the run waits for an event or sleeps, or
 * nothing is pending at all (the app published its next step somewhere else: "stuck at init").
 */
export function whyStalled(facts: StallFacts): string | undefined {
  const { run, pending, waits, now } = facts;
  if (run.state !== "RUN_STARTED") return undefined;
  if (pending.some((message) => facts.isInFlight(message.id))) return undefined;
  const [wait] = waits;
  if (wait !== undefined) {
    const events = waits.map((waiter) => `"${waiter.eventId}"`).join(", ");
    return `waiting for event ${events} (times out at ${iso(wait.deadline)} on the emulator's clock)`;
  }
  if (pending.length === 0) {
    return "nothing is pending: the app answered its last delivery without publishing a next step to this emulator; is its qstashClient pointed at it (QSTASH_URL as the emulator printed)?";
  }
  const next = [...pending].sort((a, b) => dueAt(a) - dueAt(b))[0] as StoredMessage;
  const held = facts.heldBy(next);
  if (held !== undefined) return held;
  if (next.retried > 0) return `${lastFailure(run, next)}; retrying at ${iso(dueAt(next))}`;
  if (dueAt(next) > now) return `sleeping until ${iso(dueAt(next))} (emulator clock)`;
  return undefined;
}

/** What the app (or the network) said the last time a message of the run failed. */
function lastFailure(run: StoredRun, message: StoredMessage): string {
  const error = run.errors.filter((entry) => entry.messageId === message.id).at(-1);
  if (error === undefined) return "its last delivery failed";
  if (error.status === undefined) return `its endpoint could not be reached (${error.error ?? "no answer"})`;
  return `its endpoint answered ${error.status}${failureHint(error.body ?? "")}`;
}

/** A hint for what the Workflow SDK's `serve()` says when it refuses a delivery; else the answer's start. */
export function failureHint(body: string): string {
  if (body.includes("Failed to verify that the Workflow request comes from QStash")) {
    return ": the app rejected the delivery's signature; give its receiver the emulator's signing keys (QSTASH_CURRENT_SIGNING_KEY and QSTASH_NEXT_SIGNING_KEY as the emulator printed)";
  }
  if (body.includes("Incompatible workflow sdk protocol version")) {
    return ": the app speaks a Workflow protocol version the emulator does not (it delivers version 1, as @upstash/workflow 1.x expects)";
  }
  const text = body.replace(/\s+/g, " ").trim();
  return text === "" ? "" : `: ${text.slice(0, 200)}`;
}

function iso(time: number): string {
  return new Date(time).toISOString();
}
