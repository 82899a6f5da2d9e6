import type { IncomingMessage, ServerResponse } from "node:http";
import type { ApiLevers } from "../apis.ts";
import type { Clock } from "../clock/clock.ts";
import { type ControlAccessPolicy, controlRefusal } from "../control/access.ts";
import type { ApiProfile } from "../http/api.ts";
import { send } from "../http/reply.ts";
import type { RequestLogEntry } from "../http/request-log.ts";
import { managementArea } from "../management/store.ts";
import { searchDataArea } from "../search-data/store.ts";
import type { Stores } from "../state/stores.ts";
import type { ActionTarget } from "./actions.ts";
import { streamRequestLog } from "./events.ts";
import type { OverviewSources } from "./overview.ts";
import { accessFacts, INSPECTOR_PREFIX, inspectorProfile } from "./profile.ts";

const EVENTS_PATH = `${INSPECTOR_PREFIX}/events`;

export interface Inspector {
  profile: ApiProfile<undefined>;
  /** True for the event stream's request, which the server hands to `stream` instead of the pipeline. */
  claims(req: IncomingMessage): boolean;
  stream(req: IncomingMessage, res: ServerResponse): void;
}

/**
 * The inspector: its profile for the pipeline, and the request log's event stream, which stays
 * open (the pipeline answers each request once, so the stream is served beside it, under the
 * same access rules).
 */
export function createInspector(parts: {
  stores: Stores;
  levers: ApiLevers;
  clock: Clock;
  actions: ActionTarget;
  policy: ControlAccessPolicy;
  requests: readonly RequestLogEntry[];
}): Inspector {
  const sources = overviewSources(parts.stores, parts.levers, parts.clock);
  return {
    profile: inspectorProfile({ ...parts, sources }),
    claims: (req) => req.method === "GET" && (req.url ?? "").split("?", 1)[0] === EVENTS_PATH,
    stream(req, res) {
      const refusal = controlRefusal(accessFacts(req), parts.policy);
      if (refusal) {
        send(res, { status: refusal.status, json: { error: refusal.reason } });
        return;
      }
      streamRequestLog(req, res, parts.requests);
    },
  };
}

/**
 * What the overview reads (each region's stores and runs, the indexes, the delivery record,
 * document counts) and each region's by-hand actions.
 */
function overviewSources(stores: Stores, levers: ApiLevers, clock: Clock): OverviewSources {
  const documents = stores.of(searchDataArea);
  const regions = levers.regions.map(({ name, isDefault, messaging }) => ({
    ...{ name, isDefault, stores: messaging.engine.stores },
    runs: () => messaging.engine.harness.list(),
    waitingFor: (runId: string) =>
      messaging.engine.workflowStores.waits.forRun(runId).map((wait) => wait.eventId),
    byHand: messaging.engine.byHand,
  }));
  return {
    // Without the messaging API (a toy list of APIs) there is no region: nothing to show of it.
    regions,
    indexes: stores.of(managementArea),
    delivered: levers.delivered,
    isInFlight: levers.isInFlight,
    documentsByNamespace: (id: string) => documents.database(id).documentsByNamespace(),
    now: () => clock.now(),
    clockOffsetMs: () => clock.offsetMs,
  };
}
