const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000 } as const;
const DURATION = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;

/**
 * The latest time a JavaScript date can hold (ms since 1970): any later time or longer duration is
 * refused, so that no `Infinity` (written as `null`) or float-rounded count reaches the data file.
 */
export const MAX_TIME_MS = 8_640_000_000_000_000;

/** A whole number of milliseconds a date can hold, e.g. from a 400-digit header it is not. */
export function isTimeInRange(ms: number): boolean {
  return Number.isSafeInteger(ms) && ms >= 0 && ms <= MAX_TIME_MS;
}

/**
 * Reads the documented `<value><unit>` durations of `Upstash-Delay` and `Upstash-Timeout`
 * (`50s`, `10h`, `1d10h30m`); a bare number counts as seconds. Returns milliseconds, or
 * `undefined` when the text is not such a duration or one longer than a date can hold.
 */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return inRange(Number(trimmed) * UNIT_MS.s);
  const match = DURATION.exec(trimmed);
  if (!match || trimmed === "") return undefined;
  const [, days, hours, minutes, seconds] = match;
  return inRange(
    Number(days ?? 0) * UNIT_MS.d +
      Number(hours ?? 0) * UNIT_MS.h +
      Number(minutes ?? 0) * UNIT_MS.m +
      Number(seconds ?? 0) * UNIT_MS.s,
  );
}

function inRange(ms: number): number | undefined {
  return isTimeInRange(ms) ? ms : undefined;
}
