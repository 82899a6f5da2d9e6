import type { ServerResponse } from "node:http";
import {
  type APIS,
  type ApiLevers,
  type ApiModule,
  type ApiName,
  type AreasOf,
  type EmulatorDeps,
  type MountedApi,
  storeAreas,
} from "./apis.ts";
import { Clock } from "./clock/clock.ts";
import { createControls, type EmulatorControls } from "./control/controls.ts";
import { controlErrors } from "./control/errors.ts";
import { controlProfile } from "./control/profile.ts";
import { applyFault } from "./faults/apply.ts";
import { FaultScript, faultPhase } from "./faults/fault.ts";
import { createPipeline, type PendingFault } from "./http/pipeline.ts";
import { RateLimiter } from "./http/rate-limit.ts";
import {
  DEFAULT_REQUEST_LOG_LIMIT,
  type RequestCounts,
  type RequestLogEntry,
  RequestTally,
} from "./http/request-log.ts";
import { createInspector, type Inspector } from "./inspector/module.ts";
import { managementArea } from "./management/store.ts";
import { DestinationFaults } from "./messaging/engine/delivery/destination-faults.ts";
import type { WorkflowTesting } from "./messaging/engine/workflow/harness.ts";
import { messagingErrors } from "./messaging/errors.ts";
import { planRegions, regionsApart } from "./messaging/records/region-plan.ts";
import { DEFAULT_ACCOUNT, type EmulatorOptions } from "./options/emulator-options.ts";
import { limitsOf } from "./options/limits.ts";
import { withQStashDev } from "./options/qstash-dev.ts";
import { type EmulatorSettings, initialSettings } from "./options/settings.ts";
import type { AreaContext, StateOfAreas } from "./state/area.ts";
import { noticeBoard } from "./state/notices.ts";
import { openStores } from "./state/open-storage.ts";
import { readSnapshotFile } from "./state/snapshot.ts";
import { SnapshotError } from "./state/snapshot-error.ts";
import type { AnyArea, Stores } from "./state/stores.ts";

/** Everything a running emulator is made of, before it listens; `A` is its store areas. */
export interface Assembled<A extends AnyArea = AreasOf<typeof APIS>> {
  stores: Stores<A>;
  mounted: MountedApi[];
  settings: EmulatorSettings;
  controls: EmulatorControls<StateOfAreas<A>, RequestCounts<ApiName>>;
  inspector: Inspector;
  dispatch: ReturnType<typeof createPipeline>;
  /** Responses a `hang` fault keeps open; destroyed at stop. */
  hung: Set<ServerResponse>;
  credentials: ReturnType<typeof credentials>;
  host: string;
  /** Tells the parts that need it (the inspector's buttons) where the emulator listens. */
  listening(url: string): void;
}

/**
 * The stores (opened, or replaced by a snapshot), the mounted APIs, the control API, the
 * inspector and the pipeline that serves them all. A failure closes the stores it opened.
 */
export function assemble<const Apis extends readonly ApiModule[]>(
  apis: Apis,
  given: EmulatorOptions,
): Assembled<AreasOf<Apis>> {
  const notices = noticeBoard(given.log);
  const options = withQStashDev(given, notices.say);
  const found = credentials(options);
  const settings = initialSettings(options);
  const limits = limitsOf(options.limits);
  const clock = new Clock();
  const context = { noticeOnce: notices.once, limits, clock, regionsApart: regionsApart(found.regions) };
  const stores = startingStores(apis, options, context, notices);
  try {
    const deps: EmulatorDeps = {
      ...found,
      stores,
      settings,
      options,
      clock,
      limits,
      noticeOnce: notices.once,
    };
    const mounted = apis.map((api) => api.mount(deps));
    const served = serving({ apis, mounted, stores, settings, options, clock, found });
    return { ...served, stores, mounted, settings, credentials: found };
  } catch (error) {
    stores.close();
    throw error;
  }
}

