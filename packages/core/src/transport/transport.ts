import {
  AbortedError,
  AttemptTimeoutError,
  ConnectionError,
  DeadlineExceededError,
  describeFailure,
  errorForStatus,
  RateLimitedError,
  ResponseValidationError,
  type StashkitError,
} from "../errors/index.ts";
import { extractApiMessage } from "./api-message.ts";
import { baseUrlString } from "./base-url.ts";
import { redactAndClip } from "./clip.ts";
import type { Clock } from "./clock.ts";
import type { Deadline } from "./deadline.ts";
import type { HttpStack } from "./dispatcher.ts";
import type { Logger } from "./logger.ts";
import { type BurstBudget, type OriginGate, OriginGates } from "./origin-gate.ts";
import { formatBytes, readBody } from "./read-body.ts";
import type { Redactor } from "./redactor.ts";
import { RetryBudget } from "./retry-budget.ts";
import { type AttemptFailure, decideRetry, mayHaveTakenEffect, type RetryPolicy } from "./retry-policy.ts";
import { burstBudget, serverRequestedDelay } from "./retry-timing.ts";

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

export interface ApiRequest {
  method: "GET" | "POST" | "DELETE";
  /** Path below the base URL, e.g. `/v2/search`; segments already encoded. */
  path: string;
  body?: unknown;
  /** What the caller is doing, for messages: "create search index myapp-pr-1". */
  operation: string;
  /** Whether repeating the call is harmless. Non-idempotent calls retry only when nothing was sent. */
  idempotent: boolean;
}

/** Per call: the caller's own abort signal and an absolute deadline (epoch ms) shared by an operation. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
  deadlineAt?: number | undefined;
}

export interface ApiResponse {
  status: number;
  text: string;
  requestId: string | undefined;
}

const REQUEST_ID_HEADERS = ["x-request-id", "request-id", "upstash-request-id", "x-amzn-requestid", "cf-ray"];

/**
 * The one place requests are made: headers, per-attempt timeout, overall deadline, the
 * retry loop and the mapping of failures to typed errors. Secrets stay in private fields
 * and every message passes the redactor.
 */
export class Transport {
  readonly #authorization: string;
  readonly #options: Omit<TransportOptions, "authorization" | "gates">;
  readonly #gate: OriginGate;

  constructor(options: TransportOptions) {
    const { authorization, gates, ...rest } = options;
    this.#authorization = authorization;
    this.#options = rest;
    this.#gate = (gates ?? new OriginGates()).for(rest.baseUrl);
  }

  get baseUrl(): URL {
    return this.#options.baseUrl;
  }

  get redactor(): Redactor {
    return this.#options.redactor;
  }

