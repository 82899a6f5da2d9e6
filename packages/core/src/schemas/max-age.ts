import { ConfigurationError } from "../errors/index.ts";

/** A maximum age as given (`7d`) and in milliseconds. */
export interface MaxAge {
  text: string;
  ms: number;
}

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
/** Ten years: a longer age is a typo (`70000d`), not a retention policy. */
const MAX_MS = 3_650 * UNIT_MS.d;
// Whole numbers with a unit, one or more: `7d`, `36h`, `1d12h`. A general duration parser would
// also take `1.5 hours`, `-7d` or a bare `7` (milliseconds?), each a likely mistake for an input
// that decides what gets deleted; this grammar is the one the README documents.
const GRAMMAR = /^(?:\d{1,6}[mhdw])+$/;

/**
 * Reads `max-age` (`7d`, `36h`, `90m`, `2w`, or a sum such as `1d12h`): minutes, hours, days,
 * weeks. `input` names it in the error, which says what is accepted; nothing is sent before.
 */
export function parseMaxAge(text: string, input = "max-age"): MaxAge {
  const trimmed = text.trim();
  const fail = (why: string) =>
    new ConfigurationError(
      input,
      `${input} must be a duration such as 7d, 36h or 90m (units m, h, d, w; at most 3650d)${why}; got ${JSON.stringify(text)}`,
    );
  if (!GRAMMAR.test(trimmed)) throw fail("");
  let ms = 0;
  for (const [, amount, unit] of trimmed.matchAll(/(\d+)([mhdw])/g)) {
    ms += Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
  }
  if (ms === 0) throw fail(", more than zero");
  if (ms > MAX_MS) throw fail("");
  return { text: trimmed, ms };
}

/** Whether something created at `createdAtMs` is older than `maxAge` at `nowMs`. */
export function isOlderThan(createdAtMs: number, maxAge: MaxAge, nowMs: number): boolean {
  return nowMs - createdAtMs > maxAge.ms;
}
