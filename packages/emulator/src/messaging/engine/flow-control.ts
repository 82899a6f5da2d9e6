import type { FlowControlStore, StoredFlowControlKey } from "../records/flow-control-store.ts";
import type { FlowControlLimits, StoredMessage } from "../records/message-record.ts";

/** Documented default: a rate is per second unless a period is given. */
const DEFAULT_PERIOD_SECONDS = 1;

/** What the gate says about starting a message now. */
export type Gate = { go: true } | { go: false; retryAt?: number };

interface RateWindow {
  start: number;
  count: number;
}

/**
 * Flow-control keys: a paused key holds its messages; otherwise at most `parallelism` of its
 * messages are in flight and at most `rate` start per `period`. Whether a key is paused and
 * its limits are kept in the state; in-flight counts and rate windows are live only.
 */
export class FlowControl {
  readonly #store: FlowControlStore;
  readonly #running = new Map<string, number>();
  readonly #windows = new Map<string, RateWindow>();

  constructor(store: FlowControlStore) {
    this.#store = store;
  }

  get(key: string): StoredFlowControlKey | undefined {
    return this.#store.get(key);
  }

  list(): StoredFlowControlKey[] {
    return this.#store.list();
  }

  /** The key a new message names, created on first use; its limits follow the latest message. */
  observe(key: string, limits: FlowControlLimits, now: number): void {
    this.#change(key, now, () => ({ limits }));
  }

  /** Pausing a key nobody has used yet is allowed: messages published later are held. */
  setPaused(key: string, paused: boolean, now: number): void {
    this.#change(key, now, () => ({ paused }));
  }

  pin(key: string, pinned: FlowControlLimits, now: number): void {
    this.#change(key, now, (record) => ({ pinned: { ...record.pinned, ...pinned } }));
    // Documented: pinning resets the rate state.
    this.#windows.delete(key);
  }

  unpin(key: string, which: { parallelism: boolean; rate: boolean }, now: number): void {
    this.#change(key, now, (record) => {
      const pinned = { ...record.pinned };
      if (which.parallelism) delete pinned.parallelism;
      if (which.rate) {
        delete pinned.rate;
        delete pinned.period;
      }
      return { pinned };
    });
  }

  resetRate(key: string, now: number): void {
    this.#windows.set(key, { start: now, count: 0 });
  }

  limits(key: string): FlowControlLimits {
    const record = this.get(key);
    return { ...record?.limits, ...record?.pinned };
  }

  /** Whether the key would let one more message start now (not paused, below its parallelism). */
  mayStart(key: string): boolean {
    if (this.get(key)?.paused) return false;
    const { parallelism } = this.limits(key);
    return parallelism === undefined || this.running(key) < parallelism;
  }

  gate(message: StoredMessage, now: number): Gate {
    const key = message.flowControlKey;
    if (key === undefined) return { go: true };
    if (this.get(key)?.paused) return { go: false };
    const limits = this.limits(key);
    if (limits.parallelism !== undefined && this.running(key) >= limits.parallelism) return { go: false };
    if (limits.rate !== undefined) {
      const window = this.#window(key, limits, now);
      if (window.count >= limits.rate) return { go: false, retryAt: window.start + periodMs(limits) };
    }
    return { go: true };
  }

  started(message: StoredMessage, now: number): void {
    const key = message.flowControlKey;
    if (key === undefined) return;
    this.#running.set(key, this.running(key) + 1);
    const limits = this.limits(key);
    if (limits.rate !== undefined) this.#window(key, limits, now).count++;
  }

  finished(message: StoredMessage): void {
    const key = message.flowControlKey;
    if (key !== undefined) this.#running.set(key, Math.max(0, this.running(key) - 1));
  }

  running(key: string): number {
    return this.#running.get(key) ?? 0;
  }

  /** The current rate window as `{start, count}` (a new one once the period has passed). */
  window(key: string, now: number): RateWindow {
    return this.#window(key, this.limits(key), now);
  }

  #window(key: string, limits: FlowControlLimits, now: number): RateWindow {
    let window = this.#windows.get(key);
    if (!window || now - window.start >= periodMs(limits)) {
      window = { start: now, count: 0 };
      this.#windows.set(key, window);
    }
    return window;
  }

  /** Stores the key's record changed by `change` (a new record, on a key's first use). */
  #change(
    key: string,
    now: number,
    change: (record: StoredFlowControlKey) => Partial<StoredFlowControlKey>,
  ): void {
    const record = this.#store.get(key) ?? { key, paused: false, limits: {}, pinned: {}, createdAt: now };
    this.#store.put({ ...record, ...change(record) });
  }
}

function periodMs(limits: FlowControlLimits): number {
  return (limits.period ?? DEFAULT_PERIOD_SECONDS) * 1000;
}
