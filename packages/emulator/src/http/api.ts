import type { IncomingMessage } from "node:http";
import type { HttpError } from "./errors.ts";
import type { RateDecision } from "./rate-limit.ts";
import type { Reply } from "./reply.ts";

/** What authentication and the rate limit see of a request: the route it matched, never the body. */
export interface RequestFacts<P = unknown> {
  req: IncomingMessage;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  /** `undefined` for a path the API owns but no route matches. */
  route: Route<P> | undefined;
}

/** What a handler gets: the request, its body, and who the API's `authenticate` said is calling. */
export interface RouteContext<P = unknown> extends RequestFacts<P> {
  rawBody: Buffer;
  principal: P;
  /**
   * For a handler that awaits: runs what it changes after an await as the request's unit of work
   * (kept when it answers below 400). The pipeline makes a handler that does not await one unit
   * by itself.
   */
  unit<T extends Reply | Promise<Reply>>(work: () => T): T;
}

/** Answers one request of an API whose principal type is `P`. */
export type Handler<P> = (context: RouteContext<P>) => Reply | Promise<Reply>;

/**
 * One line of a route table: `POST /v2/queues/:name/pause` and what answers it. A route that
 * `writes` has its changes committed to the data file by the pipeline before the answer leaves.
 */
export interface Route<P = unknown> {
  method: string;
  pattern: string;
  // A method, not a function property: an API's table of `Route<Account>` is then also a
  // `Route<unknown>` table, which is how the pipeline holds every API's routes side by side.
  handle(context: RouteContext<P>): Reply | Promise<Reply>;
  writes: boolean;
  /** A tag the API's rate limit may read, e.g. "query" or "write". */
  kind?: string;
  /** The largest body it reads, in bytes (default 1 MiB). */
  bodyLimit?: number;
}

/** One rate-limit window: requests sharing a `key` share the `limit` per second. */
export interface RateRule {
  key: string;
  /** Requests per second; 0 means no limit. */
  limit: number;
}

/**
 * Everything the request pipeline needs to know about one API: its routes, how it
 * authenticates, how it words an error, its rate limit and what it adds to answers.
 * The pipeline knows no API by name; it asks the profile at each step.
 */
export interface ApiProfile<P = unknown> {
  /** Names the API in the request counts; unique among the mounted APIs. */
  name: string;
  /**
   * An emulated API's requests are logged, counted, delayed by the latency setting and may be
   * faulted; the emulator's own control API is none of those.
   */
  emulated: boolean;
  /** Its route table, in match order (literal segments before `:param` at the same place). */
  routes: readonly Route<P>[];
  /** A path no route matches that still belongs to this API: it authenticates, then answers 404/405 in its words. */
  ownsPath?(path: string): boolean;
  /** The error for an owned path no route matches (default "not found" / "method not allowed"). */
  unrouted?(method: string, path: string, status: 404 | 405): HttpError;
  /** Who is calling, or a thrown `HttpError` (401/403) that `renderError` words. */
  authenticate(request: RequestFacts<P>): P;
  /** Words an `HttpError` the way the real API does; anything else is a bug and must be rethrown. */
  renderError(error: unknown): Reply;
  /** The window this request counts against, or `undefined` when it is not limited. */
  rateLimit?(request: RequestFacts<P>): RateRule | undefined;
  /** What the API adds to every answer, e.g. rate-limit headers; a fault's own headers win. */
  decorate?(reply: Reply, rate: RateDecision | undefined): Reply;
  /** A query parameter that carries credentials, redacted in the request log. */
  credentialParameter?: string;
}
