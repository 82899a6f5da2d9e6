import type { Account } from "./http/auth.ts";
import type { MessagingOptions } from "./messaging/messaging.ts";

export type ManagementErrorStyle = "text" | "json-string" | "error-object" | "message-object";

export interface EmulatorOptions extends MessagingOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Bearer tokens the messaging API accepts. */
  messagingTokens?: string[];
  /** Management accounts (HTTP Basic email : API key); each sees only its own indexes. */
  accounts?: Account[];
  duplicateNames?: "allow" | "reject";
  /** Status used to reject a duplicate index name (the real one is undocumented). */
  duplicateStatus?: 400 | 409;
  /** How the management API words its errors; the real API has been seen to use each of these. */
  managementErrorStyle?: ManagementErrorStyle;
  latency?: { fixedMs?: number; jitterMs?: number };
  /**
   * Requests per second each API serves (fixed one-second windows); the rest of that
   * second is answered 429 with `Retry-After`. 0 or absent: no limit.
   */
  rateLimit?: { messaging?: number; management?: number };
  createDelayMs?: number;
  /**
   * Persist every acknowledged change to this file and load it at start. A file that cannot
   * be read, is not JSON or does not hold emulator state makes `startEmulator` reject with
   * a `DataFileError`.
   */
  dataFile?: string;
  /**
   * Lets clients other than loopback ones use the control API (`/__stashkit/*`), if they
   * send this in the `x-stashkit-control-token` header; once set, every control request needs it.
   */
  controlToken?: string;
}

export const DEFAULT_MESSAGING_TOKEN = "stashkit-emulator-qstash-token";
export const DEFAULT_ACCOUNT: Account = { email: "dev@stashkit.local", apiKey: "stashkit-emulator-api-key" };
