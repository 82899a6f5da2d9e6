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
