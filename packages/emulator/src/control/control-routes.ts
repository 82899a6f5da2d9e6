import type { IncomingMessage } from "node:http";
import { type Fault, parseFaultSpec } from "../faults/fault.ts";
import { HttpError, ok, type Reply, readBody } from "../http/reply.ts";
import { InvalidSettingError, parseSettingsPatch } from "../settings.ts";
import { CONTROL_TOKEN_HEADER, type ControlAccessPolicy, controlRefusal } from "./access.ts";
import { clockAdvanceMs } from "./clock-request.ts";
import type { EmulatorControls } from "./controls.ts";
import type { SeedRequest } from "./seed-request.ts";

/** The prefix of the emulator's own control API; no real API path starts with it. */
export const CONTROL_PREFIX = "/__stashkit";

/**
 * The emulator's own control API, for tests in other processes and for people poking at it
 * with curl. It sits under a prefix no real API uses. It needs no credentials from loopback
 * clients, and the control token from anyone else (see `access.ts`).
 *
 *   GET    /requests            the request log          DELETE /requests   clear it
 *   POST   /faults              {route, faults:[…]}      DELETE /faults     clear them
 *   GET    /faults              faults still pending per route
 *   PATCH  /settings            {latencyMs, jitterMs, createDelayMs, duplicateNames, …}
 *   GET    /state               queues and indexes       POST   /reset      empty everything
 *   GET    /delivered           messages delivered, in order
 *   GET    /clock               {now, offsetMs}: the messaging clock
 *   POST   /clock/advance       {minutes?, seconds?, hours?, days?, ms?}: move it forward; the
 *                               cron ticks passed over fire, delays and backoffs that end deliver
 *   GET    /requests/counts     served / rate-limited totals per API
 *   POST   /seed/search-indexes {count, namePrefix?, account?, region?, type?}
 */
export function controlRoutes(controls: EmulatorControls, policy: ControlAccessPolicy) {
  return async (req: IncomingMessage, path: string): Promise<Reply> => {
    const refusal = controlRefusal(
      {
        peerAddress: req.socket.remoteAddress,
        host: req.headers.host,
        origin: req.headers.origin,
        fetchSite: header(req, "sec-fetch-site"),
        token: header(req, CONTROL_TOKEN_HEADER),
      },
      policy,
    );
    if (refusal) return { status: refusal.status, json: { error: refusal.reason } };
    try {
      return answer(controls, `${req.method ?? "GET"} ${path}`, await readBody(req));
    } catch (error) {
      if (error instanceof HttpError) return { status: error.status, json: { error: error.message } };
      if (error instanceof InvalidSettingError) return { status: 400, json: { error: error.message } };
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
    case "GET /requests/counts":
      return ok(controls.requestCounts());
    case "POST /seed/search-indexes":
      return ok(controls.seedSearchIndexes(jsonObject(rawBody) as unknown as SeedRequest));
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
      Object.assign(controls.settings, parseSettingsPatch(jsonObject(rawBody)));
      return ok(controls.settings);
    }
    case "GET /settings":
      return ok(controls.settings);
    case "GET /state":
      return ok(controls.state);
    case "GET /delivered":
      return ok(controls.delivered);
    case "GET /clock":
      return ok(controls.clock());
    case "POST /clock/advance": {
      const fired = controls.advanceClock(clockAdvanceMs(rawBody));
      return ok({ ...controls.clock(), fired });
    }
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

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
