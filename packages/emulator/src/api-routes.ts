import { Router } from "./http/router.ts";
import { searchRouteTable } from "./management/search-routes.ts";
import type { Delivery } from "./messaging/delivery.ts";
import { queueRoutes } from "./messaging/queue-routes.ts";
import type { ApiRoute, RouteEntry } from "./routes.ts";
import type { EmulatorSettings } from "./settings.ts";
import type { Store } from "./state/store.ts";

/** What route tables are built from; a new API area takes what it needs from here. */
export interface RouteDeps {
  store: Store;
  delivery: Delivery;
  settings: EmulatorSettings;
}

/**
 * The one place where every API area's route table joins the router. Order matters only
 * where a literal segment and a `:param` share a position: list the literal one first.
 */
export function apiRouter(deps: RouteDeps): Router<ApiRoute> {
  const tables: RouteEntry[][] = [queueRouteTable(deps), searchRouteTable(deps)];
  const router = new Router<ApiRoute>();
  for (const { method, pattern, route } of tables.flat()) router.add(method, pattern, route);
  return router;
}

function queueRouteTable({ store, delivery }: RouteDeps): RouteEntry[] {
  const queues = queueRoutes(store, delivery);
  return [
    { method: "POST", pattern: "/v2/queues", route: queues.upsert },
    { method: "GET", pattern: "/v2/queues", route: queues.list },
    { method: "GET", pattern: "/v2/queues/:name", route: queues.get },
    { method: "DELETE", pattern: "/v2/queues/:name", route: queues.remove },
    { method: "POST", pattern: "/v2/queues/:name/pause", route: queues.pause },
    { method: "POST", pattern: "/v2/queues/:name/resume", route: queues.resume },
    { method: "POST", pattern: "/v2/enqueue/:name/*destination", route: queues.enqueue },
  ];
}
