const UNIT_SECONDS = { d: 86_400, h: 3_600, m: 60, s: 1 } as const;
const DURATION = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;

/**
 * Seconds of a declared duration: a whole number of seconds, or `30s`, `10m`, `2h`, `1d`,
 * `1h30m` (the API's own grammar for Upstash-Delay and Upstash-Timeout). The schema has
 * checked the form already.
 */
export function durationSeconds(value: number | string): number {
  if (typeof value === "number") return value;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const [, d, h, m, s] = DURATION.exec(trimmed) ?? [];
  return (
    Number(d ?? 0) * UNIT_SECONDS.d +
    Number(h ?? 0) * UNIT_SECONDS.h +
    Number(m ?? 0) * UNIT_SECONDS.m +
    Number(s ?? 0) * UNIT_SECONDS.s
  );
}
