import type { StashkitError } from "../errors/index.ts";
import type { AttemptFailure } from "./retry-policy.ts";

export interface ApiRequest {
  method: "GET" | "POST" | "DELETE";
  /** Path below the base URL, e.g. `/v2/search`; segments already encoded. */
  path: string;
  /**
   * The query string's parameters (a list repeats the name). Sent, but never part of a message or
   * log line: those name the method and the path alone.
   */
  query?: Record<string, string | readonly string[]>;
  /**
   * A query string sent exactly as given (without "?"), instead of `query`: a schedule's or a
   * message's destination keeps its own query byte for byte. Like `query`, never part of a message.
   */
  rawQuery?: string;
  /** A JSON body. */
  body?: unknown;
  /**
   * A body sent as these bytes (a string as UTF-8), not as JSON: a schedule's or a message's
   * payload; its content type, if any, is one of `headers`.
   */
  rawBody?: string | Uint8Array;
  /**
   * Headers the API reads beside the body (`Upstash-Cron`, `Upstash-Forward-*`, a publish's
   * `Upstash-*` settings), lower-case names. Never part of a message or a log line; they cannot
   * replace the authorization, user agent or accept headers, which the client sets.
   */
  headers?: Readonly<Record<string, string>>;
  /** What the caller is doing, for messages: "create search index myapp-pr-1". */
  operation: string;
  /** Whether repeating the call is harmless. Non-idempotent calls retry only when nothing was sent. */
  idempotent: boolean;
}

export interface ApiResponse {
  status: number;
  text: string;
  requestId: string | undefined;
}

/** One attempt that did not give a value: what the retry decision needs, and the error to throw. */
export interface FailedAttempt {
  failure: AttemptFailure;
  error: StashkitError;
  /** The answer closed the origin's gate (a rate limit with a stated end): retry at the gate. */
  heldGate?: boolean;
}

export type AttemptOutcome<T> = { value: T } | FailedAttempt;

/** What every error about `request` names: the operation, the method and the path. */
export function requestContext(request: ApiRequest): { operation: string; method: string; path: string } {
  return { operation: request.operation, method: request.method, path: request.path };
}

/** The path and, when there are parameters, the query string: what goes on the wire. */
export function pathAndQuery(request: Pick<ApiRequest, "path" | "query" | "rawQuery">): string {
  if (request.rawQuery !== undefined && request.rawQuery !== "") return `${request.path}?${request.rawQuery}`;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) {
    for (const one of typeof value === "string" ? [value] : value) params.append(name, one);
  }
  const search = params.toString();
  return search === "" ? request.path : `${request.path}?${search}`;
}
