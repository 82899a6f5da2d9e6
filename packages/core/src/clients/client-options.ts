import { ConfigurationError } from "../errors/index.ts";
import { parseBaseUrl } from "../transport/base-url.ts";
import { type Clock, systemClock } from "../transport/clock.ts";
import type { Deadline } from "../transport/deadline.ts";
import { type Environment, httpStackFor, type UndiciDispatcher } from "../transport/dispatcher.ts";
import { type Logger, redactingLogger, silentLogger } from "../transport/logger.ts";
import { MAX_RESPONSE_BYTES } from "../transport/read-body.ts";
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
  /** The most of an answer the client reads. Default 64 MB (a list of 20,000 indexes is ~15 MB). */
  maxResponseBytes?: number;
  /** One call's limit across all its attempts. Default 120 s, or none when `deadline` is given. */
  deadlineMs?: number;
  /**
   * A point in time that every call of this client must finish by (a CI step's time limit).
   * Create it once with `Deadline.after(ms)` and pass the same one to every client of the step.
   */
  deadline?: Deadline;
  /** Who is calling, appended to the user agent: `stashkit/0.1.0 (+ensure-search-index) node/24...`. */
  userAgentSuffix?: string;
  logger?: Logger;
  /**
   * An undici `Dispatcher` to send through (an `Agent` with other settings, a proxy, tests); by
   * default Node's own fetch, or a proxy agent from the environment.
   */
  dispatcher?: UndiciDispatcher;
  /** Where proxy variables (and, for `fromEnv()`, the credentials) are read from. Default `process.env`. */
  env?: Environment;
  clock?: Clock;
  /**
   * Where secrets are registered and masked. By default each client has its own; pass one
   * redactor to several clients to have a secret one of them knows masked in all their output.
   */
  redactor?: Redactor;
}

export interface MessagingClientOptions extends ClientOptions {
  /** The messaging API token (QSTASH_TOKEN). Sent as a Bearer token. */
  token: string;
}

export interface ManagementClientOptions extends ClientOptions {
  /** The account email (UPSTASH_EMAIL): the Basic user name. */
  email: string;
  /** The management API key (UPSTASH_API_KEY): the Basic password. */
  apiKey: string;
}

export interface SearchIndexDataOptions extends Omit<ClientOptions, "baseUrl"> {
  /** The index's REST URL (UPSTASH_SEARCH_REST_URL), e.g. https://glowing-baboon-15797-us1-search.upstash.io. */
  url: string;
  /** The index's token (UPSTASH_SEARCH_REST_TOKEN), or its read-only token for reads alone. Sent as a Bearer token. */
  token: string;
  /** Documents per upsert request: the index's `max_writes_per_request`. Default 100. */
  maxWritesPerRequest?: number;
}

export interface BuiltTransport {
  transport: Transport;
  redactor: Redactor;
}

/** What a client adds to the shared options: where it sends and how it authenticates. */
export interface TransportTarget {
  /** The base URL when `options.baseUrl` is not given. */
  defaultBaseUrl: string;
  /** The name the base URL is known by in messages (`baseUrl`, or the client's own option). */
  baseUrlInput?: string;
  /** The full Authorization header value. */
  authorization: string;
  /** Every form of the credential to mask, besides the header value. */
  secrets: string[];
}

/** Validates shared options and builds the transport; nothing is sent here. */
export function buildTransport(options: ClientOptions, target: TransportTarget): BuiltTransport {
  const redactor = options.redactor ?? new Redactor();
  redactor.add(target.authorization, ...target.secrets);
  const attemptTimeoutMs = options.attemptTimeoutMs ?? 30_000;
  const deadlineMs = options.deadlineMs ?? (options.deadline ? undefined : 120_000);
  wholeNumberIn("attemptTimeoutMs", attemptTimeoutMs, 1, 3_600_000);
  if (deadlineMs !== undefined) wholeNumberIn("deadlineMs", deadlineMs, 1, 86_400_000);
  const transport = new Transport({
    baseUrl: parseBaseUrl(options.baseUrl ?? target.defaultBaseUrl, target.baseUrlInput ?? "baseUrl"),
    authorization: target.authorization,
    redactor,
    retry: resolveRetryPolicy(options.retry),
    attemptTimeoutMs,
    maxResponseBytes: options.maxResponseBytes ?? MAX_RESPONSE_BYTES,
    deadlineMs,
    deadline: options.deadline,
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
