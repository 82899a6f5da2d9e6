import { type Fault, parseFaultSpec } from "../faults/fault.ts";
import type { Route, RouteContext } from "../http/api.ts";
import { ok, type Reply } from "../http/reply.ts";
import { del, get, patch, post } from "../http/route-table.ts";
import { parseSettingsPatch } from "../options/settings.ts";
import { REGION_NAMES, type RegionName } from "../regions/region-names.ts";
import { clockAdvanceMs } from "./clock-request.ts";
import type { EmulatorControls } from "./controls.ts";
import { controlErrors } from "./errors.ts";
import type { ResetOptions } from "./restore.ts";
import type { SeedRequest } from "./seed-request.ts";
import { workflowControlRoutes } from "./workflow-routes.ts";

/** The prefix of the emulator's own control API; no real API path starts with it. */
export const CONTROL_PREFIX = "/__stashkit";

/**
 * The control API's route table. Its levers write the data file themselves (code calls them
 * too), so no route here asks the pipeline to commit.
 *
 *   GET    /requests            the request log          DELETE /requests   clear it
 *   POST   /faults              {route, faults:[…]}      DELETE /faults     clear them
 *   GET    /faults              faults still pending per route
 *   PATCH  /settings            {latencyMs, jitterMs, createDelayMs, duplicateNames, …}
 *   GET    /state               queues and indexes       POST   /reset      empty everything
 *   POST   /reset?area=NAME     empty one store area     GET    /export     a versioned snapshot
 *   POST   /reset?region=R      empty one QStash region  GET    /regions    each region's path, token, keys
 *   POST   /reset {"to": snapshot}  reset to a snapshot's state (faults, log and deliveries emptied)
 *   POST   /import[?area=NAME]  a snapshot (the body) replaces the state, or one area's
 *   GET    /delivered           messages delivered, in order
 *   GET    /clock               {now, offsetMs}: the messaging clock
 *   POST   /clock/advance       {minutes?, seconds?, hours?, days?, ms?}: move it forward; the
 *                               cron ticks passed over fire, delays and backoffs that end deliver
 *   GET    /requests/counts     served / rate-limited totals per API
 *   POST   /seed/search-indexes {count, namePrefix?, account?, region?, type?}
 */
export function controlRoutes(controls: EmulatorControls<unknown, unknown>): Route<undefined>[] {
  const done = () => ok({ ok: true });
  const then = (act: () => void) => () => {
    act();
    return done();
  };
  const lever = { writes: false };
  const at = (path: string) => `${CONTROL_PREFIX}${path}`;
  return [
    get(at("/health"), done),
    get(at("/requests"), () => ok(controls.requests)),
    get(at("/requests/counts"), () => ok(controls.requestCounts())),
    del(at("/requests"), then(controls.clearRequests), lever),
    post(at("/seed/search-indexes"), (c) => ok(controls.seedSearchIndexes(seedRequest(c))), lever),
    get(at("/faults"), () => ok(controls.pendingFaults())),
    post(at("/faults"), (c) => injectFaults(controls, c), lever),
    del(at("/faults"), then(controls.clearFaults), lever),
    patch(
      at("/settings"),
      (c) => ok(Object.assign(controls.settings, parseSettingsPatch(jsonObject(c)))),
      lever,
    ),
    get(at("/settings"), () => ok(controls.settings)),
    get(at("/state"), () => ok(controls.state)),
    get(at("/delivered"), () => ok(controls.delivered)),
    get(at("/regions"), () => ok(controls.regions())),
    get(at("/clock"), () => ok(controls.clock())),
    post(at("/clock/advance"), (c) => advanceClock(controls, c), lever),
    post(at("/reset"), (c) => ok({ ok: true, reset: controls.reset(resetRequest(c)) }), {
      writes: false,
      bodyLimit: IMPORT_BODY_LIMIT,
    }),
    get(at("/export"), () => exported(controls)),
    post(at("/import"), (c) => imported(controls, c), { writes: false, bodyLimit: IMPORT_BODY_LIMIT }),
    ...workflowControlRoutes(controls, at),
  ];
}

/**
 * `?area=messaging` (or `{"area": …}`) resets one store area; neither resets everything.
 * `{"to": snapshot}` resets to that snapshot's state instead of an empty one.
 */
