import { setTimeout as sleep } from "node:timers/promises";

/**
 * Time as the transport sees it. Tests pass a clock that records the waits instead of
 * sleeping through them, so retry timing is checked without slow or flaky tests.
 */
export interface Clock {
  now(): number;
  /** Waits `ms`, or rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** A number in [0, 1), for jitter. */
  random(): number;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: async (ms, signal) => {
    await sleep(ms, undefined, signal ? { signal } : {});
  },
  random: () => Math.random(),
};
