import { type ApiRequest, type ApiResponse, type AttemptOutcome, pathAndQuery } from "./api-request.ts";
import { baseUrlString } from "./base-url.ts";
import type { CallScope } from "./call-scope.ts";
import { type ClassifySettings, classifyAnswer } from "./classify-answer.ts";
import type { HttpStack } from "./dispatcher.ts";
import type { Exchange } from "./exchange.ts";
import type { Logger } from "./logger.ts";
import { attemptTimedOut, connectionFailed, proxyRefused, proxyStatus } from "./network-failure.ts";
import type { BurstBudget } from "./origin-gate.ts";
import { burstBudget } from "./retry-timing.ts";

/** What one attempt needs besides the request: the transport's settings and the credential. */
export interface AttemptSettings extends ClassifySettings {
  baseUrl: URL;
  /** The full Authorization header value. */
  authorization: string;
  userAgent: string;
  attemptTimeoutMs: number;
  logger: Logger;
  http: () => Promise<HttpStack>;
}

/**
 * Sends the request once, within its own timeout and the call's scope, and says what came of it.
 * Throws only when the caller or the deadline stopped the call; the gate learns of every answer.
 */
export async function sendAttempt<T>(
  settings: AttemptSettings,
  scope: CallScope,
  read: (response: ApiResponse) => T,
): Promise<AttemptOutcome<T>> {
  const { clock, logger, gate } = settings;
  const { request } = scope;
  let burst: BurstBudget | undefined;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), settings.attemptTimeoutMs);
  const url = `${baseUrlString(settings.baseUrl)}${pathAndQuery(request)}`;
  const started = clock.now();
  try {
    const http = await settings.http();
    const exchange = exchangeOf(settings, request, AbortSignal.any([timeout.signal, scope.stop]));
    const { status, headers, text, tooLarge } = await http.exchange(url, exchange, settings.maxResponseBytes);
    burst = burstBudget(headers, clock.now(), settings.maxServerDelayMs);
    logger.debug(`${request.method} ${request.path} answered ${status} in ${clock.now() - started} ms`);
    if (status === 407) return proxyRefused(request, http.proxyFor(url));
    return classifyAnswer(request, { status, text, tooLarge, headers }, settings, read);
  } catch (cause) {
    scope.throwIfAborted(cause);
    if (timeout.signal.aborted) return attemptTimedOut(request, settings.attemptTimeoutMs);
    // A proxy that refuses the tunnel (CONNECT) fails the request with its status in the message.
    if (proxyStatus(cause) === 407) return proxyRefused(request, (await settings.http()).proxyFor(url));
    return connectionFailed(request, cause, settings.redactor, url);
  } finally {
    clearTimeout(timer);
    gate.leave(burst);
  }
}

const UTF8 = new TextEncoder();

function exchangeOf(settings: AttemptSettings, request: ApiRequest, signal: AbortSignal): Exchange {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
  headers["authorization"] = settings.authorization;
  headers["user-agent"] = settings.userAgent;
  headers["accept"] = "application/json";
  if (request.body !== undefined) headers["content-type"] = "application/json";
  const body =
    request.rawBody !== undefined
      ? typeof request.rawBody === "string"
        ? UTF8.encode(request.rawBody)
        : request.rawBody
      : request.body === undefined
        ? null
        : UTF8.encode(JSON.stringify(request.body));
  return { method: request.method, headers, body, signal };
}
