import type { Handler, Route } from "./api.ts";

export interface RouteOptions {
  /** Whether the route changes state (default: every method but GET does). */
  writes?: boolean;
  /** A tag the API's rate limit may read, e.g. "query" or "write". */
  kind?: string;
  /** The largest body it reads (default 1 MiB; a snapshot to import may be far larger). */
  bodyLimit?: number;
}

/**
 * Route table lines that read like the API's documentation: `get("/v2/queues/:name", handler)`.
 * The table's API is said once, by the profile that lists it.
 */
function route(method: string) {
  return <P>(pattern: string, handle: Handler<P>, options: RouteOptions = {}): Route<P> => ({
    method,
    pattern,
    handle,
    writes: options.writes ?? method !== "GET",
    ...(options.kind === undefined ? {} : { kind: options.kind }),
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
  });
}

export const get = route("GET");
export const post = route("POST");
export const put = route("PUT");
export const patch = route("PATCH");
export const del = route("DELETE");

/**
 * The table with each route also answering its path with one trailing slash (`POST /v2/queues/`
 * as `POST /v2/queues`), right after it so the match order stays the same. A route ending in
 * `*rest` is left strict: a trailing slash there is part of what it captures (the destination
 * URL of `/v2/publish/https://app/hook/`). The twin is a route of its own, so a fault or the
 * request log names it with its slash.
 */
export function withTrailingSlashes<P>(routes: readonly Route<P>[]): Route<P>[] {
  return routes.flatMap((route) =>
    route.pattern.includes("/*") ? [route] : [route, { ...route, pattern: `${route.pattern}/` }],
  );
}
