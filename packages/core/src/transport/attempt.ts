import type { ApiRequest, ApiResponse, AttemptOutcome } from "./api-request.ts";
import { baseUrlString } from "./base-url.ts";
import type { CallScope } from "./call-scope.ts";
import { type ClassifySettings, classifyAnswer } from "./classify-answer.ts";
import type { HttpStack } from "./dispatcher.ts";
import type { Logger } from "./logger.ts";
import { attemptTimedOut, connectionFailed, proxyRefused, proxyStatus } from "./network-failure.ts";
import type { BurstBudget } from "./origin-gate.ts";
import { readBody } from "./read-body.ts";
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
  const url = `${baseUrlString(settings.baseUrl)}${request.path}`;
  const started = clock.now();
  try {
    const http = await settings.http();
    const init = requestInit(settings, request, http, AbortSignal.any([timeout.signal, scope.stop]));
    const answer = await http.fetch(url, init);
    const { text, tooLarge } = await readBody(answer, settings.maxResponseBytes);
    const headers = flatten(answer.headers);
    burst = burstBudget(headers, clock.now(), settings.maxServerDelayMs);
    logger.debug(
      `${request.method} ${request.path} answered ${answer.status} in ${clock.now() - started} ms`,
    );
    if (answer.status === 407) return proxyRefused(request, http.proxyFor(url));
    return classifyAnswer(request, { status: answer.status, text, tooLarge, headers }, settings, read);
  } catch (cause) {
    scope.throwIfAborted(cause);
    if (timeout.signal.aborted) return attemptTimedOut(request, settings.attemptTimeoutMs);
    // A proxy that refuses the tunnel (CONNECT) fails the request with its status in the message.
    if (proxyStatus(cause) === 407) return proxyRefused(request, (await settings.http()).proxyFor(url));
    return connectionFailed(request, cause, settings.redactor);
  } finally {
    clearTimeout(timer);
    gate.leave(burst);
  }
}

const UTF8 = new TextEncoder();

function requestInit(
  settings: AttemptSettings,
  request: ApiRequest,
  http: HttpStack,
  signal: AbortSignal,
): RequestInit {
  const headers: Record<string, string> = {
    authorization: settings.authorization,
    "user-agent": settings.userAgent,
    accept: "application/json",
  };
  if (request.body !== undefined) headers["content-type"] = "application/json";
  const init: RequestInit = {
    method: request.method,
    headers,
    // Bytes, not the string: fetch keeps a finished request's body until a full GC (its response's
    // stream is held through a WeakRef, which minor GCs treat as strong), so a string body would
    // be copied and promoted with it. Off the heap it does not make V8 grow (bench S10m).
    body: request.body === undefined ? null : UTF8.encode(JSON.stringify(request.body)),
    signal,
    // An API answer is never a redirect; following one could carry the credentials elsewhere.
    redirect: "manual",
  };
  // Node's fetch takes an undici dispatcher; the package's types and Node's differ only in name.
  if (http.dispatcher) Object.assign(init, { dispatcher: http.dispatcher });
  return init;
}

function flatten(headers: Headers): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {};
  headers.forEach((value, name) => {
    flat[name.toLowerCase()] = value;
  });
  return flat;
}
