/**
 * Scripted misbehaviour for one route. Faults are consumed in order, one per request,
 * so "two 503s then normal" is `[{kind:"status",status:503},{kind:"status",status:503}]`.
 *
 * `phase: "after"` lets the request take effect first (the index is created, the queue
 * resumed) and then misbehaves: the ambiguous failures a client cannot tell apart from
 * "nothing happened".
 */
export type Fault =
  | { kind: "status"; status: number; headers?: Record<string, string>; body?: unknown; phase?: FaultPhase }
  | { kind: "html"; status?: number; phase?: FaultPhase }
  | { kind: "malformed-json"; status?: number }
  | { kind: "missing-fields"; fields: string[] }
  | { kind: "extra-fields"; fields: Record<string, unknown> }
  | { kind: "reset"; phase?: FaultPhase }
  | { kind: "hang"; phase?: FaultPhase };

export type FaultPhase = "before" | "after";

/** A route key is `"<METHOD> <pattern>"`, e.g. `"POST /v2/search"` or `"POST /v2/queues/:name/resume"`. */
export type RouteKey = string;

export class FaultScript {
  readonly #pending = new Map<RouteKey, Fault[]>();

  /** Appends faults for a route; they are consumed one per request, in order. */
  add(route: RouteKey, faults: readonly Fault[]): void {
    const queue = this.#pending.get(route) ?? [];
    queue.push(...faults);
    this.#pending.set(route, queue);
  }

  next(route: RouteKey): Fault | undefined {
    const queue = this.#pending.get(route);
    const fault = queue?.shift();
    if (queue && queue.length === 0) this.#pending.delete(route);
    return fault;
  }

  remaining(): Record<RouteKey, number> {
    return Object.fromEntries([...this.#pending].map(([route, queue]) => [route, queue.length]));
  }

  clear(): void {
    this.#pending.clear();
  }
}

export function faultPhase(fault: Fault): FaultPhase {
  switch (fault.kind) {
    case "missing-fields":
    case "extra-fields":
    case "malformed-json":
      // These rewrite a real answer, so the request must run first.
      return "after";
    default:
      return fault.phase ?? "before";
  }
}

/** Parses the CLI's compact form: `503`, `429:retry-after=2`, `html`, `malformed-json`, `reset`, `hang`. */
export function parseFaultSpec(spec: string): Fault {
  const [head = "", ...options] = spec.trim().split(":");
  if (/^\d{3}$/.test(head)) {
    const headers: Record<string, string> = {};
    for (const option of options) {
      const [name, value] = option.split("=");
      if (!name || value === undefined)
        throw new Error(`fault option "${option}" must look like header=value`);
      headers[name] = value;
    }
    return { kind: "status", status: Number(head), headers };
  }
  if (head === "html" || head === "malformed-json" || head === "reset" || head === "hang") {
    return { kind: head };
  }
  throw new Error(
    `unknown fault "${spec}": use a status (503, 429:retry-after=1), html, malformed-json, reset or hang`,
  );
}
