import { newSearchIndex } from "./new-index.ts";
import type { IndexStore, SearchPlan, SearchRegion } from "./store.ts";

export interface SeedSearchIndexes {
  /** The account (email) that owns them. */
  owner: string;
  count: number;
  /** Names are `<namePrefix>-0` … `<namePrefix>-<count-1>`. */
  namePrefix: string;
  region: SearchRegion;
  type: SearchPlan;
}

/**
 * Adds many indexes at once, for listing and paging at scale (the caller commits once for
 * the lot). The duplicate-name setting is not consulted: seeding is set-up, not a create.
 */
export function seedSearchIndexes(store: IndexStore, seed: SeedSearchIndexes, at: number): void {
  store.roomFor(seed.count);
  const now = new Date(at);
  for (let n = 0; n < seed.count; n++) {
    const name = `${seed.namePrefix}-${n}`;
    const index = newSearchIndex({ owner: seed.owner, name, region: seed.region, type: seed.type, now });
    store.put({ owner: seed.owner, index });
  }
}
