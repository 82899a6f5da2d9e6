import * as core from "./runner/commands.ts";

/**
 * Registers values with the runner so it masks them in every log line. Call before anything
 * else is logged or set. Empty values are skipped: the runner warns about them.
 */
export function registerSecrets(...values: (string | undefined)[]): void {
  for (const value of values) {
    if (value && value.trim() !== "") core.setSecret(value);
  }
}
