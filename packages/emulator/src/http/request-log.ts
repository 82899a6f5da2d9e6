export interface RequestLogEntry {
  method: string;
  /** The path without its query string (which may carry a token). */
  path: string;
  /** The matched route, e.g. `POST /v2/search`, or `null` when nothing matched. */
  route: string | null;
  /** The status sent, or what happened to the connection instead. */
  status: number | "reset" | "hang";
  /** The scheme only: `Bearer [redacted]`, `Basic [redacted]`, `none`. */
  authorization: string;
  at: number;
  /** Set when the request was refused by the rate limit (answered 429 without being handled). */
  rateLimited?: true;
}

/** How many requests the log keeps unless told otherwise: enough for any test, bounded for a long run. */
export const DEFAULT_REQUEST_LOG_LIMIT = 10_000;

/**
 * Appends, then drops the oldest entries once the log holds more than `limit`: down to half of it
 * at once, so the copying is paid once per `limit / 2` requests rather than on every one. (A
 * reader that tracks its position by index, such as the inspector's stream, sees the log shrink
 * and starts over, as after a clear.)
 */
export function appendBounded(log: RequestLogEntry[], entry: RequestLogEntry, limit: number): void {
  log.push(entry);
  if (log.length > limit) log.splice(0, log.length - Math.ceil(limit / 2));
}

export interface ServedAndRefused {
  served: number;
  rateLimited: number;
}

/**
 * Totals since start or since the log was last cleared, and the same per emulated API by its
 * name (`messaging`, `management`, …); `unrouted` is what matched no API.
 */
export type RequestCounts<Api extends string = string> = ServedAndRefused & { total: number } & {
  [name in Api | "unrouted"]: ServedAndRefused;
};

/** Counts requests served and refused, per API, so a benchmark can report totals without the whole log. */
export class RequestTally {
  readonly #names: readonly string[];
  #counts: Map<string, ServedAndRefused>;

  /** `apis`: the emulated APIs' names, counted (as 0) even before their first request. */
  constructor(apis: readonly string[]) {
    this.#names = [...apis, "unrouted"];
    this.#counts = this.#fresh();
  }

  record(api: string | null, rateLimited: boolean): void {
    const key = api ?? "unrouted";
    let counts = this.#counts.get(key);
    if (!counts) {
      counts = { served: 0, rateLimited: 0 };
      this.#counts.set(key, counts);
    }
    if (rateLimited) counts.rateLimited++;
    else counts.served++;
  }

  counts(): RequestCounts {
    const parts = [...this.#counts.values()];
    const served = parts.reduce((sum, part) => sum + part.served, 0);
    const rateLimited = parts.reduce((sum, part) => sum + part.rateLimited, 0);
    const perApi = Object.fromEntries([...this.#counts].map(([name, part]) => [name, { ...part }]));
    return { total: served + rateLimited, served, rateLimited, ...perApi } as RequestCounts;
  }

  clear(): void {
    this.#counts = this.#fresh();
  }

  #fresh(): Map<string, ServedAndRefused> {
    return new Map(this.#names.map((name) => [name, { served: 0, rateLimited: 0 }]));
  }
}
