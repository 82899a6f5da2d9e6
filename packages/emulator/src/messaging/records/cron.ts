import { createRequire } from "node:module";
import { messagingErrors } from "../errors.ts";

// Loaded the first time a cron expression is read, not at start.
const require = createRequire(import.meta.url);
let croner: typeof import("croner") | undefined;

export interface CronSchedule {
  /** The first tick strictly after `afterMs`, in ms, or `undefined` when there is none. */
  next(afterMs: number): number | undefined;
}

/**
 * A 5-field cron expression (the service's resolution is one minute), optionally prefixed
 * with `CRON_TZ=<IANA zone>` as documented; without it, times are UTC.
 */
export function parseCron(expression: string): CronSchedule {
  const match = /^\s*(?:CRON_TZ=(\S+)\s+)?(.+?)\s*$/.exec(expression);
  const zone = match?.[1];
  const pattern = match?.[2] ?? "";
  if (pattern.split(/\s+/).length !== 5) {
    throw messagingErrors.invalidHeader(
      "Upstash-Cron",
      `must have 5 fields (minute hour day-of-month month day-of-week), optionally after CRON_TZ=<zone>; got "${expression}"`,
    );
  }
  let cron: import("croner").Cron;
  try {
    croner ??= require("croner") as typeof import("croner");
    cron = new croner.Cron(pattern, { mode: "5-part", timezone: zone ?? "Etc/UTC", paused: true });
    cron.nextRun(new Date(0));
  } catch (error) {
    throw messagingErrors.invalidHeader(
      "Upstash-Cron",
      `"${expression}" is not a valid cron expression: ${(error as Error).message}`,
    );
  }
  return {
    next(afterMs) {
      return cron.nextRun(new Date(afterMs))?.getTime();
    },
  };
}

/** What is wrong with a cron expression, in words (the start of `parseCron`'s refusal), or `undefined`. */
export function cronProblem(expression: string): string | undefined {
  try {
    parseCron(expression);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