/** The levers, the control API, the inspector and the pipeline, over the mounted APIs. */
function serving<A extends AnyArea>(parts: {
  apis: readonly ApiModule[];
  mounted: MountedApi[];
  stores: Stores<A>;
  settings: EmulatorSettings;
  options: EmulatorOptions;
  clock: Clock;
  found: ReturnType<typeof credentials>;
}) {
  const { mounted, stores, settings, options, clock, found } = parts;
  const levers = leversOf(mounted);
  const host = options.host ?? "127.0.0.1";
  const tally = new RequestTally(parts.apis.map((api) => api.name));
  const faults = new FaultScript();
  const requests: RequestLogEntry[] = [];
  const clockMoved = () => mounted.reduce((fired, api) => fired + (api.clockMoved?.() ?? 0), 0);
  const stateReplaced = () => {
    for (const api of mounted) api.stateReplaced?.();
  };
  const indexes = stores.of(managementArea);
  const controls = createControls<A, RequestCounts<ApiName>>({
    ...{ settings, stores, clock, levers, tally, indexes, faults, requests, clockMoved, stateReplaced },
    accounts: found.accounts,
  });
  const policy = { token: options.controlToken, boundHost: host };
  let url = "";
  const regions = () =>
    levers.regions.map(({ name, isDefault, prefix, credentials }) => {
      return { name, isDefault, path: prefix, token: credentials.tokens[0] ?? "" };
    });
  const actions = { url: () => url, regions, indexes: () => indexes.list() };
  const inspector = createInspector({ stores, levers, clock, actions, policy, requests });
  const hung = new Set<ServerResponse>();
  const dispatch = createPipeline({
    apis: [...mounted.map((api) => api.profile), controlProfile(controls, policy), inspector.profile],
    delayMs: () => settings.latencyMs + Math.random() * settings.jitterMs,
    nextFault: (route) => pendingFault(faults, route),
    ...{ requests, tally, hung },
    limiter: new RateLimiter(),
    unit: (work, keep) => stores.unit(work, keep),
    commit: () => stores.commit(),
    now: () => clock.now(),
    requestLogLimit: options.requestLogLimit ?? DEFAULT_REQUEST_LOG_LIMIT,
    site: {
      boundHost: host,
      allowedHosts: options.allowedHosts ?? [],
      allowedOrigins: options.allowedOrigins ?? [],
    },
  });
  const listening = (at: string) => {
    url = at;
  };
  return { controls, inspector, dispatch, hung, host, listening };
}

/**
 * The stores, on the data file or in memory; with `importFile`, replaced by a snapshot (and
 * committed at once, so the file and the snapshot agree from the start).
 */
function startingStores<Apis extends readonly ApiModule[]>(
  apis: Apis,
  options: EmulatorOptions,
  context: AreaContext,
  notices: ReturnType<typeof noticeBoard>,
): Stores<AreasOf<Apis>> {
  const opened = openStores(storeAreas(apis), options.dataFile, context);
  for (const notice of opened.notices) notices.say(notice);
  const file = options.importFile;
  if (file === undefined) return opened.stores;
  try {
    opened.stores.replace(readSnapshotFile(file), (problem) => new SnapshotError(file, problem));
    opened.stores.commit();
  } catch (error) {
    opened.stores.close();
    throw error;
  }
  return opened.stores;
}

/** What the mounted APIs offer the control API; an API list without messaging offers an empty record. */
function leversOf(mounted: readonly MountedApi[]): ApiLevers {
  const offered: Partial<ApiLevers> = Object.assign({}, ...mounted.map((api) => api.levers ?? {}));
  return {
    delivered: offered.delivered ?? [],
    signingKeys: offered.signingKeys ?? { current: "", next: "" },
    isInFlight: offered.isInFlight ?? (() => false),
    workflows: offered.workflows ?? noWorkflows(),
    destinationFaults: offered.destinationFaults ?? new DestinationFaults(),
    regions: offered.regions ?? [],
  };
}

/** Without the messaging API there is no run to test: every call names the missing run. */
function noWorkflows(): WorkflowTesting {
  const missing = (runId: string) => messagingErrors.notFound("workflow run", runId);
  return {
    start: () => {
      throw controlErrors.notMounted("workflow API");
    },
    import: () => {
      throw controlErrors.notMounted("workflow API");
    },
    settle: (runId) => Promise.reject(missing(runId)),
    steps: (runId) => {
      throw missing(runId);
    },
    summary: (runId) => {
      throw missing(runId);
    },
    list: () => [],
  };
}

/**
 * The credentials the APIs accept: the regions' (each with its tokens) and the accounts; the
 * first token of the default region and the first account are the ones handed out.
 */
function credentials(options: EmulatorOptions) {
  const regions = planRegions(options);
  const accounts = options.accounts ?? [DEFAULT_ACCOUNT];
  const handedOut = regions.find((region) => region.isDefault)?.credentials;
  const messagingToken = handedOut?.tokens[0];
  const messagingReadOnlyToken = handedOut?.readOnlyTokens[0];
  const [account] = accounts;
  if (messagingToken === undefined || messagingReadOnlyToken === undefined || account === undefined) {
    throw new Error(
      "the emulator needs at least one messaging token, one read-only token and one management account",
    );
  }
  if (options.controlToken === "") throw new Error("controlToken must not be empty");
  return { regions, accounts, messagingToken, messagingReadOnlyToken, account };
}

function pendingFault(faults: FaultScript, route: string): PendingFault | undefined {
  const fault = faults.next(route);
  if (fault === undefined) return undefined;
  return { replacesHandler: faultPhase(fault) === "before", apply: (real) => applyFault(fault, real) };
}
