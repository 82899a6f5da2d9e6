import { AttemptTimeoutError, ConnectionError, describeFailure } from "../errors/index.ts";
import { type ApiRequest, type FailedAttempt, requestContext } from "./api-request.ts";
import { redactAndClip } from "./clip.ts";
import { describeNetworkFailure, hostOf, networkErrorCode } from "./network-causes.ts";
import type { Redactor } from "./redactor.ts";

/** An attempt that failed without an answer: the connection, the attempt's own timeout, a proxy. */

export function attemptTimedOut(request: ApiRequest, attemptTimeoutMs: number): FailedAttempt {
  const context = requestContext(request);
  const message = describeFailure(context, `got no complete answer within ${attemptTimeoutMs} ms`);
  return { failure: { kind: "attempt-timeout" }, error: new AttemptTimeoutError(message, context) };
}

/**
 * Refused, reset, DNS ...: where (the host, from `url`: never its path or query) and why, named by
 * undici's or Node's stable code when there is one.
 */
export function connectionFailed(
  request: ApiRequest,
  cause: unknown,
  redactor: Redactor,
  url: string,
): FailedAttempt {
  const context = requestContext(request);
  const code = networkErrorCode(cause);
  const reason = redactAndClip(cause instanceof Error ? cause.message : String(cause), redactor, 200);
  const message = describeFailure(context, describeNetworkFailure(hostOf(url), code, reason));
  return {
    failure: { kind: "network", code },
    error: new ConnectionError(message, { ...context, code }, { cause }),
  };
}

/** A proxy's 407: its credentials (in HTTPS_PROXY / HTTP_PROXY) are wrong; named by host, never with them. */
export function proxyRefused(request: ApiRequest, proxyHost: string | undefined): FailedAttempt {
  const context = requestContext(request);
  const code = "PROXY_AUTHENTICATION_REQUIRED";
  const proxy = proxyHost ? `the proxy ${proxyHost}` : "the proxy";
  const message = describeFailure(
    context,
    `could not be sent: ${proxy} refused the credentials (407 Proxy Authentication Required); check the user and password in HTTPS_PROXY / HTTP_PROXY`,
  );
  return { failure: { kind: "network", code }, error: new ConnectionError(message, { ...context, code }) };
}

/** The status a proxy refused a tunnel (CONNECT) with, from undici's "Proxy response (407) !== 200 ..." on the error or a cause. */
export function proxyStatus(error: unknown): number | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const message = (current as { message?: unknown }).message;
    const status = typeof message === "string" ? /^Proxy response \((\d{3})\)/.exec(message)?.[1] : undefined;
    if (status) return Number(status);
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
