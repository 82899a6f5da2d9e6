import type { StoredMessage } from "../../records/message-record.ts";
import type { Outcome } from "./outcome.ts";

/** One delivery attempt: how it ended, and how many retries came before it. */
export interface Attempt {
  outcome: Outcome;
  retried: number;
}

/** How a delivery attempt ended for the message: delivered, to be retried, or moved to the DLQ. */
export type Fate = { kind: "delivered" } | { kind: "retry" } | { kind: "dead"; dlqId: string };

/** What a delivery sends instead of the stored body, and the headers it adds. */
export interface Prepared {
  body: Buffer;
  headers: Record<string, string>;
}

/** What follows an attempt that settled (callbacks, a workflow's next steps): `Delivery.followUp`. */
export type FollowUp = (message: StoredMessage, attempt: Attempt, fate: Fate) => void;

/** What happens around an attempt besides the request: workflow bodies, the message log. */
export interface DeliveryHooks {
  /** A body and headers other than the stored ones (a workflow step carries its run's history). */
  prepare(message: StoredMessage): Prepared | undefined;
  /** After the attempt changed the state; `retried` is the count before this attempt. */
  attempted(message: StoredMessage, attempt: { outcome: Outcome; retried: number }, fate: Fate): void;
  /** An attempt starts. */
  started(message: StoredMessage): void;
}

/** Kept of a failed answer's text for the inspector (the DLQ keeps the whole body). */
const LAST_ANSWER_CHARS = 200;

export function lastAnswer(outcome: Outcome, at: number): NonNullable<StoredMessage["lastAnswer"]> {
  const body = outcome.body?.toString("utf8", 0, LAST_ANSWER_CHARS * 4).slice(0, LAST_ANSWER_CHARS);
  return {
    at,
    ...(outcome.status === undefined ? {} : { status: outcome.status }),
    ...(body ? { body } : {}),
    ...(outcome.error === undefined ? {} : { error: outcome.error }),
  };
}

/** What stopped a request from being answered: fetch's cause code, or the error's name. */
export function networkError(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  if (typeof cause?.code === "string") return cause.code;
  if (error instanceof Error && error.name === "TimeoutError") return "timed out";
  return error instanceof Error ? error.name : "no answer";
}
