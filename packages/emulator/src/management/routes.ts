import type { Route } from "../http/api.ts";
import { del, get, post } from "../http/route-table.ts";
import type { Account } from "../options/emulator-options.ts";
import { indexActionHandlers } from "./index-actions.ts";
import type { ManagementSettings } from "./owned-indexes.ts";
import { searchHandlers } from "./search-routes.ts";
import { searchStatsHandlers } from "./search-stats.ts";
import type { IndexStore } from "./store.ts";

/** The management API's route table; `/v2/search/stats` comes before `/v2/search/:id` so it is not read as an id. */
export function managementRoutes(
  store: IndexStore,
  settings: ManagementSettings,
  now: () => number,
): Route<Account>[] {
  const search = searchHandlers(store, settings, now);
  const actions = indexActionHandlers(store, settings);
  const stats = searchStatsHandlers(store);
  return [
    get("/v2/search", search.list),
    post("/v2/search", search.create),
    get("/v2/search/stats", stats.accountStats),
    get("/v2/search/:id", search.get),
    del("/v2/search/:id", search.remove),
    get("/v2/search/:id/stats", stats.indexStats),
    post("/v2/search/:id/rename", actions.rename),
    post("/v2/search/:id/reset-password", actions.resetPassword),
    post("/v2/search/:id/transfer", actions.transfer),
  ];
}
