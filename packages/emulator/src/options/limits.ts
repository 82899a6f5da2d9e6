import { HttpError } from "../http/errors.ts";
import { InvalidSettingError } from "./invalid-setting.ts";

/**
 * How much of what grows with use the emulator keeps. Past a "kept" bound the oldest go first
 * (said once in the log); past a bound on open waits a new one is refused with a 400 naming it.
 */
export const DEFAULT_LIMITS = {
  /** Deliveries remembered for `emulator.delivered` and `GET /__stashkit/delivered`. */
  keptDeliveries: 10_000,
  /** Message events behind `GET /v2/events` and `GET /v2/logs`. */
  keptEvents: 10_000,
  /** Ended workflow runs kept for the logs (with their steps). */
  keptEndedRuns: 500,
  /** Entries kept in the DLQ, and their size in bytes (as JSON); past either the oldest go. */
  keptDlq: 10_000,
  keptDlqBytes: 64 * 1024 * 1024,
  /** Schedules kept, and their size in bytes (as JSON); past either the oldest go. */
  keptSchedules: 1_000,
  keptScheduleBytes: 16 * 1024 * 1024,
  /** Events one workflow run may wait for at once (`context.waitForEvent`). */
  waitsPerRun: 100,
  /** Waits open at once, all runs together. */
  waits: 10_000,
  /** Events notified for a run before it waited for them, per run and in all. */
  notificationsPerRun: 100,
  notifications: 1_000,
  /** Their data in all, in bytes. */
  notificationBytes: 16 * 1024 * 1024,
  /** Search indexes in all, every account; a create or a seed past it is refused with 400. */
  indexes: 100_000,
  /** Search documents in all, every index; an upsert past it is refused with 400. */
  documents: 2_000_000,
  /** Namespaces in all, every index; an upsert that would make one more is refused with 400. */
  namespaces: 100_000,
  /** Messages waiting in all (in queues, delayed, retrying); a publish past it is refused with 400. */
  messages: 100_000,
  /** Workflow runs running at once; a trigger past it is refused with 400. */
  runs: 10_000,
  /**
   * Distinct words held in memory for typo tolerance, all namespaces together (measured: about
   * 1.5 KB of resident memory a word at its peak); a namespace with more is searched without it,
   * said once.
   */
  typoWords: 50_000,
} as const;

export type Limits = { readonly [K in keyof typeof DEFAULT_LIMITS]: number };

/** The limits given, the defaults for the rest; one that is not a whole number of 1 or more is refused by name. */
export function limitsOf(given: Partial<Record<keyof Limits, unknown>> | undefined): Limits {
  const limits: Record<string, number> = { ...DEFAULT_LIMITS };
  for (const [name, value] of Object.entries(given ?? {})) {
    if (value === undefined) continue;
    if (!Object.hasOwn(DEFAULT_LIMITS, name)) {
      throw new InvalidSettingError(
        `limits.${name} is not a limit; the limits are ${Object.keys(DEFAULT_LIMITS).join(", ")}`,
      );
    }
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
      throw new InvalidSettingError(
        `limits.${name} must be a whole number of 1 or more, got ${String(value)}`,
      );
    }
    limits[name] = value;
  }
  return limits as unknown as Limits;
}

/** The flag of `stashkit-emulator` and `stashkit emulator` that sets a limit: `limit-kept-events` for `keptEvents`. */
export function limitFlag(limit: keyof Limits): string {
  return `limit-${limit.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/**
 * How a limit is raised, for the messages that name it: the flag (`STASHKIT_LIMIT_…` with
 * `--from-env`) and the option in code.
 */
export function limitSetting(limit: keyof Limits): string {
  return `--${limitFlag(limit)} N, or limits.${limit} of startEmulator`;
}

/**
 * A request that would take the emulator past one of its limits (`indexes`, `documents`,
 * `namespaces`, `messages`, `runs`): refused with a 400 naming the limit, before anything changes.
 */
export class LimitReached extends HttpError {
  readonly limit: keyof Limits;

  constructor(limit: keyof Limits, value: number, what: string) {
    super(400, `Limit reached: the emulator holds at most ${value} ${what} (${limitSetting(limit)})`);
    this.name = "LimitReached";
    this.limit = limit;
  }
}