  /** The attempts, backoff and deadline an operation may spend repeating a call of its own. */
  retryBudget(call: CallOptions = {}): RetryBudget {
    const { retry, clock } = this.#options;
    return new RetryBudget({ policy: retry, clock, deadlineAt: this.#deadlineAt(call), signal: call.signal });
  }

  /** The earliest of the call's deadline, the client's deadline and the per-call limit. */
  #deadlineAt(call: CallOptions): number {
    const { deadlineMs, deadline, clock } = this.#options;
    return Math.min(
      call.deadlineAt ?? Number.POSITIVE_INFINITY,
      deadline?.at ?? Number.POSITIVE_INFINITY,
      deadlineMs === undefined ? Number.POSITIVE_INFINITY : clock.now() + deadlineMs,
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
    const { clock, retry, logger } = this.#options;
    const deadlineAt = this.#deadlineAt(call);
    const deadline = new AbortController();
    const deadlineTimer = Number.isFinite(deadlineAt)
      ? setTimeout(() => deadline.abort(), Math.max(0, deadlineAt - clock.now()))
      : undefined;
    const stop = call.signal ? AbortSignal.any([call.signal, deadline.signal]) : deadline.signal;
    try {
      for (let attempt = 1; ; attempt++) {
        this.#throwIfStopped(request, call.signal, deadline.signal, deadlineAt);
        await this.#enterGate(request, call.signal, deadline.signal, deadlineAt, stop);
        const outcome = await this.#attempt(request, call.signal, deadline.signal, deadlineAt, read);
        if ("value" in outcome) return outcome.value;
        outcome.error.mayHaveTakenEffect = mayHaveTakenEffect(outcome.failure, retry);
        const decision = decideRetry({
          attempt,
          policy: retry,
          idempotent: request.idempotent,
          failure: outcome.failure,
          random: clock.random,
        });
        if (!decision.retry) throw outcome.error;
        if (outcome.heldGate) {
          // The gate holds this request with every other one to the origin: wait there, for the same moment.
          const waitMs = Math.max(0, this.#gate.openAt - clock.now());
          if (this.#gate.openAt >= deadlineAt) throw this.#outOfTime(request, outcome, waitMs);
          logger.info(
            `${outcome.error.message}; attempt ${attempt} of ${retry.maxAttempts} failed, holding requests to this API for ${waitMs} ms`,
          );
          continue;
        }
        if (clock.now() + decision.delayMs >= deadlineAt)
          throw this.#outOfTime(request, outcome, decision.delayMs);
        logger.info(
          `${outcome.error.message}; attempt ${attempt} of ${retry.maxAttempts} failed, retrying in ${decision.delayMs} ms`,
        );
        try {
          await clock.sleep(decision.delayMs, stop);
        } catch {
          this.#throwIfStopped(request, call.signal, deadline.signal, deadlineAt);
        }
      }
    } finally {
      clearTimeout(deadlineTimer);
    }
  }

  /** Waits at the origin's gate; out of time when it stays closed past the deadline. */
  async #enterGate(
    request: ApiRequest,
    callerSignal: AbortSignal | undefined,
    deadlineSignal: AbortSignal,
    deadlineAt: number,
    stop: AbortSignal,
  ): Promise<void> {
    const { clock } = this.#options;
    let entered: boolean;
    try {
      entered = await this.#gate.enter(clock, deadlineAt, stop);
    } catch (error) {
      this.#throwIfStopped(request, callerSignal, deadlineSignal, deadlineAt);
      throw error;
    }
    if (entered) return;
    const now = clock.now();
    const waitMs = this.#gate.nextStart(now) - now;
    const retryAt = new Date(now + waitMs).toISOString();
    const context = { operation: request.operation, method: request.method, path: request.path };
    throw new RateLimitedError(
      describeFailure(
        context,
        `was not sent: the API's rate limit holds requests for ${Math.ceil(waitMs / 1000)} s, past the deadline: try again after ${retryAt}`,
      ),
      { ...context, retryAfterMs: waitMs, now },
    );
  }

  async #attempt<T>(
    request: ApiRequest,
    callerSignal: AbortSignal | undefined,
    deadlineSignal: AbortSignal,
    deadlineAt: number,
    read: (response: ApiResponse) => T,
  ): Promise<{ value: T } | { failure: AttemptFailure; error: StashkitError; heldGate?: boolean }> {
    const { baseUrl, attemptTimeoutMs, clock, redactor, logger } = this.#options;
    let burst: BurstBudget | undefined;
    const attemptTimeout = new AbortController();
    const timer = setTimeout(() => attemptTimeout.abort(), attemptTimeoutMs);
    const signals = [attemptTimeout.signal, deadlineSignal, ...(callerSignal ? [callerSignal] : [])];
    const context = { operation: request.operation, method: request.method, path: request.path };
    const started = clock.now();
    try {
      const headers: Record<string, string> = {
        authorization: this.#authorization,
        "user-agent": this.#options.userAgent,
        accept: "application/json",
      };
      let body: string | null = null;
      if (request.body !== undefined) {
        headers["content-type"] = "application/json";
        body = JSON.stringify(request.body);
      }
      const http = await this.#options.http();
      const init: RequestInit = {
        method: request.method,
        headers,
        body,
        signal: AbortSignal.any(signals),
        // An API answer is never a redirect; following one could carry the credentials elsewhere.
        redirect: "manual",
      };
      // Node's fetch takes an undici dispatcher; the package's types and Node's differ only in name.
      if (http.dispatcher) Object.assign(init, { dispatcher: http.dispatcher });
      const url = `${baseUrlString(baseUrl)}${request.path}`;
      const answer = await http.fetch(url, init);
      const { text, tooLarge } = await readBody(answer, this.#options.maxResponseBytes);
      const responseHeaders = flatten(answer.headers);
      burst = burstBudget(responseHeaders, clock.now(), this.#options.retry.maxServerDelayMs);
      const headerId = REQUEST_ID_HEADERS.map((name) => responseHeaders[name]).find((v) => v);
      const requestId =
        headerId === undefined ? undefined : redactAndClip(headerId, redactor, 100) || undefined;
      logger.debug(
        `${request.method} ${request.path} answered ${answer.status} in ${clock.now() - started} ms`,
      );
      if (answer.status === 407) return proxyRefused(context, http.proxyFor(url));
      if (tooLarge && answer.status >= 200 && answer.status < 300) {
        const what = `answered ${answer.status} with a body over ${formatBytes(this.#options.maxResponseBytes)}, more than stashkit reads`;
        const error = new ResponseValidationError(describeFailure({ ...context, requestId }, what), {
          ...context,
          status: answer.status,
          requestId,
          issues: [{ path: [], message: "too large" }],
          bodyExcerpt: "",
        });
        return { failure: { kind: "invalid-body" }, error };
      }
      if (answer.status >= 200 && answer.status < 300) {
        try {
          return { value: read({ status: answer.status, text, requestId }) };
        } catch (error) {
          if (error instanceof ResponseValidationError) return { failure: { kind: "invalid-body" }, error };
          throw error;
        }
      }
      const serverDelayMs = serverRequestedDelay(
        responseHeaders,
        clock.now(),
        this.#options.retry.maxServerDelayMs,
      );
      const error = errorForStatus({
        ...context,
        status: answer.status,
        apiMessage: extractApiMessage(text, responseHeaders["content-type"], redactor),
        requestId,
        retryAfterMs: serverDelayMs,
      });
      // A rate limit with a stated end holds every request to the origin until then.
      const heldGate =
        serverDelayMs !== undefined &&
        (answer.status === 429 || (answer.status === 503 && responseHeaders["retry-after"] !== undefined));
      if (heldGate) this.#gate.holdUntil(clock.now() + serverDelayMs);
      return { failure: { kind: "status", status: answer.status, serverDelayMs }, error, heldGate };
    } catch (cause) {
      if (callerSignal?.aborted)
        throw new AbortedError(describeFailure(context, "was aborted by the caller"), context);
      if (deadlineSignal.aborted) throw this.#deadlineError(request, deadlineAt, cause);
      if (attemptTimeout.signal.aborted) {
        const message = describeFailure(context, `got no complete answer within ${attemptTimeoutMs} ms`);
        return { failure: { kind: "attempt-timeout" }, error: new AttemptTimeoutError(message, context) };
      }
      const code = errorCode(cause);
      const reason = redactAndClip(cause instanceof Error ? cause.message : String(cause), redactor, 200);
      // A proxy that refuses the tunnel (CONNECT) fails the request with its status in the message.
      if (proxyStatus(cause) === 407) {
        const http = await this.#options.http();
        return proxyRefused(context, http.proxyFor(`${baseUrlString(baseUrl)}${request.path}`));
      }
      const message = describeFailure(
        context,
        `failed to connect or lost the connection (${code ?? reason})`,
      );
      return {
        failure: { kind: "network", code },
        error: new ConnectionError(message, { ...context, code }, { cause }),
      };
    } finally {
      clearTimeout(timer);
      this.#gate.leave(burst);
    }
  }

  #throwIfStopped(
    request: ApiRequest,
    callerSignal: AbortSignal | undefined,
    deadlineSignal: AbortSignal,
    deadlineAt: number,
  ): void {
    const context = { operation: request.operation, method: request.method, path: request.path };
    if (callerSignal?.aborted)
      throw new AbortedError(describeFailure(context, "was aborted by the caller"), context);
    if (deadlineSignal.aborted || this.#options.clock.now() >= deadlineAt) {
      throw this.#deadlineError(request, deadlineAt, undefined);
    }
  }

  #deadlineError(request: ApiRequest, deadlineAt: number, cause: unknown): DeadlineExceededError {
    const context = { operation: request.operation, method: request.method, path: request.path };
    const at = Number.isFinite(deadlineAt) ? ` (${new Date(deadlineAt).toISOString()})` : "";
    return new DeadlineExceededError(
      describeFailure(context, `did not finish before the deadline${at}`),
      context,
      {
        cause,
      },
    );
  }

  /** The next wait would pass the deadline: fail now, saying when to try again for a 429. */
  #outOfTime(
    request: ApiRequest,
    outcome: { failure: AttemptFailure; error: StashkitError },
    delayMs: number,
  ): StashkitError {
    const { error } = outcome;
    if (error instanceof RateLimitedError) {
      const retryAt = new Date(this.#options.clock.now() + delayMs);
      return new RateLimitedError(
        `${error.message}; waiting ${Math.ceil(delayMs / 1000)} s would pass the deadline: try again after ${retryAt.toISOString()}`,
        {
          operation: request.operation,
          method: request.method,
          path: request.path,
          status: error.status,
          apiMessage: error.apiMessage,
          requestId: error.requestId,
          retryAfterMs: delayMs,
          now: this.#options.clock.now(),
        },
      );
    }
    const context = {
      operation: request.operation,
      method: request.method,
      path: request.path,
      status: error.status,
    };
    return new DeadlineExceededError(
      `${error.message}; gave up: the next attempt (in ${delayMs} ms) would start after the deadline`,
      { ...context, apiMessage: error.apiMessage, requestId: error.requestId },
      { cause: error },
    );
  }
}

/** A proxy's 407: its credentials (in HTTPS_PROXY / HTTP_PROXY) are wrong; named by host, never with them. */
function proxyRefused(
  context: { operation: string; method: string; path: string },
  proxyHost: string | undefined,
): { failure: AttemptFailure; error: StashkitError } {
  const code = "PROXY_AUTHENTICATION_REQUIRED";
  const proxy = proxyHost ? `the proxy ${proxyHost}` : "the proxy";
  const message = describeFailure(
    context,
    `could not be sent: ${proxy} refused the credentials (407 Proxy Authentication Required); check the user and password in HTTPS_PROXY / HTTP_PROXY`,
  );
  return { failure: { kind: "network", code }, error: new ConnectionError(message, { ...context, code }) };
}

function flatten(headers: Headers): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {};
  headers.forEach((value, name) => {
    flat[name.toLowerCase()] = value;
  });
  return flat;
}

/** The status a proxy refused a tunnel with, from undici's "Proxy response (407) !== 200 …" on the error or a cause. */
function proxyStatus(error: unknown): number | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const message = (current as { message?: unknown }).message;
    const status = typeof message === "string" ? /^Proxy response \((\d{3})\)/.exec(message)?.[1] : undefined;
    if (status) return Number(status);
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** undici and Node put the stable code on the error or on its cause. */
function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
