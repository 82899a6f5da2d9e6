import { randomInt } from "node:crypto";
import { type Clock, ClockTimer } from "../../clock/clock.ts";
import type { SigningKeys } from "../../signing/keys.ts";
import { signDelivery } from "../../signing/signature.ts";
import type { FlowControl } from "../flow-control/flow-control.ts";
import type { MessageBook } from "../messages/message-book.ts";
import type { MessagingStore, StoredMessage } from "../store.ts";
import type { Fate, Prepared } from "../workflow/workflows.ts";
import { nextRetryDelayMs } from "./backoff.ts";
import { DeliveryGate } from "./delivery-gate.ts";
import { type Outcome, sendMessage } from "./send.ts";

/** What happens around an attempt besides the request: workflow bodies, callbacks. */
export interface DeliveryHooks {
  /** A body and headers other than the stored ones (a workflow step carries its run's history). */
  prepare(message: StoredMessage): Prepared | undefined;
  /** After the attempt changed the state; `retried` is the count before this attempt. */
  attempted(message: StoredMessage, attempt: { outcome: Outcome; retried: number }, fate: Fate): void;
  /** An attempt starts. */
  started(message: StoredMessage): void;
}

export interface DeliveredMessage {
  /** The queue it was enqueued to, or `null` for a published message. */
  queue: string | null;
  messageId: string;
  destination: string;
  scheduleId: string | null;
  /** How many retries it took (0: the first attempt succeeded). */
  retried: number;
  deliveredAt: number;
}

export interface DeliveryOptions {
  store: MessagingStore;
  clock: Clock;
  book: MessageBook;
  flow: FlowControl;
  signingKeys(): SigningKeys;
  /** Multiplies the documented retry backoff (1 = as documented). */
  backoffScale: number;
  /** Longest a destination may take when the message sets no `Upstash-Timeout`. */
  timeoutMs: number;
  hooks: DeliveryHooks;
  /** What deliveries may reach and how many may be open at once (default: the gate's defaults). */
  gate?: DeliveryGate;
}

/**
 * Delivers pending messages to their destinations. A queue gives its messages out oldest
 * first, at most `parallelism` at a time, only while active; a message being retried keeps
 * its place (and its slot), so with parallelism 1 the order is strict. A failed delivery is
 * retried `maxRetries` times with the documented backoff, then moved to the DLQ, and the queue
 * moves on. Messages wait for their not-before time and for their flow-control key.
 */
export class Delivery {
  readonly delivered: DeliveredMessage[] = [];
  readonly #options: DeliveryOptions;
  readonly #flying = new Set<string>();
  readonly #requests = new Set<AbortController>();
  readonly #timer: ClockTimer;
  readonly #gate: DeliveryGate;
  /** Settles when the latest started delivery has been handed to `fetch`. */
  #sendOrder: Promise<void> = Promise.resolve();
  #pumpQueued = false;
  #stopped = false;

  constructor(options: DeliveryOptions) {
    this.#options = options;
    this.#gate = options.gate ?? new DeliveryGate();
    this.#timer = new ClockTimer(options.clock, () => this.pump());
  }

