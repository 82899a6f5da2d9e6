import { AuthenticationError, ConfigurationError } from "@stashkit/core";
import { UsageError } from "./usage-error.ts";

/**
 * Exit codes: 0 done, 1 the operation failed, 2 a bad flag or value (nothing was sent), 3 done,
 * and changes are pending (`qstash plan --detailed-exitcode`).
 */
export const EXIT = { done: 0, failed: 1, usage: 2, changes: 3 } as const;

/** Core refuses bad values with a ConfigurationError before sending; the CLI with a UsageError. */
export function exitCodeFor(error: unknown): number {
  return error instanceof UsageError || error instanceof ConfigurationError ? EXIT.usage : EXIT.failed;
}

/** One line: the command, what failed, and what to do about it. */
export function failureLine(command: string, error: unknown, credentials: string | undefined): string {
  const message = error instanceof Error ? error.message : `non-error thrown: ${String(error)}`;
  const advice = error instanceof AuthenticationError && credentials ? ` Check ${credentials}.` : "";
  const stop = advice && !/[.!?]$/.test(message) ? "." : "";
  return `stashkit ${command}: ${message}${stop}${advice}`;
}
