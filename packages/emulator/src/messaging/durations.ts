const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000 } as const;
const DURATION = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;

/**
 * Reads the documented `<value><unit>` durations of `Upstash-Delay` and `Upstash-Timeout`
 * (`50s`, `10h`, `1d10h30m`); a bare number counts as seconds. Returns milliseconds, or
 * `undefined` when the text is not such a duration.
 */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * UNIT_MS.s;
  const match = DURATION.exec(trimmed);
  if (!match || trimmed === "") return undefined;
  const [, days, hours, minutes, seconds] = match;
  return (
    Number(days ?? 0) * UNIT_MS.d +
    Number(hours ?? 0) * UNIT_MS.h +
    Number(minutes ?? 0) * UNIT_MS.m +
    Number(seconds ?? 0) * UNIT_MS.s
  );
}
