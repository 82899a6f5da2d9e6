import type { ApiLevers } from "../apis.ts";
import type { Clock } from "../clock/clock.ts";
import type { Fault, FaultScript, RouteKey } from "../faults/fault.ts";
import type { RequestCounts, RequestLogEntry, RequestTally } from "../http/request-log.ts";
import { seedSearchIndexes } from "../management/seed.ts";
import type { IndexStore } from "../management/store.ts";
import type { DeliveredMessage } from "../messaging/engine/delivery/delivered.ts";
import type { DestinationFault } from "../messaging/engine/delivery/destination-faults.ts";
import type { WorkflowTesting } from "../messaging/engine/workflow/harness.ts";
import { regionsArea, resetRegion } from "../messaging/records/regions-area.ts";
import type { Account } from "../options/emulator-options.ts";
import type { EmulatorSettings } from "../options/settings.ts";
import type { RegionName } from "../regions/region-names.ts";
import type { SigningKeys } from "../signing/keys.ts";
import type { StateOfAreas } from "../state/area.ts";
import type { Snapshot } from "../state/snapshot.ts";
import { takeSnapshot } from "../state/snapshot.ts";
import type { AnyArea, Stores } from "../state/stores.ts";
import { checkedFault } from "./destination-fault-request.ts";
import { type RegionInfo, regionInfo } from "./region-info.ts";
import { type ResetOptions, type RestoreOptions, restoreState, type SnapshotSource } from "./restore.ts";
import { resolveSeedRequest, type SeedRequest } from "./seed-request.ts";
import { UnknownRegionError } from "./unknown-region-error.ts";

/**
 * The levers a test pulls, in code or over the control API. Built before the server
 * listens, from the parts the server shares with it, so neither needs the other.
 * `S` is the whole state's type and `C` the request counts' (both follow the list of APIs in
 * `apis.ts`, which the server knows and this file need not).
 */
export interface EmulatorControls<S = Record<string, unknown>, C = RequestCounts> {
  /** Live settings: change them at any time (latency, race window, duplicate mode). */
  settings: EmulatorSettings;
  /** Every API request in arrival order (control requests are not logged). */
  requests: RequestLogEntry[];
  /** Messages delivered to their destinations, in delivery order. */
  delivered: DeliveredMessage[];
  /** The keys deliveries are signed with (live: `POST /v2/keys/rotate` changes them); the default region's. */
  signingKeys: SigningKeys;
  /**
   * The QStash regions it runs, the default first: each one's path, token and signing keys (one
   * region, unnamed and at the root, without `regions`).
   */
  regions(): RegionInfo[];
  /**
   * Moves the messaging clock forward: delays, retry backoff and deduplication windows end
   * sooner, and the cron ticks passed over fire. Returns how many ticks fired.
   */
  advanceClock(ms: number): number;
  /** The messaging clock: `now` (ms) and how far it has been moved ahead of real time. */
  clock(): { now: number; offsetMs: number };
  /** Every API's state, read live (each key shows what is there now, also after a reset). */
  state: S;
  /**
   * The search indexes as stored, to plant one an API would not make (a hostile name or token
   * for a client's tests) or change one in place: `put({ owner, index })`, `get(id)`, `list()`.
   */
  indexes: IndexStore;
  /** Queue faults for a route such as `POST /v2/search`; consumed one per request. */
  inject(route: RouteKey, ...faults: Fault[]): void;
  /** How many scripted faults each route still has. */
  pendingFaults(): Record<RouteKey, number>;
  clearFaults(): void;
  /** Clears the request log and its counts. */
  clearRequests(): void;
  /** Requests served and refused by the rate limit, per API, since start or the last clear. */
  requestCounts(): C;
  /** Adds `count` search indexes in one go (names `<namePrefix>-0` …); returns how many. */
  seedSearchIndexes(request: SeedRequest): { created: number };
  /**
   * Empties the state, the faults, the request log and the delivery record; given a store
   * area's name (`messaging`, `management`, …), empties that area's state only, and given
   * `{ region }`, that QStash region's state only (its signing keys stay). With
   * `{ to: snapshot }` the state is then the snapshot's (see `restore`). Returns the areas
   * reset; an unknown name throws, listing the areas, and resets nothing.
   */
  reset(area?: string | ResetOptions): string[];
  /**
   * Replaces the whole state (or one area's, `{ area }`) with a snapshot's, in one step: a
   * `Snapshot` (from `exportSnapshot()`), its parsed JSON, or the path of a snapshot file. A
   * snapshot of another format or a newer version, or an unknown area, throws and changes
   * nothing. Faults, the request log and the delivery record are left as they are. Returns the
   * areas restored.
   */
  restore(snapshot: SnapshotSource, options?: RestoreOptions): string[];
  /** The whole state as a versioned snapshot (what `--import` loads). */
  exportSnapshot(): Snapshot<S>;
  /**
   * Workflow apps tested like functions: `start(url, { body })` a run, `settle(runId)` (it goes
   * until it ends, waits for an event, or cannot go on; sleeps and backoff skipped on the test
   * clock), `steps(runId)`, `summary(runId)` (with why it is not moving), `list({ state })`.
   */
  workflows: WorkflowTesting;
  /**
   * Makes deliveries to a destination (a step's endpoint, a `context.call` URL, or a URL under
   * it) fail the next `times` attempts, answering `status`, or unreachable without one.
   */
  failDestination(fault: DestinationFault): void;
  /** The destination failures still to happen. */
  destinationFaults(): DestinationFault[];
  clearDestinationFaults(): void;
}

