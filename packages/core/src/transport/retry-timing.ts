/**
 * The wait a server asks for, in milliseconds, clamped to [0, maxMs]; `undefined` when it asks
 * for none or the header is malformed (the caller then falls back to backoff).
 *
 * Order: `Retry-After` (delta seconds or an HTTP date), then the messaging API's
 * `Burst-RateLimit-Reset` and `RateLimit-Reset` (Unix seconds; small values are read as
 * delta seconds, as other APIs send them).
 */
export function serverRequestedDelay(
  headers: Record<string, string | undefined>,
  now: number,
  maxMs: number,
): number | undefined {
  const retryAfter = headers["retry-after"];
  if (retryAfter !== undefined) return clamp(parseRetryAfter(retryAfter, now), maxMs);
  for (const name of ["burst-ratelimit-reset", "ratelimit-reset"]) {
    const value = headers[name];
    if (value !== undefined) {
      const delay = clamp(parseReset(value, now), maxMs);
      if (delay !== undefined) return delay;
    }
  }
  return undefined;
}

export function parseRetryAfter(value: string, now: number): number | undefined {
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names a weekday and "GMT"; anything else is malformed.
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : at - now;
}

const A_BILLION_SECONDS = 1_000_000_000;

function parseReset(value: string, now: number): number | undefined {
  const trimmed = value.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  const seconds = Number(trimmed);
  return seconds >= A_BILLION_SECONDS ? seconds * 1000 - now : seconds * 1000;
}

function clamp(delay: number | undefined, maxMs: number): number | undefined {
  if (delay === undefined || Number.isNaN(delay)) return undefined;
  return Math.round(Math.min(Math.max(delay, 0), maxMs));
}

/**
 * The messaging API's per-second budget as its answers announce it (`Burst-RateLimit-Remaining`
 * and `Burst-RateLimit-Reset`), or `undefined` when either is absent or malformed. The reset is
 * read like the 429 headers: Unix seconds, or delta seconds when small; at most `maxMs` ahead.
 */
export function burstBudget(
  headers: Record<string, string | undefined>,
  now: number,
  maxMs: number,
): { remaining: number; resetAt: number } | undefined {
  const remaining = headers["burst-ratelimit-remaining"]?.trim();
  const reset = headers["burst-ratelimit-reset"];
  if (remaining === undefined || reset === undefined || !/^\d+$/.test(remaining)) return undefined;
  const delay = clamp(parseReset(reset, now), maxMs);
  return delay === undefined ? undefined : { remaining: Number(remaining), resetAt: now + delay };
}
