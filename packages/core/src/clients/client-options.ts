import type { Dispatcher } from "undici";
import { ConfigurationError } from "../errors/index.ts";
import { parseBaseUrl } from "../transport/base-url.ts";
import { type Clock, systemClock } from "../transport/clock.ts";
import { type Environment, httpStackFor } from "../transport/dispatcher.ts";
import { type Logger, redactingLogger, silentLogger } from "../transport/logger.ts";
import { Redactor } from "../transport/redactor.ts";
import { type RetryPolicy, resolveRetryPolicy, wholeNumberIn } from "../transport/retry-policy.ts";
import { Transport } from "../transport/transport.ts";
import { userAgent } from "../transport/user-agent.ts";

/** Settings both clients share. Every one has a sensible default. */
export interface ClientOptions {
  baseUrl?: string;
  retry?: Partial<RetryPolicy>;
  /** One attempt's limit. Default 30 s. */
  attemptTimeoutMs?: number;
  /** One call's limit across all its attempts. Default 120 s. */
  deadlineMs?: number;
  /** Who is calling, appended to the user agent: `stashkit/0.1.0 (+ensure-search-index) node/24…`. */
  userAgentSuffix?: string;
  logger?: Logger;
  /** An undici dispatcher to send through (tests, custom agents); by default Node's own fetch, or a proxy agent from the environment. */
  dispatcher?: Dispatcher;
  /** Where proxy variables are read from. Default `process.env`. */
  env?: Environment;
  clock?: Clock;
  /**
   * Where secrets are registered and masked. By default one redactor is shared by every
   * client in the process, so a secret one client knows is masked in every other's output.
   */
  redactor?: Redactor;
}

const processRedactor = new Redactor();

export interface BuiltTransport {
  transport: Transport;
  redactor: Redactor;
}

/** Validates shared options and builds the transport; nothing is sent here. */
export function buildTransport(
  options: ClientOptions,
  defaults: { baseUrl: string; baseUrlInput: string },
  authorization: string,
  secrets: string[],
): BuiltTransport {
  const redactor = options.redactor ?? processRedactor;
  redactor.add(authorization, ...secrets);
  const attemptTimeoutMs = options.attemptTimeoutMs ?? 30_000;
  const deadlineMs = options.deadlineMs ?? 120_000;
  wholeNumberIn("attemptTimeoutMs", attemptTimeoutMs, 1, 3_600_000);
  wholeNumberIn("deadlineMs", deadlineMs, 1, 86_400_000);
  const transport = new Transport({
    baseUrl: parseBaseUrl(options.baseUrl ?? defaults.baseUrl, defaults.baseUrlInput),
    authorization,
    redactor,
    retry: resolveRetryPolicy(options.retry),
    attemptTimeoutMs,
    deadlineMs,
    userAgent: userAgent(options.userAgentSuffix),
    logger: redactingLogger(options.logger ?? silentLogger, redactor),
    http: httpStackFor(options.env ?? process.env, options.dispatcher),
    clock: options.clock ?? systemClock,
  });
  return { transport, redactor };
}

export function requireSecret(value: string | undefined, input: string, hint: string): string {
  if (value === undefined || value.trim() === "") {
    throw new ConfigurationError(input, `${input} is empty; ${hint}`);
  }
  return value.trim();
}
