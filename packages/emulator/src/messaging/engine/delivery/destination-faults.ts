import type { Outcome } from "./outcome.ts";

/** A destination made to fail: answers `status` (or cannot be reached, without one) `times` more times. */
export interface DestinationFault {
  /** A URL; deliveries to it, or to a URL under it (`https://app/api` covers `https://app/api/step`), fail. */
  destination: string;
  times: number;
  status?: number;
  /** The answer's body (text); none by default. */
  body?: string;
}

/**
 * Failures scripted for destinations (a Workflow step's endpoint, a `context.call` URL): the next
 * `times` deliveries there fail without a request, as if the destination had answered `status`
 * or could not be reached, so retries, failure functions and the DLQ can be tested on demand.
 */
export class DestinationFaults {
  readonly #faults: DestinationFault[] = [];

  add(fault: DestinationFault): void {
    this.#faults.push({ ...fault });
  }

  /** The faults still to happen. */
  pending(): DestinationFault[] {
    return this.#faults.map((fault) => ({ ...fault }));
  }

  clear(): void {
    this.#faults.length = 0;
  }

  /** The outcome of the delivery to `url` when a fault is scripted for it (taking one away). */
  take(url: string): Outcome | undefined {
    const at = this.#faults.findIndex((fault) => covers(fault.destination, url));
    const fault = this.#faults[at];
    if (fault === undefined) return undefined;
    if (--fault.times <= 0) this.#faults.splice(at, 1);
    if (fault.status === undefined)
      return { ok: false, final: false, error: "unreachable (a scripted destination fault)" };
    return {
      ok: fault.status >= 200 && fault.status < 300,
      final: false,
      status: fault.status,
      headers: {},
      body: Buffer.from(fault.body ?? ""),
    };
  }
}

/** The same URL, or one under it (a path below it, or the same path with a query). */
function covers(prefix: string, url: string): boolean {
  if (url === prefix) return true;
  const base = prefix.endsWith("/") ? prefix : `${prefix}/`;
  return url.startsWith(base) || url.startsWith(`${prefix}?`);
}
