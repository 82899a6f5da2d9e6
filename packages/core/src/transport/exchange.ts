/** One request as it goes on the wire: what `sendAttempt` hands to the HTTP stack. */
export interface Exchange {
  method: string;
  headers: Record<string, string>;
  /** The body: JSON as UTF-8 bytes, or a payload as given; null for none. */
  body: Uint8Array | null;
  /** Aborts the request and the reading of its answer. */
  signal: AbortSignal;
}

/** What came back: the status, the headers (lower-case names), and at most `limit` bytes of body as text. */
export interface ExchangeAnswer {
  status: number;
  headers: Record<string, string | undefined>;
  text: string;
  /** The answer was longer than the limit: `text` is its start (or empty when its declared length said so). */
  tooLarge: boolean;
}

/** Sends one exchange and reads its answer, at most `limit` bytes of body. */
export type ExchangeFunction = (url: string, exchange: Exchange, limit: number) => Promise<ExchangeAnswer>;

/**
 * An undici `Dispatcher` (an `Agent`, a `ProxyAgent`, a `MockAgent` ...), described here by the one
 * method requests go through instead of by undici's own type: undici's declarations need Node's
 * (`@types/node`), and the published declarations must type-check in a project without them.
 */
export interface UndiciDispatcher {
  dispatch(options: never, handler: never): boolean;
}
