import type { StoredMessage } from "../state/records.ts";
import type { Store } from "../state/store.ts";

export interface DeliveredMessage {
  queue: string;
  messageId: string;
  destination: string;
  deliveredAt: number;
}

/**
 * Delivers a queue's messages to their destinations by HTTP POST, oldest first, with at
 * most `parallelism` in flight, and only while the queue is active. A failed delivery
 * stays at its place in the queue and is tried again after `retryDelayMs`, so with
 * parallelism 1 the order is strict.
 */
export class Delivery {
  readonly delivered: DeliveredMessage[] = [];
  readonly #store: Store;
  readonly #retryDelayMs: number;
  readonly #inFlight = new Map<string, Set<string>>();
  readonly #pendingTimers = new Set<NodeJS.Timeout>();
  readonly #requests = new Set<AbortController>();
  #stopped = false;

  constructor(store: Store, retryDelayMs: number) {
    this.#store = store;
    this.#retryDelayMs = retryDelayMs;
  }

  /** Starts as many deliveries as the queue's state allows. Safe to call at any time. */
  pump(queueName: string): void {
    const queue = this.#store.state.queues[queueName];
    if (!queue || queue.paused || this.#stopped) return;
    const flying = this.#flying(queueName);
    for (const message of queue.messages) {
      if (flying.size >= queue.parallelism) break;
      if (flying.has(message.id)) continue;
      flying.add(message.id);
      void this.#deliver(queueName, message);
    }
  }

  pumpAll(): void {
    for (const name of Object.keys(this.#store.state.queues)) this.pump(name);
  }

  /** Whether a message is being delivered right now (still counted in the queue's lag). */
  inFlightCount(queueName: string): number {
    return this.#inFlight.get(queueName)?.size ?? 0;
  }

  stop(): void {
    this.#stopped = true;
    for (const timer of this.#pendingTimers) clearTimeout(timer);
    for (const controller of this.#requests) controller.abort();
  }

  #flying(queueName: string): Set<string> {
    let flying = this.#inFlight.get(queueName);
    if (!flying) {
      flying = new Set();
      this.#inFlight.set(queueName, flying);
    }
    return flying;
  }

  async #deliver(queueName: string, message: StoredMessage): Promise<void> {
    const controller = new AbortController();
    this.#requests.add(controller);
    let delivered = false;
    try {
      const response = await fetch(message.destination, {
        method: "POST",
        body: Buffer.from(message.body, "base64"),
        headers: { "content-type": message.contentType, "upstash-message-id": message.id },
        signal: controller.signal,
      });
      await response.arrayBuffer();
      delivered = response.ok;
    } catch {
      delivered = false;
    } finally {
      this.#requests.delete(controller);
    }
    if (this.#stopped) return;
    if (delivered) {
      this.#acknowledge(queueName, message);
      this.#flying(queueName).delete(message.id);
      this.pump(queueName);
      return;
    }
    const timer = setTimeout(() => {
      this.#pendingTimers.delete(timer);
      this.#flying(queueName).delete(message.id);
      this.pump(queueName);
    }, this.#retryDelayMs);
    this.#pendingTimers.add(timer);
  }

  #acknowledge(queueName: string, message: StoredMessage): void {
    const queue = this.#store.state.queues[queueName];
    if (queue) {
      queue.messages = queue.messages.filter((m) => m.id !== message.id);
      this.#store.commit();
    }
    this.delivered.push({
      queue: queueName,
      messageId: message.id,
      destination: message.destination,
      deliveredAt: Date.now(),
    });
  }
}
