import { type Fault, parseFaultSpec } from "../faults/fault.ts";
import { HttpError, ok, type Reply } from "../http/reply.ts";
import type { EmulatorControls } from "./controls.ts";

/** The prefix of the emulator's own control API; no real API path starts with it. */
export const CONTROL_PREFIX = "/__stashkit";

/**
 * The emulator's own control API, for tests in other processes and for people poking at it
 * with curl. It sits under a prefix no real API uses and needs no credentials: it only ever
 * listens on the machine it runs on.
 *
 *   GET    /requests            the request log          DELETE /requests   clear it
 *   POST   /faults              {route, faults:[…]}      DELETE /faults     clear them
 *   GET    /faults              faults still pending per route
 *   PATCH  /settings            {latencyMs, jitterMs, createDelayMs, duplicateNames, …}
 *   GET    /state               queues and indexes       POST   /reset      empty everything
 */
export function controlRoutes(controls: EmulatorControls) {
  return async (method: string, path: string, rawBody: Buffer): Promise<Reply> => {
    try {
      return answer(controls, `${method} ${path}`, rawBody);
    } catch (error) {
      if (error instanceof HttpError) return { status: error.status, json: { error: error.message } };
      throw error;
    }
  };
}

function answer(controls: EmulatorControls, request: string, rawBody: Buffer): Reply {
  switch (request) {
    case "GET /health":
      return ok({ ok: true });
    case "GET /requests":
      return ok(controls.requests);
    case "DELETE /requests":
      controls.clearRequests();
      return ok({ ok: true });
    case "GET /faults":
      return ok(controls.pendingFaults());
    case "POST /faults": {
      const body = jsonObject(rawBody);
      const route = body["route"];
      const faults = body["faults"];
      if (typeof route !== "string" || !Array.isArray(faults)) {
        throw new HttpError(400, 'expected {"route": "POST /v2/search", "faults": [...]}');
      }
      let parsed: Fault[];
      try {
        parsed = faults.map((f: unknown) => (typeof f === "string" ? parseFaultSpec(f) : (f as Fault)));
      } catch (error) {
        throw new HttpError(400, (error as Error).message);
      }
      controls.inject(route, ...parsed);
      return ok(controls.pendingFaults());
    }
    case "DELETE /faults":
      controls.clearFaults();
      return ok({ ok: true });
    case "PATCH /settings": {
      const body = jsonObject(rawBody);
      for (const [key, value] of Object.entries(body)) {
        if (!(key in controls.settings)) throw new HttpError(400, `unknown setting "${key}"`);
        Object.assign(controls.settings, { [key]: value });
      }
      return ok(controls.settings);
    }
    case "GET /settings":
      return ok(controls.settings);
    case "GET /state":
      return ok(controls.state);
    case "GET /delivered":
      return ok(controls.delivered);
    case "POST /reset":
      controls.reset();
      return ok({ ok: true });
    default:
      throw new HttpError(404, `no control route ${request}`);
  }
}

function jsonObject(raw: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw.toString("utf8") || "{}");
    if (value !== null && typeof value === "object" && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // fall through to the error below
  }
  throw new HttpError(400, "body must be a JSON object");
}
