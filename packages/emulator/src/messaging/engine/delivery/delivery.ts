import { randomInt } from "node:crypto";
import { ClockTimer } from "../../../clock/clock.ts";
import { regionHeaderValue } from "../../../regions/region-names.ts";
import { signDelivery } from "../../../signing/signature.ts";
import { dueAt, type StoredMessage } from "../../records/message-record.ts";
import { type Attempt, type Fate, type FollowUp, lastAnswer, networkError } from "./attempt.ts";
import { nextRetryDelayMs, retryAfterMs } from "./backoff.ts";
import { type DeliveredMessage, DeliveryRecord } from "./delivered.ts";
import { DeliveryGate } from "./delivery-gate.ts";
import type { DeliveryOptions } from "./delivery-options.ts";
import { DueMessages } from "./due-messages.ts";
import type { Outcome } from "./outcome.ts";
import { sendMessage } from "./send.ts";

/** What looking at a message came to: it started, it is not due before a time, or its key holds it. */
type Verdict = "started" | "held" | number;

/**
 * Delivers pending messages to their destinations. A queue gives its messages out oldest
 * first, at most `parallelism` at a time, only while active; a message being retried keeps
 * its place (and its slot), so with parallelism 1 the order is strict. A failed delivery is
 * retried `maxRetries` times with the documented backoff, then moved to the DLQ, and the queue
 * moves on. Messages wait for their not-before time and for their flow-control key.
 *
 * A pump looks at each active queue's head (up to its parallelism) and at the messages outside
 * queues that are due (`DueMessages`), so its cost follows what can start, not what is held.
 */
export class Delivery {
  readonly #record: DeliveryRecord;
  readonly #options: DeliveryOptions;
  readonly #flying = new Set<string>();
  readonly #requests = new Set<AbortController>();
  readonly #timer: ClockTimer;
  readonly #gate: DeliveryGate;
  readonly #due: DueMessages;
  /** Settles when the latest started delivery has been handed to the network. */
  #sendOrder: Promise<void> = Promise.resolve();
  #pumpQueued = false;
  #stopped = false;
  /** Waiting for the next attempt to settle (`nextSettled`). */
  #onSettled: (() => void)[] = [];
  #followUp: FollowUp | undefined;

  constructor(options: DeliveryOptions) {
    this.#options = options;
    this.#gate = options.gate ?? new DeliveryGate();
    this.#timer = new ClockTimer(options.clock, () => this.pump());
    this.#due = new DueMessages(() => options.messages.waiting(undefined));
    this.#record = options.record ?? new DeliveryRecord(options.keptDeliveries, options.noticeOnce);
  }

  /** Messages delivered, oldest first (the newest `keptDeliveries`). */
  get delivered(): DeliveredMessage[] {
    return this.#record.entries;
  }

