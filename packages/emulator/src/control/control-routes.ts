import { type Fault, parseFaultSpec } from "../faults/fault.ts";
import { HttpError, ok, type Reply } from "../http/reply.ts";
import type { RunningEmulator } from "../server.ts";
import type { Store } from "../state/store.ts";

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
export function controlRoutes(emulator: RunningEmulator, store: Store) {
  return async (method: string, path: string, rawBody: Buffer): Promise<Reply> => {
    try {
      return answer(emulator, store, `${method} ${path}`, rawBody);
    } catch (error) {
      if (error instanceof HttpError) return { status: error.status, json: { error: error.message } };
      throw error;
    }
  };
}

function answer(emulator: RunningEmulator, store: Store, request: string, rawBody: Buffer): Reply {
  switch (request) {
    case "GET /health":
      return ok({ ok: true });
    case "GET /requests":
      return ok(emulator.requests);
    case "DELETE /requests":
      emulator.clearRequests();
      return ok({ ok: true });
    case "GET /faults":
      return ok(emulator.pendingFaults());
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
      emulator.inject(route, ...parsed);
      return ok(emulator.pendingFaults());
    }
    case "DELETE /faults":
      emulator.clearFaults();
      return ok({ ok: true });
    case "PATCH /settings": {
      const body = jsonObject(rawBody);
      for (const [key, value] of Object.entries(body)) {
        if (!(key in emulator.settings)) throw new HttpError(400, `unknown setting "${key}"`);
        Object.assign(emulator.settings, { [key]: value });
      }
      return ok(emulator.settings);
    }
    case "GET /settings":
      return ok(emulator.settings);
    case "GET /state":
      return ok(emulator.state);
    case "GET /delivered":
      return ok(emulator.delivered);
    case "POST /reset":
      store.reset();
      emulator.clearFaults();
      emulator.clearRequests();
      emulator.delivered.length = 0;
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
