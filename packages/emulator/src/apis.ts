import type { Clock } from "./clock/clock.ts";
import type { ApiProfile } from "./http/api.ts";
import { managementApi } from "./management/profile.ts";
import type { DeliveredMessage } from "./messaging/engine/delivery/delivered.ts";
import type { DestinationFaults } from "./messaging/engine/delivery/destination-faults.ts";
import type { WorkflowTesting } from "./messaging/engine/workflow/harness.ts";
import { messagingApi, type RegionView } from "./messaging/profile.ts";
import type { RegionPlan } from "./messaging/records/region-plan.ts";
import type { Account, EmulatorOptions } from "./options/emulator-options.ts";
import type { Limits } from "./options/limits.ts";
import type { EmulatorSettings } from "./options/settings.ts";
import { searchDataApi } from "./search-data/module.ts";
import type { SigningKeys } from "./signing/keys.ts";
import type { StoreArea } from "./state/area.ts";
import type { Stores } from "./state/stores.ts";

/** What an API may take when it is mounted; each takes only what it names. */
export interface EmulatorDeps {
  stores: Stores;
  /** Live settings: read them at each request. */
  settings: EmulatorSettings;
  options: EmulatorOptions;
  /** The QStash regions to run (one, unnamed, without `regions`): where, with which credentials. */
  regions: readonly RegionPlan[];
  accounts: readonly Account[];
  /** The emulator's clock: real time plus what tests moved it forward by. */
  clock: Clock;
  /** The bounds on what grows with use. */
  limits: Limits;
  /** One line to whoever runs the emulator, once per topic (a bound that starts dropping data). */
  noticeOnce(topic: string, text: string): void;
}

/** What an API offers the control API and `RunningEmulator` besides its routes. */
export interface ApiLevers {
  /** Messages delivered to their destinations, in delivery order. */
  delivered: DeliveredMessage[];
  /** The keys deliveries are signed with (live: rotation changes them). */
  signingKeys: SigningKeys;
  isInFlight(messageId: string): boolean;
  /** Workflow apps tested like functions. */
  workflows: WorkflowTesting;
  /** Failures scripted for delivery destinations. */
  destinationFaults: DestinationFaults;
  /** The messaging API's regions, the default first among them (one for a single-region emulator). */
  regions: readonly RegionView[];
}

/** A mounted API: its profile, and what the server runs for it besides requests. */
export interface MountedApi {
  profile: ApiProfile<unknown>;
  /** Once the server listens: starts its background work (deliveries, cron ticks). */
  start?(): void;
  /** Before the server closes: stops it. */
  stop?(): void;
  /** The clock moved forward: runs what came due; answers how many scheduled ticks fired. */
  clockMoved?(): number;
  /** Its state was replaced under it (a restore at run time): plans what the new state holds. */
  stateReplaced?(): void;
  levers?: Partial<ApiLevers>;
}

/** One emulated API: its name, the store areas it owns, and how it is mounted. */
export interface ApiModule {
  readonly name: string;
  readonly areas: readonly StoreArea[];
  mount(deps: EmulatorDeps): MountedApi;
}

/**
 * Every emulated API, in route-matching order. Adding an API is its folder (a store area, a route
 * table, an error factory, a profile), its import and entry here, and its factory's name in
 * `test/error-factories.test.ts`; the pipeline, the state, the request counts and snapshots
 * follow from this list. The control API is mounted after them by the server.
 */
export const APIS = [messagingApi, managementApi, searchDataApi] as const satisfies readonly ApiModule[];

type Module = (typeof APIS)[number];

/** The names of the emulated APIs, as the request counts use them. */
export type ApiName = Module["name"];

/** The store areas of a list of APIs, as a union of their types. */
export type AreasOf<Apis extends readonly ApiModule[]> = Apis[number]["areas"][number];

/** Every store area the APIs own, in the order of the list. */
export function storeAreas<Apis extends readonly ApiModule[]>(apis: Apis): readonly AreasOf<Apis>[] {
  return apis.flatMap((api): readonly AreasOf<Apis>[] => api.areas);
}
