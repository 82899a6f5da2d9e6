import type { Deadline } from "./deadline.ts";

/**
 * Per call: the caller's own abort signal, and a deadline for this call alone (an operation
 * passes its own to every request it makes). The earliest of it, the client's `deadline` and the
 * client's `deadlineMs` applies.
 */
export interface CallOptions {
  signal?: AbortSignal | undefined;
  deadline?: Deadline | undefined;
}
