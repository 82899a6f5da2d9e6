import { HttpError } from "./http/reply.ts";
import { Router } from "./http/router.ts";
import { MANAGEMENT_AREAS, managementRouteTable } from "./management/management-routes.ts";
import type { Messaging } from "./messaging/messaging.ts";
import type { Api, ApiRoute, RouteEntry } from "./routes.ts";
import type { EmulatorSettings } from "./settings.ts";
import type { Store } from "./state/store.ts";

/** What route tables are built from; a new API area takes what it needs from here. */
export interface RouteDeps {
  store: Store;
  messaging: Messaging;
  settings: EmulatorSettings;
}

export interface ResolvedRoute {
  route: ApiRoute;
  params: Record<string, string>;
  /** The route key (`POST /v2/search`) that faults and the request log use; `null` for an unknown path. */
  pattern: string | null;
}

/** Finds what answers a request; `unrouted` when the path belongs to no API (404, or 405 for another method). */
export type RouteResolver = (method: string, path: string) => ResolvedRoute | { unrouted: 404 | 405 };

/**
 * The one place where every API area's route table joins the router. Order matters only
 * where a literal segment and a `:param` share a position: list the literal one first.
 */
export function apiRoutes(deps: RouteDeps): RouteResolver {
  const tables: RouteEntry[][] = [deps.messaging.routes, managementRouteTable(deps)];
  const router = new Router<ApiRoute>();
  for (const { method, pattern, route } of tables.flat()) router.add(method, pattern, route);

  return (method, path) => {
    const match = router.match(method, path);
    if (match !== undefined && match !== "method-not-allowed") {
      return { route: match.route, params: match.params, pattern: match.pattern };
    }
    const api = apiOfUnknownPath(path);
    if (api === undefined) return { unrouted: match === undefined ? 404 : 405 };
    // An unknown path of an API still asks for that API's credentials first, then answers in its words.
    const [status, message] = match === undefined ? [404, "not found"] : [405, "method not allowed"];
    const route: ApiRoute = {
      api,
      handle: () => {
        throw new HttpError(status, message);
      },
    };
    return { route, params: {}, pattern: null };
  };
}

function apiOfUnknownPath(path: string): Api | undefined {
  const [, version, area] = path.split("/");
  return version === "v2" && area !== undefined && MANAGEMENT_AREAS.has(area) ? "management" : undefined;
}
