import { messagingErrors } from "../../errors.ts";
import { compileRetryDelay } from "./retry-delay-grammar.ts";

/** The service caps any retry delay at one day. */
const MAX_DELAY_SECONDS = 86_400;

/**
 * Wait before a retry, in ms: the documented exponential backoff, where the n-th retry (n from 1)
 * waits min(1 day, e^(2.5·n)) seconds, i.e. 12 s, 2 min 28 s, 30 min 8 s, 6 h 7 min, then 1 day.
 * `scale` compresses (or stretches) it so tests of retries need not wait minutes: 0.001 makes
 * the first retry wait 12 ms.
 *
 * `retried` counts the retries made so far (0 before the first), as `Upstash-Retried` does.
 */
export function backoffMs(retried: number, scale: number): number {
  const seconds = Math.min(MAX_DELAY_SECONDS, Math.exp(2.5 * (retried + 1)));
  return Math.round(seconds * 1000 * scale);
}

/**
 * An `Upstash-Retry-Delay` expression such as `pow(2, retried) * 1000`: milliseconds, with
 * `retried` 0 for the first retry (documented). Checked when the message is published, so a
 * bad expression is a 400 rather than a stuck message.
 */
export function retryDelayExpression(expression: string): (retried: number) => number {
  let compiled: (retried: number) => number;
  try {
    compiled = compileRetryDelay(expression);
  } catch (error) {
    throw messagingErrors.invalidHeader(
      "Upstash-Retry-Delay",
      `"${expression}" is not an expression: ${(error as Error).message}`,
    );
  }
  const evaluate = (retried: number): number => {
    const value = compiled(retried);
    if (!Number.isFinite(value) || value < 0) {
      throw messagingErrors.invalidHeader(
        "Upstash-Retry-Delay",
        `"${expression}" must give a number of milliseconds from \`retried\`: it gave ${value}`,
      );
    }
    return Math.min(value, MAX_DELAY_SECONDS * 1000);
  };
  evaluate(0);
  return evaluate;
}

/** The wait before the next retry: the message's own expression, else the default backoff; scaled. */
export function nextRetryDelayMs(retried: number, expression: string | undefined, scale: number): number {
  if (expression === undefined) return backoffMs(retried, scale);
  try {
    return Math.round(retryDelayExpression(expression)(retried) * scale);
  } catch {
    // It passed at publish time; if it fails for a later `retried`, fall back to the default.
    return backoffMs(retried, scale);
  }
}

/**
 * The headers an answer may name its retry's time in, as documented: `Retry-After` and the rate
 * limit families' reset times (a WorkflowRetryAfterError answers 429 with `Retry-After`).
 */
const RETRY_AFTER_HEADERS = [
  "retry-after",
  "x-ratelimit-reset",
  "x-ratelimit-reset-requests",
  "x-ratelimit-reset-tokens",
];

/** Go's duration units, as the documentation names them (`6m5s`). */
const DURATION_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/**
 * The wait an answer asks for before the retry, in ms: seconds, an HTTP date, or a duration
 * (`6m5s`). Undefined without one, for a value that cannot be read, or past one day: then the
 * backoff applies, as documented ("only delay retries up to ... one day").
 */
export function retryAfterMs(headers: Record<string, string[]> | undefined, now: number): number | undefined {
  if (headers === undefined) return undefined;
  const byName = new Map(Object.entries(headers).map(([name, values]) => [name.toLowerCase(), values[0]]));
  for (const name of RETRY_AFTER_HEADERS) {
    const value = byName.get(name)?.trim();
    if (value === undefined || value === "") continue;
    const wait = waitOf(value, now);
    if (wait !== undefined) return wait <= MAX_DELAY_SECONDS * 1000 ? wait : undefined;
  }
  return undefined;
}

function waitOf(value: string, now: number): number | undefined {
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length > 0 && parts.map((part) => part[0]).join("") === value) {
    return Math.round(
      parts.reduce((ms, [, amount, unit]) => ms + Number(amount) * (DURATION_UNITS[unit ?? "s"] ?? 0), 0),
    );
  }
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
