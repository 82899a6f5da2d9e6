import type { ApiRequest, ApiResponse, FailedAttempt } from "./api-request.ts";
import { type AttemptSettings, sendAttempt } from "./attempt.ts";
import type { CallOptions } from "./call-options.ts";
import { CallScope } from "./call-scope.ts";
import type { Clock } from "./clock.ts";
import type { Deadline } from "./deadline.ts";
import type { HttpStack } from "./dispatcher.ts";
import type { Logger } from "./logger.ts";
import { type OriginGate, OriginGates } from "./origin-gate.ts";
import type { Redactor } from "./redactor.ts";
import { RetryBudget } from "./retry-budget.ts";
import { decideRetry, mayHaveTakenEffect, type RetryPolicy } from "./retry-policy.ts";
import { gateClosedError, outOfTimeError } from "./stop-errors.ts";

export interface TransportOptions {
  baseUrl: URL;
  /** The full Authorization header value. Registered with the redactor by the client. */
  authorization: string;
  redactor: Redactor;
  retry: RetryPolicy;
  attemptTimeoutMs: number;
  /** The most of an answer read; a longer one fails the attempt. */
  maxResponseBytes: number;
  /** One call's limit across its attempts; none when undefined (a client-wide deadline may still apply). */
  deadlineMs: number | undefined;
  /** The point everything this client does must finish by, whatever the call. */
  deadline: Deadline | undefined;
  userAgent: string;
  logger: Logger;
  /** Resolves the fetch (and dispatcher) to send with; loaded on the first request. */
  http: () => Promise<HttpStack>;
  clock: Clock;
  /** Shared backoff per origin; by default the transport's own. */
  gates?: OriginGates;
}

/**
 * The one place requests are made: the retry loop around single attempts (`attempt.ts`), the
 * deadline, and the origin's shared backoff. Secrets stay in private fields and every message
 * passes the redactor.
 */
export class Transport {
  readonly #attempt: AttemptSettings;
  readonly #retry: RetryPolicy;
  readonly #deadlineMs: number | undefined;
  readonly #deadline: Deadline | undefined;
  readonly #gate: OriginGate;

  constructor(options: TransportOptions) {
    const { gates, retry, deadlineMs, deadline, ...rest } = options;
    this.#gate = (gates ?? new OriginGates()).for(rest.baseUrl);
    this.#attempt = { ...rest, maxServerDelayMs: retry.maxServerDelayMs, gate: this.#gate };
    this.#retry = retry;
    this.#deadlineMs = deadlineMs;
    this.#deadline = deadline;
  }

  get baseUrl(): URL {
    return this.#attempt.baseUrl;
  }

  get redactor(): Redactor {
    return this.#attempt.redactor;
  }

  /** The attempts, backoff and deadline an operation may spend repeating a call of its own. */
  retryBudget(call: CallOptions = {}): RetryBudget {
    const { clock } = this.#attempt;
    return new RetryBudget({
      policy: this.#retry,
      clock,
      deadlineAt: this.#deadlineAt(call),
      signal: call.signal,
    });
  }

  /** The earliest of the call's deadline, the client's deadline and the per-call limit. */
  #deadlineAt(call: CallOptions): number {
    return Math.min(
      call.deadline?.at ?? Number.POSITIVE_INFINITY,
      this.#deadline?.at ?? Number.POSITIVE_INFINITY,
      this.#deadlineMs === undefined
        ? Number.POSITIVE_INFINITY
        : this.#attempt.clock.now() + this.#deadlineMs,
    );
  }

  /**
   * Sends the request, retrying as the policy allows, and resolves with `read(answer)` for the
   * first 2xx answer `read` accepts. A body `read` rejects (ResponseValidationError) is retried
   * like a failed attempt when the call is idempotent: a proxy's garbled answer is worth another try.
   */
  async send<T = ApiResponse>(
    request: ApiRequest,
    call: CallOptions = {},
    read: (response: ApiResponse) => T = (response) => response as T,
  ): Promise<T> {
    const { clock } = this.#attempt;
    const scope = new CallScope({ request, deadlineAt: this.#deadlineAt(call), signal: call.signal, clock });
    try {
      for (let attempt = 1; ; attempt++) {
        scope.throwIfStopped();
        await this.#enterGate(scope);
        const outcome = await sendAttempt(this.#attempt, scope, read);
        if ("value" in outcome) return outcome.value;
        const waitMs = this.#waitBeforeRetry(scope, attempt, outcome);
        // A held gate waits there, with every other request to the origin, for the same moment.
        if (!outcome.heldGate) await scope.sleep(waitMs);
      }
    } finally {
      scope.dispose();
    }
  }

  /** Waits at the origin's gate; out of time when it stays closed past the deadline. */
  async #enterGate(scope: CallScope): Promise<void> {
    const { clock } = this.#attempt;
    let entered: boolean;
    try {
      entered = await this.#gate.enter(clock, scope.deadlineAt, scope.stop);
    } catch (error) {
      scope.throwIfStopped();
      throw error;
    }
    if (entered) return;
    const now = clock.now();
    throw gateClosedError(scope.request, this.#gate.nextStart(now) - now, now);
  }

  /**
   * How long to wait before the next attempt, said to the logger; throws the attempt's error
   * when the policy says stop, or the error saying the wait would pass the deadline.
   */
  #waitBeforeRetry(scope: CallScope, attempt: number, outcome: FailedAttempt): number {
    const { clock, logger } = this.#attempt;
    const { request, deadlineAt } = scope;
    const { failure, error } = outcome;
    error.mayHaveTakenEffect = mayHaveTakenEffect(failure, this.#retry);
    const policy = this.#retry;
    const decision = decideRetry({
      attempt,
      policy,
      idempotent: request.idempotent,
      failure,
      random: clock.random,
    });
    if (!decision.retry) throw error;
    const failed = `${error.message}; attempt ${attempt} of ${policy.maxAttempts} failed`;
    if (outcome.heldGate) {
      const waitMs = Math.max(0, this.#gate.openAt - clock.now());
      if (this.#gate.openAt >= deadlineAt) throw outOfTimeError(request, error, waitMs, clock.now());
      logger.info(`${failed}, holding requests to this API for ${waitMs} ms`);
      return waitMs;
    }
    if (clock.now() + decision.delayMs >= deadlineAt)
      throw outOfTimeError(request, error, decision.delayMs, clock.now());
    logger.info(`${failed}, retrying in ${decision.delayMs} ms`);
    return decision.delayMs;
  }
}
