import { z } from "zod";
import { REGION_NAMES, type RegionName, regionTablePrefix } from "../../regions/region-names.ts";
import {
  type AreaBound,
  type AreaData,
  type AreaStores,
  type StoreArea,
  storeArea,
} from "../../state/area.ts";
import { prefixedEngine } from "../../storage/prefixed-engine.ts";
import { messagingArea } from "./area.ts";
import { eventArea } from "./event-store.ts";
import { urlGroupArea } from "./url-group-store.ts";
import { workflowArea } from "./workflow-area.ts";

/** One region's messaging stores: the same four areas a single-region emulator keeps at the top level. */
export interface RegionalStores {
  messaging: AreaStores<typeof messagingArea>;
  workflow: AreaStores<typeof workflowArea>;
  events: AreaStores<typeof eventArea>;
  urlGroups: AreaStores<typeof urlGroupArea>;
}

/** A region's keys in a snapshot: those of the top-level region, the same names and shapes. */
const regionState = z.object({
  ...messagingArea.shape,
  ...workflowArea.shape,
  ...eventArea.shape,
  ...urlGroupArea.shape,
});
type RegionState = z.output<typeof regionState>;

const shape = { regions: z.partialRecord(z.enum(REGION_NAMES), regionState).optional() };
type Shape = typeof shape;
type Stores = Map<RegionName, RegionalStores>;

/**
 * The state of every region kept apart from the top level (`--regions`; the top-level keys are
 * EU_CENTRAL_1's), under `regions.<REGION>` in a snapshot and in tables of their own
 * (`us_east_1_messaging_queues`) in the data file: each region's queues, messages, DLQ,
 * schedules, signing keys, workflow runs, message log and URL groups, never mixed with
 * another's. Empty, and absent from snapshots, when no region is kept apart.
 */
export const regionsArea: StoreArea<Shape, Stores> = storeArea({
  name: "regions",
  shape,
  open(engine, context): Stores {
    const opened: Stores = new Map();
    for (const region of context.regionsApart ?? []) {
      const apart = prefixedEngine(engine, regionTablePrefix(region));
      opened.set(region, {
        messaging: messagingArea.open(apart, context),
        workflow: workflowArea.open(apart, context),
        events: eventArea.open(apart, context),
        urlGroups: urlGroupArea.open(apart, context),
      });
    }
    return opened;
  },
  exportKeys(stores) {
    if (stores.size === 0) return { regions: undefined };
    const regions: Partial<Record<RegionName, ReturnType<typeof regionKeys>>> = {};
    for (const [name, each] of stores) regions[name] = regionKeys(each);
    return { regions };
  },
  importKeys(stores, keys) {
    for (const [name, state] of regionEntries(keys)) {
      const each = stores.get(name);
      // A region this emulator does not run was refused before anything was replaced.
      if (each === undefined) continue;
      messagingArea.importKeys(each.messaging, state);
      workflowArea.importKeys(each.workflow, state);
      eventArea.importKeys(each.events, state);
      urlGroupArea.importKeys(each.urlGroups, state);
    }
  },
  refusal(keys, stores) {
    const missing = regionEntries(keys).find(([name]) => !stores.has(name));
    if (missing === undefined) return undefined;
    const [name] = missing;
    return `holds the state of region ${name}, which this emulator does not run: start it with --regions naming ${name} (regions in code) to load it`;
  },
  bounds: [
    ...(messagingArea.bounds ?? []).map((bound) => inEachRegion(bound, (each) => each.messaging)),
    ...(workflowArea.bounds ?? []).map((bound) => inEachRegion(bound, (each) => each.workflow)),
  ],
  reset(stores) {
    for (const each of stores.values()) resetRegion(each);
  },
});

/** Empties one region's stores (its signing keys stay, as the top-level region's do). */
export function resetRegion(stores: RegionalStores): void {
  messagingArea.reset(stores.messaging);
  workflowArea.reset(stores.workflow);
  eventArea.reset(stores.events);
  urlGroupArea.reset(stores.urlGroups);
}

function regionKeys(stores: RegionalStores) {
  return {
    ...messagingArea.exportKeys(stores.messaging),
    ...workflowArea.exportKeys(stores.workflow),
    ...eventArea.exportKeys(stores.events),
    ...urlGroupArea.exportKeys(stores.urlGroups),
  };
}

function regionEntries(keys: AreaData<Shape>): [RegionName, RegionState][] {
  return Object.entries(keys.regions ?? {}) as [RegionName, RegionState][];
}

/** A bound of a top-level area, held by each region on its own (its stores enforce it apart). */
function inEachRegion<AreaShape extends z.ZodRawShape, S>(
  bound: AreaBound<AreaShape, S>,
  pick: (stores: RegionalStores) => S,
): AreaBound<Shape, Stores> {
  return {
    limit: bound.limit,
    what: `${bound.what} in one region`,
    inKeys: (keys) => Math.max(0, ...regionEntries(keys).map(([, state]) => bound.inKeys(state as never))),
    inStores: (stores) => Math.max(0, ...[...stores.values()].map((each) => bound.inStores(pick(each)))),
  };
}
