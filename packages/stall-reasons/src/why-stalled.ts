import type { AttemptFailure, PendingDelivery, StallFacts, StallReason } from "./facts.ts";
import { clockNote, failureHint, nothingPending } from "./hints.ts";

/**
 * Why a run that has not ended (or a message still to be delivered) is not moving, in words a
 * user can act on, or `undefined` while a delivery is under way or due: it waits for an event,
 * nothing is pending at all (the app published its next step somewhere else: "stuck at init"),
 * its next message is held by a paused queue or flow-control key, its endpoint refused or could
 * not be reached and it waits to retry, or it sleeps.
 */
export function whyStalled(facts: StallFacts): StallReason | undefined {
  const { pending, waits, now, setting } = facts;
  if (!facts.running) return undefined;
  if (pending.some((delivery) => delivery.inFlight)) return undefined;
  const [wait] = waits;
  if (wait !== undefined) {
    const events = waits.map((waiter) => `"${waiter.eventId}"`).join(", ");
    return {
      code: "waiting-for-event",
      message: `waiting for event ${events} (times out at ${iso(wait.deadline)}${clockNote(setting, "long")})`,
    };
  }
  if (pending.length === 0) return { code: "nothing-pending", message: nothingPending(setting) };
  const next = [...pending].sort((a, b) => a.dueAt - b.dueAt)[0] as PendingDelivery;
  if (next.heldBy !== undefined) return { code: "held", message: next.heldBy };
  if (next.retried > 0) {
    return {
      code: "failing",
      message: `${describeFailure(next.lastFailure, setting)}; retrying at ${iso(next.dueAt)}`,
    };
  }
  if (next.dueAt > now) {
    return { code: "sleeping", message: `sleeping until ${iso(next.dueAt)}${clockNote(setting, "short")}` };
  }
  return undefined;
}

/** What the app (or the network) said the last time a delivery failed. */
export function describeFailure(failure: AttemptFailure | undefined, setting: StallFacts["setting"]): string {
  if (failure === undefined) return "its last delivery failed";
  if (failure.status === undefined) {
    return `its endpoint could not be reached (${failure.error ?? "no answer"})`;
  }
  return `its endpoint answered ${failure.status}${failureHint(failure.body ?? "", setting)}`;
}

function iso(time: number): string {
  return new Date(time).toISOString();
}
