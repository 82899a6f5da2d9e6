import { managementArea } from "../management/store.ts";
import type { Stores } from "../state/stores.ts";
import { type DataPlaneSettings, dataPlaneProfile, liveDocuments } from "./profile.ts";
import { searchDataArea } from "./store.ts";

/** The search data plane as the list of APIs (`apis.ts`) mounts it. */
export const searchDataApi = {
  name: "search-data",
  areas: [searchDataArea],
  mount: (deps: { stores: Stores; settings: DataPlaneSettings; messaging: { clock: { now(): number } } }) => {
    const parts = {
      documents: deps.stores.area(searchDataArea),
      management: deps.stores.area(managementArea),
      settings: deps.settings,
      now: () => deps.messaging.clock.now(),
    };
    liveDocuments(parts);
    return dataPlaneProfile(parts);
  },
} as const;
