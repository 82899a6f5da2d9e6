import type { ExchangeFunction, UndiciDispatcher } from "./exchange.ts";
import { readBody } from "./read-body.ts";

/**
 * The exchange through a fetch: undici's, paired with the dispatcher it sends through (a proxy
 * agent, or one a caller passed in).
 */
export function fetchExchange(
  fetch: typeof globalThis.fetch,
  dispatcher: UndiciDispatcher | undefined,
): ExchangeFunction {
  return async (url, exchange, limit) => {
    const init: RequestInit = {
      method: exchange.method,
      headers: exchange.headers,
      // Bytes, not the string: fetch keeps a finished request's body until a full GC (its
      // response's stream is held through a WeakRef, which minor GCs treat as strong), so a string
      // body would be copied and promoted with it (bench S10m).
      body: exchange.body,
      signal: exchange.signal,
      // An API answer is never a redirect; following one could carry the credentials elsewhere.
      redirect: "manual",
    };
    // undici's fetch takes its dispatcher; the package's types and Node's differ only in name.
    if (dispatcher) Object.assign(init, { dispatcher });
    const answer = await fetch(url, init);
    const { text, tooLarge } = await readBody(answer, limit);
    const headers: Record<string, string | undefined> = {};
    answer.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    return { status: answer.status, headers, text, tooLarge };
  };
}