function resetRequest(context: RouteContext): ResetOptions {
  const body = context.rawBody.length === 0 ? {} : jsonObject(context);
  const area = context.query.get("area") ?? body["area"];
  if (area !== undefined && typeof area !== "string") {
    throw controlErrors.invalidRequest('"area" must be the name of a store area');
  }
  const region = context.query.get("region") ?? body["region"];
  if (region !== undefined) return { region: regionName(region, area !== undefined || "to" in body) };
  const to = body["to"];
  if (to !== undefined && (to === null || typeof to !== "object" || Array.isArray(to))) {
    throw controlErrors.invalidRequest('"to" must be a snapshot, as GET /__stashkit/export gives it');
  }
  return { area, ...(to === undefined ? {} : { to: to as Record<string, unknown>, from: "(request body)" }) };
}

/** `?region=US_EAST_1` (or `{"region": …}`): one region, alone. */
function regionName(region: unknown, withOthers: boolean): RegionName {
  if (withOthers)
    throw controlErrors.invalidRequest('"region" empties one region; give it without "area" or "to"');
  if (typeof region !== "string" || !(REGION_NAMES as readonly string[]).includes(region)) {
    throw controlErrors.invalidRequest(`"region" must be one of ${REGION_NAMES.join(", ")}`);
  }
  return region as RegionName;
}

/** Offered as a download, so `curl -OJ` and a browser save it under a telling name. */
function exported(controls: EmulatorControls<unknown, unknown>): Reply {
  const snapshot = controls.exportSnapshot();
  const stamp = snapshot.exportedAt.replace(/[:.]/g, "-");
  return {
    status: 200,
    json: snapshot,
    headers: { "content-disposition": `attachment; filename="stashkit-snapshot-${stamp}.json"` },
  };
}

/** A snapshot holds every document of every index: far more than an API request's 1 MiB. */
const IMPORT_BODY_LIMIT = 256 * 1024 * 1024;

/** The body is a snapshot (what `GET /export` gave); `?area=NAME` restores that area only. */
function imported(controls: EmulatorControls<unknown, unknown>, context: RouteContext): Reply {
  let snapshot: unknown;
  try {
    snapshot = JSON.parse(context.rawBody.toString("utf8"));
  } catch {
    throw controlErrors.invalidRequest(
      "the body must be a snapshot: JSON, as GET /__stashkit/export gives it",
    );
  }
  if (snapshot === null || typeof snapshot !== "object" || Array.isArray(snapshot)) {
    throw controlErrors.invalidRequest(
      "the body must be a snapshot: a JSON object, as GET /__stashkit/export gives it",
    );
  }
  const area = context.query.get("area") ?? undefined;
  const restored = controls.restore(snapshot as Record<string, unknown>, { area, from: "(request body)" });
  return ok({ ok: true, restored });
}

function seedRequest(context: RouteContext): SeedRequest {
  return jsonObject(context) as unknown as SeedRequest;
}

function injectFaults(controls: EmulatorControls<unknown, unknown>, context: RouteContext): Reply {
  const body = jsonObject(context);
  const route = body["route"];
  const faults = body["faults"];
  if (typeof route !== "string" || !Array.isArray(faults)) {
    throw controlErrors.invalidRequest('expected {"route": "POST /v2/search", "faults": [...]}');
  }
  let parsed: Fault[];
  try {
    parsed = faults.map((f: unknown) => (typeof f === "string" ? parseFaultSpec(f) : (f as Fault)));
  } catch (error) {
    throw controlErrors.invalidRequest((error as Error).message);
  }
  controls.inject(route, ...parsed);
  return ok(controls.pendingFaults());
}

function advanceClock(controls: EmulatorControls<unknown, unknown>, context: RouteContext): Reply {
  const fired = controls.advanceClock(clockAdvanceMs(context.rawBody, controls.clock().now));
  return ok({ ...controls.clock(), fired });
}

function jsonObject(context: RouteContext): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(context.rawBody.toString("utf8") || "{}");
    if (value !== null && typeof value === "object" && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // fall through to the error below
  }
  throw controlErrors.invalidRequest("body must be a JSON object");
}
