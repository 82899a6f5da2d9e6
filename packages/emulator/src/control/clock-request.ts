import { Clock } from "../clock/clock.ts";
import { controlErrors } from "./errors.ts";

const UNIT_MS = { days: 86_400_000, hours: 3_600_000, minutes: 60_000, seconds: 1_000, ms: 1 } as const;

/**
 * How far `POST /clock/advance` moves the clock: `{"minutes": 5}`, or days, hours, seconds, ms
 * (summed); from the clock's `now`, at most to `Clock.LATEST` (a 400 naming it).
 */
export function clockAdvanceMs(rawBody: Buffer, now: number): number {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString("utf8") || "{}");
  } catch {
    body = undefined;
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw controlErrors.invalidRequest('body must be a JSON object such as {"minutes": 1}');
  }
  let total = 0;
  for (const [name, value] of Object.entries(body)) {
    const unit = UNIT_MS[name as keyof typeof UNIT_MS];
    if (unit === undefined) {
      throw controlErrors.invalidRequest(`unknown field "${name}"; use days, hours, minutes, seconds or ms`);
    }
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
      throw controlErrors.invalidRequest(`${name} must be a number of 0 or more`);
    }
    total += value * unit;
  }
  if (total === 0) throw controlErrors.invalidRequest('say how far to move the clock, e.g. {"minutes": 1}');
  const remainingMs = Math.max(0, Clock.LATEST - now);
  if (total > remainingMs) throw controlErrors.invalidRequest(Clock.pastLatest(remainingMs));
  return total;
}
