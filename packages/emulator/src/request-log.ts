import type { Api } from "./routes.ts";

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

export interface ServedAndRefused {
  served: number;
  rateLimited: number;
}

/** Totals since start or since the log was last cleared; `unrouted` is what matched no API. */
export interface RequestCounts extends ServedAndRefused {
  total: number;
  messaging: ServedAndRefused;
  management: ServedAndRefused;
  unrouted: ServedAndRefused;
}

/** Counts requests served and refused, per API, so a benchmark can report totals without the whole log. */
export class RequestTally {
  #counts: Record<Api | "unrouted", ServedAndRefused> = fresh();

  record(api: Api | null, rateLimited: boolean): void {
    const counts = this.#counts[api ?? "unrouted"];
    if (rateLimited) counts.rateLimited++;
    else counts.served++;
  }

  counts(): RequestCounts {
    const parts = Object.values(this.#counts);
    const served = parts.reduce((sum, part) => sum + part.served, 0);
    const rateLimited = parts.reduce((sum, part) => sum + part.rateLimited, 0);
    const copy = (part: ServedAndRefused) => ({ ...part });
    return {
      total: served + rateLimited,
      served,
      rateLimited,
      messaging: copy(this.#counts.messaging),
      management: copy(this.#counts.management),
      unrouted: copy(this.#counts.unrouted),
    };
  }

  clear(): void {
    this.#counts = fresh();
  }
}

function fresh(): Record<Api | "unrouted", ServedAndRefused> {
  return {
    messaging: { served: 0, rateLimited: 0 },
    management: { served: 0, rateLimited: 0 },
    unrouted: { served: 0, rateLimited: 0 },
  };
}