  /** Starts every delivery the state now allows, soon (coalesced: one scan per turn). */
  pump(): void {
    if (this.#pumpQueued || this.#stopped) return;
    this.#pumpQueued = true;
    queueMicrotask(() => {
      this.#pumpQueued = false;
      if (!this.#stopped) this.#scan();
    });
  }

  /** How many deliveries are under way now. */
  get inFlight(): number {
    return this.#flying.size;
  }

  isInFlight(messageId: string): boolean {
    return this.#flying.has(messageId);
  }

  stop(): void {
    this.#stopped = true;
    this.#timer.cancel();
    for (const controller of this.#requests) controller.abort();
  }

  #scan(): void {
    const { store, clock, flow } = this.#options;
    const now = clock.now();
    let wakeAt: number | undefined;
    const later = (at: number | undefined) => {
      if (at !== undefined && (wakeAt === undefined || at < wakeAt)) wakeAt = at;
    };
    const consider = (message: StoredMessage): boolean => {
      const due = dueAt(message);
      if (due > now) {
        later(due);
        return false;
      }
      const gate = flow.gate(message, now);
      if (!gate.go) {
        later(gate.retryAt);
        return false;
      }
      this.#start(message, now);
      return true;
    };

    for (const queue of Object.values(store.data.queues)) {
      if (queue.paused) continue;
      let busy = 0;
      for (const message of queue.messages) {
        if (this.#flying.has(message.id)) {
          busy++;
          continue;
        }
        // A message between retries holds its slot; one never tried needs a free slot.
        if (message.retried > 0) {
          busy++;
          consider(message);
          continue;
        }
        if (busy >= queue.parallelism) break;
        if (consider(message)) busy++;
      }
    }
    for (const message of store.data.messages) {
      if (!this.#flying.has(message.id)) consider(message);
    }
    this.#timer.at(wakeAt);
  }

  #start(message: StoredMessage, now: number): void {
    this.#flying.add(message.id);
    this.#options.hooks.started(message);
    this.#options.flow.started(message, now);
    void this.#attempt(message);
  }

  async #attempt(message: StoredMessage): Promise<void> {
    const controller = new AbortController();
    this.#requests.add(controller);
    let outcome: Outcome;
    try {
      outcome = await this.#send(message, controller.signal);
    } catch {
      outcome = { ok: false, final: false };
    } finally {
      this.#requests.delete(controller);
      this.#flying.delete(message.id);
      this.#options.flow.finished(message);
    }
    if (this.#stopped) return;
    this.#settle(message, outcome);
    this.pump();
  }

  /** Signs, then sends once every delivery started before this one has been sent. */
  async #send(message: StoredMessage, abort: AbortSignal): Promise<Outcome> {
    const prepared = this.#options.hooks.prepare(message);
    const body = prepared?.body ?? Buffer.from(message.body, "base64");
    const signing = signDelivery({
      key: this.#options.signingKeys().current,
      url: message.destination,
      body,
    });
    // Signing is asynchronous; waiting for the delivery started before this one keeps requests
    // leaving in the order they were started (oldest first), as they did before signing.
    const turn = this.#sendOrder.then(() => signing);
    this.#sendOrder = turn.then(
      () => undefined,
      () => undefined,
    );
    const signature = await turn;
    return await sendMessage(message, {
      body,
      headers: prepared?.headers ?? {},
      signature,
      abort,
      timeoutMs: message.timeoutMs ?? this.#options.timeoutMs,
      gate: this.#gate,
    });
  }

  #settle(message: StoredMessage, outcome: Outcome): void {
    const { store, clock, book } = this.#options;
    // Cancelled while in flight: nothing left to do.
    if (book.find(message.id) !== message) return;
    const now = clock.now();
    const attempt = { outcome, retried: message.retried };
    if (outcome.ok) {
      book.remove(message.id);
      this.#options.hooks.attempted(message, attempt, { kind: "delivered" });
      store.commit();
      this.delivered.push({
        queue: message.queueName ?? null,
        messageId: message.id,
        destination: message.destination,
        scheduleId: message.scheduleId ?? null,
        retried: message.retried,
        deliveredAt: now,
      });
      return;
    }
    if (outcome.final || message.retried >= message.maxRetries) {
      book.remove(message.id);
      const dlqId = `${now}-${randomInt(1_000_000)}`;
      store.data.dlq.push({
        dlqId,
        message,
        failedAt: now,
        ...(outcome.status === undefined ? {} : { responseStatus: outcome.status }),
        ...(outcome.headers === undefined ? {} : { responseHeader: outcome.headers }),
        ...(outcome.body === undefined ? {} : { responseBody: outcome.body.toString("base64") }),
      });
      this.#options.hooks.attempted(message, attempt, { kind: "dead", dlqId });
      store.commit();
      return;
    }
    message.nextAttemptAt =
      now + nextRetryDelayMs(message.retried, message.retryDelayExpression, this.#options.backoffScale);
    message.retried++;
    this.#options.hooks.attempted(message, attempt, { kind: "retry" });
    store.commit();
  }
}

function dueAt(message: StoredMessage): number {
  return Math.max(message.notBefore, message.nextAttemptAt);
}
