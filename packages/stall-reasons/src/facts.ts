/**
 * Where a run or message lives. The reasons are the same; the hints name what to set (the
 * emulator prints its own URL and keys, the service has an account per region).
 */
export type StallSetting = "emulator" | "service";

/** A delivery attempt that failed: the answer's status and text, or why there was no answer. */
export interface AttemptFailure {
  /** The answer's status; absent when nothing answered. */
  status?: number | undefined;
  /** The answer's text (cut short by whoever recorded it). */
  body?: string | undefined;
  /** Why nothing answered (a network error's code, a timeout). */
  error?: string | undefined;
}

/** A message of the run (or the message itself) that is still to be delivered. */
export interface PendingDelivery {
  /** When it is due: its delay or its next retry, on the clock `now` is read from (ms). */
  dueAt: number;
  /** Failed attempts so far. */
  retried: number;
  /** A delivery of it is under way right now. */
  inFlight: boolean;
  /** Why it does not go though due (`holdReason`'s words), when its queue or key holds it. */
  heldBy?: string | undefined;
  /** Its last failed attempt, when there was one. */
  lastFailure?: AttemptFailure | undefined;
}

/** A `context.waitForEvent` the run is waiting in. */
export interface EventWait {
  eventId: string;
  /** When the wait times out (ms, the same clock as `now`). */
  deadline: number;
}

/** What `whyStalled` looks at: the same facts whether read from the emulator's store or from the public API. */
export interface StallFacts {
  /** The run has not ended (`RUN_STARTED`), or the message is still to be delivered. */
  running: boolean;
  pending: readonly PendingDelivery[];
  waits: readonly EventWait[];
  /** Now, on the clock the service delivers by (the emulator's may have been moved forward). */
  now: number;
  setting: StallSetting;
}

/** Each kind of reason, stable for scripts (`--format json`) and tests. */
export const STALL_CODES = ["waiting-for-event", "nothing-pending", "held", "failing", "sleeping"] as const;
export type StallCode = (typeof STALL_CODES)[number];

/** Why something is not moving: a stable code and the words a user can act on. */
export interface StallReason {
  code: StallCode;
  message: string;
}
