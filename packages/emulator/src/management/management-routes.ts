import type { RouteEntry } from "../routes.ts";
import type { Store } from "../state/store.ts";
import { indexActionRoutes } from "./index-actions.ts";
import type { ManagementSettings } from "./owned-indexes.ts";
import { searchRoutes } from "./search-routes.ts";
import { searchStatsRoutes } from "./search-stats.ts";

/** First path segments after `/v2/` that belong to the management API (its other products too). */
export const MANAGEMENT_AREAS: ReadonlySet<string> = new Set([
  "search",
  "redis",
  "vector",
  "team",
  "teams",
  "auditlogs",
  "qstash",
]);

/** The management API's routes; `/v2/search/stats` comes before `/v2/search/:id` so it is not read as an id. */
export function managementRouteTable({
  store,
  settings,
}: {
  store: Store;
  settings: ManagementSettings;
}): RouteEntry[] {
  const search = searchRoutes(store, settings);
  const actions = indexActionRoutes(store, settings);
  const stats = searchStatsRoutes(store);
  return [
    { method: "GET", pattern: "/v2/search", route: search.list },
    { method: "POST", pattern: "/v2/search", route: search.create },
    { method: "GET", pattern: "/v2/search/stats", route: stats.accountStats },
    { method: "GET", pattern: "/v2/search/:id", route: search.get },
    { method: "DELETE", pattern: "/v2/search/:id", route: search.remove },
    { method: "GET", pattern: "/v2/search/:id/stats", route: stats.indexStats },
    { method: "POST", pattern: "/v2/search/:id/rename", route: actions.rename },
    { method: "POST", pattern: "/v2/search/:id/reset-password", route: actions.resetPassword },
    { method: "POST", pattern: "/v2/search/:id/transfer", route: actions.transfer },
  ];
}
