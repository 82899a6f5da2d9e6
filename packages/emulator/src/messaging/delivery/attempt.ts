import type { Outcome } from "./send.ts";

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