  /**
   * The one hook set after construction: what follows a settled attempt (workflows publish its
   * callbacks and next steps). It publishes, and publishing hands new messages to delivery, so
   * it is given once both exist; it runs in the attempt's unit of work.
   */
  followUp(hook: FollowUp): void {
    if (this.#followUp !== undefined) throw new Error("delivery's follow-up is set once");
    this.#followUp = hook;
  }

  /** A message was stored: it is looked at in the next pump. */
  accepted(message: StoredMessage): void {
    if (message.queueName === undefined) this.#due.add(message);
    this.pump();
  }

  /**
   * Starts every delivery the state now allows, soon: once the answers that arrived together
   * have all settled (one scan for them all, not one per answer: a scan reads each queue's head).
   */
  pump(): void {
    if (this.#pumpQueued || this.#stopped) return;
    this.#pumpQueued = true;
    setImmediate(() => {
      this.#pumpQueued = false;
      // The events of the deliveries it starts are one unit of work.
      if (!this.#stopped) this.#options.background(() => this.#scan());
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
    const now = this.#options.clock.now();
    let wakeAt: number | undefined;
    const later = (at: number | undefined) => {
      if (at !== undefined && (wakeAt === undefined || at < wakeAt)) wakeAt = at;
    };
    for (const queue of this.#options.queues.list()) {
      if (!queue.paused) this.#scanQueue(queue.name, queue.parallelism, now, later);
    }
    this.#scanOutsideQueues(now, later);
    this.#timer.at(wakeAt);
  }

  /** A queue's head: messages between retries hold their slot; new ones need a free slot. */
  #scanQueue(name: string, parallelism: number, now: number, later: (at: number | undefined) => void): void {
    let busy = 0;
    for (const entry of this.#options.messages.waitingEntries(name)) {
      if (this.#flying.has(entry.key)) {
        busy++;
        continue;
      }
      const message = entry.value;
      if (message.retried === 0 && busy >= parallelism) break;
      if (this.#consider(message, now, later) === "started" || message.retried > 0) busy++;
    }
  }

  #scanOutsideQueues(now: number, later: (at: number | undefined) => void): void {
    this.#releaseHeld(now, later);
    for (const id of this.#due.takeDue(now)) {
      const message = this.#pending(id);
      if (message !== undefined) this.#place(message, this.#consider(message, now, later));
    }
    later(this.#due.next());
  }

  /** Messages held by a flow-control key start, oldest first, while their key lets them. */
  #releaseHeld(now: number, later: (at: number | undefined) => void): void {
    const { flow } = this.#options;
    for (const key of this.#due.parkedKeys()) {
      while (flow.mayStart(key)) {
        const id = this.#due.unpark(key);
        if (id === undefined) break;
        const message = this.#pending(id);
        if (message === undefined) continue;
        const outcome = this.#consider(message, now, later);
        if (outcome === "held") {
          this.#due.repark(key, id);
          break;
        }
        this.#place(message, outcome);
      }
    }
  }

  /** A message outside queues that still waits, and is not on its way already. */
  #pending(id: string): StoredMessage | undefined {
    return this.#flying.has(id) ? undefined : this.#options.messages.get(id);
  }

  /** Where a message that did not start waits: until a time, or held by its key. */
  #place(message: StoredMessage, outcome: Verdict): void {
    if (typeof outcome === "number") this.#due.add(message, outcome);
    else if (outcome === "held") this.#due.park(message);
  }

  /** Starts the message if it may go now; else when to look again (or "held" by its key). */
  #consider(message: StoredMessage, now: number, later: (at: number | undefined) => void): Verdict {
    const due = dueAt(message);
    if (due > now) {
      later(due);
      return due;
    }
    const gate = this.#options.flow.gate(message, now);
    if (!gate.go) {
      // Held by its key (paused, busy, or over its rate until `retryAt`): looked at again when
      // the key may start one, or at `retryAt`, whichever the key's next change brings first.
      later(gate.retryAt);
      return "held";
    }
    this.#start(message, now);
    return "started";
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
    } catch (error) {
      outcome = { ok: false, final: false, error: networkError(error) };
    } finally {
      this.#requests.delete(controller);
      this.#flying.delete(message.id);
      this.#options.flow.finished(message);
    }
    if (this.#stopped) return;
    this.#options.background(() => this.#settle(message, outcome));
    this.pump();
    for (const settled of this.#onSettled.splice(0)) settled();
  }

  /** Resolves when the next delivery attempt has settled (its message delivered, retried or dead). */
  nextSettled(): Promise<void> {
    return new Promise((resolve) => this.#onSettled.push(resolve));
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
    const { region } = this.#options;
    return await sendMessage(message, {
      body,
      headers: {
        ...prepared?.headers,
        ...(region === undefined ? {} : { "upstash-region": regionHeaderValue(region) }),
      },
      signature,
      abort,
      timeoutMs: message.timeoutMs ?? this.#options.timeoutMs,
      gate: this.#gate,
      faults: this.#options.faults,
    });
  }

  #settle(message: StoredMessage, outcome: Outcome): void {
    const { messages, clock } = this.#options;
    // Cancelled while in flight: nothing left to do.
    if (!messages.has(message.id)) return;
    const now = clock.now();
    const attempt = { outcome, retried: message.retried };
    if (outcome.ok) {
      messages.remove(message.id);
      this.#attempted(message, attempt, { kind: "delivered" });
      this.#record.remember(message, now, this.#options.region);
      return;
    }
    if (outcome.final || message.retried >= message.maxRetries) {
      messages.remove(message.id);
      const dlqId = `${now}-${randomInt(1_000_000)}`;
      this.#options.dlq.add({
        dlqId,
        message,
        failedAt: now,
        ...(outcome.status === undefined ? {} : { responseStatus: outcome.status }),
        ...(outcome.headers === undefined ? {} : { responseHeader: outcome.headers }),
        ...(outcome.body === undefined ? {} : { responseBody: outcome.body.toString("base64") }),
      });
      this.#attempted(message, attempt, { kind: "dead", dlqId });
      return;
    }
    const retrying = {
      ...message,
      // The answer's own Retry-After wins over the backoff (it is the app's word, so not scaled).
      nextAttemptAt:
        now +
        (retryAfterMs(outcome.headers, now) ??
          nextRetryDelayMs(message.retried, message.retryDelayExpression, this.#options.backoffScale)),
      retried: message.retried + 1,
      lastAnswer: lastAnswer(outcome, now),
    };
    messages.update(retrying);
    if (retrying.queueName === undefined) this.#due.add(retrying);
    this.#attempted(retrying, attempt, { kind: "retry" });
  }

  #attempted(message: StoredMessage, attempt: Attempt, fate: Fate): void {
    this.#options.hooks.attempted(message, attempt, fate);
    this.#followUp?.(message, attempt, fate);
  }
}
