import type { Clock } from "../clock/clock.ts";
import { managementArea } from "../management/store.ts";
import type { Stores } from "../state/stores.ts";
import { type DataPlaneSettings, dataPlaneProfile } from "./profile.ts";
import { searchDataArea } from "./store.ts";

/** The search data plane as the list of APIs (`apis.ts`) mounts it. */
export const searchDataApi = {
  name: "search-data",
  areas: [searchDataArea],
  mount: (deps: { stores: Stores; settings: DataPlaneSettings; clock: Clock }) => {
    const documents = deps.stores.of(searchDataArea);
    const indexes = deps.stores.of(managementArea);
    // Deleting an index deletes its documents (all of them, when every index goes at a reset).
    indexes.onDelete((id) => (id === undefined ? documents.clear() : documents.dropIndex(id)));
    const parts = { documents, indexes, settings: deps.settings, now: () => deps.clock.now() };
    return { profile: dataPlaneProfile(parts) };
  },
} as const;