export interface ControlParts<A extends AnyArea = AnyArea> {
  settings: EmulatorSettings;
  stores: Stores<A>;
  indexes: IndexStore;
  faults: FaultScript;
  requests: RequestLogEntry[];
  tally: RequestTally;
  clock: Clock;
  /** What the mounted APIs offer (the messaging API's delivery record and signing keys). */
  levers: ApiLevers;
  /** Runs what came due on every API after the clock moved; answers the scheduled ticks fired. */
  clockMoved(): number;
  /** Tells every API the state was replaced under it (a restore): it picks up what is due. */
  stateReplaced(): void;
  accounts: readonly Account[];
}

/**
 * The levers; each one that changes state commits it itself (code calls them too). The state's
 * type is the state of the areas mounted.
 */
export function createControls<A extends AnyArea, C>(
  parts: ControlParts<A>,
): EmulatorControls<StateOfAreas<A>, C> {
  const { settings, stores, faults, requests, tally, levers, accounts, clock } = parts;
  const { delivered } = levers;
  const controls: EmulatorControls<StateOfAreas<A>, C> = {
    settings,
    requests,
    delivered,
    signingKeys: levers.signingKeys,
    advanceClock(ms) {
      clock.advance(ms);
      return parts.clockMoved();
    },
    clock: () => ({ now: clock.now(), offsetMs: clock.offsetMs }),
    state: stores.view(),
    indexes: parts.indexes,
    inject: (route, ...scripted) => faults.add(route, scripted),
    pendingFaults: () => faults.remaining(),
    clearFaults: () => faults.clear(),
    clearRequests: () => {
      requests.length = 0;
      tally.clear();
    },
    requestCounts: () => tally.counts() as C,
    seedSearchIndexes: (request) => {
      const seed = resolveSeedRequest(request, accounts);
      stores.unit(() => seedSearchIndexes(parts.indexes, seed, clock.now()));
      stores.commit();
      return { created: seed.count };
    },
    restore: (snapshot, options = {}) => restoreState(parts, snapshot, options),
    regions: () => levers.regions.map(regionInfo),
    reset: (request) => {
      const { to, region, ...options } =
        typeof request === "string" ? { area: request, region: undefined } : (request ?? {});
      if (region !== undefined) return resetOneRegion(parts, region);
      const { area } = options;
      // A bad snapshot or area stops the reset before anything is emptied.
      const reset = to === undefined ? stores.reset(area) : restoreState(parts, to, options);
      if (area !== undefined) return reset;
      controls.clearFaults();
      controls.clearDestinationFaults();
      controls.clearRequests();
      delivered.length = 0;
      return reset;
    },
    exportSnapshot: () => takeSnapshot(stores),
    workflows: levers.workflows,
    failDestination: (fault) => levers.destinationFaults.add(checkedFault(fault)),
    destinationFaults: () => levers.destinationFaults.pending(),
    clearDestinationFaults: () => levers.destinationFaults.clear(),
  };
  return controls;
}

/**
 * Empties one QStash region's state: the top-level areas for the region kept there, else its
 * own stores among the regions kept apart. An unknown region throws, naming those it runs.
 */
function resetOneRegion(parts: ControlParts, region: RegionName): string[] {
  const view = parts.levers.regions.find((each) => each.name === region);
  if (view === undefined) {
    const known = parts.levers.regions.flatMap((each) => each.name ?? []);
    throw new UnknownRegionError(region, known);
  }
  const apart = parts.stores.of(regionsArea).get(region);
  if (apart === undefined)
    return ["messaging", "workflow", "message-events", "url-groups"].flatMap((area) =>
      parts.stores.reset(area),
    );
  parts.stores.unit(() => resetRegion(apart));
  parts.stores.commit();
  return [`regions.${region}`];
}
