import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  APIS,
  type ApiLevers,
  type ApiModule,
  type ApiName,
  type EmulatorDeps,
  type MountedApi,
  storeAreas,
} from "./apis.ts";
import { Clock } from "./clock/clock.ts";
import { applySeedAtStart } from "./control/apply-seed.ts";
import { createControls } from "./control/controls.ts";
import { controlProfile } from "./control/profile.ts";
import { readSeedFile } from "./control/seed-file.ts";
import type { EmulatorState } from "./emulator-state.ts";
import { applyFault } from "./faults/apply.ts";
import { FaultScript, faultPhase } from "./faults/fault.ts";
import { createPipeline, type PendingFault } from "./http/pipeline.ts";
import { RateLimiter } from "./http/rate-limit.ts";
import { send } from "./http/reply.ts";
import {
  DEFAULT_REQUEST_LOG_LIMIT,
  type RequestCounts,
  type RequestLogEntry,
  RequestTally,
} from "./http/request-log.ts";
import { createInspector, type Inspector } from "./inspector/module.ts";
import { managementArea } from "./management/store.ts";
import {
  DEFAULT_ACCOUNT,
  DEFAULT_MESSAGING_TOKEN,
  type EmulatorOptions,
} from "./options/emulator-options.ts";
import { limitsOf } from "./options/limits.ts";
import { initialSettings } from "./options/settings.ts";
import type { RunningEmulator } from "./running-emulator.ts";
import type { AreaContext } from "./state/area.ts";
import { noticeBoard } from "./state/notices.ts";
import { openStores } from "./state/open-storage.ts";
import { readSnapshotFile, writeSnapshotFile } from "./state/snapshot.ts";
import { SnapshotError } from "./state/snapshot-error.ts";
import type { Stores } from "./state/stores.ts";

export function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startWith(APIS, options);
}

/**
 * Starts a server of the given APIs (the list in `apis.ts`, which tests may extend with a toy
 * API to prove that one more API is one more entry) and the control API.
 */
export async function startWith(
  apis: readonly ApiModule[],
  options: EmulatorOptions = {},
): Promise<RunningEmulator> {
  const { tokens, accounts, messagingToken, account } = credentials(options);
  const settings = initialSettings(options);
  // Checked before anything listens: a bad seed file stops the start at once.
  const seed = options.seedFile === undefined ? undefined : await readSeedFile(options.seedFile);
  const notices = noticeBoard(options.log);
  const limits = limitsOf(options.limits);
  const stores = startingStores(apis, options, { noticeOnce: notices.once, limits }, notices);
  const clock = new Clock();
  const deps: EmulatorDeps = {
    stores,
    settings,
    options,
    tokens,
    accounts,
    clock,
    limits,
    noticeOnce: notices.once,
  };
  let mounted: MountedApi[];
  try {
    mounted = apis.map((api) => api.mount(deps));
  } catch (error) {
    stores.close();
    throw error;
  }
  const faults = new FaultScript();
  const requests: RequestLogEntry[] = [];
  const tally = new RequestTally(apis.map((api) => api.name));
  const hung = new Set<ServerResponse>();
  const host = options.host ?? "127.0.0.1";
  const indexes = stores.of(managementArea);
  const levers = leversOf(mounted);
  const clockMoved = () => mounted.reduce((fired, api) => fired + (api.clockMoved?.() ?? 0), 0);
  const controlParts = {
    settings,
    stores,
    indexes,
    faults,
    requests,
    tally,
    clock,
    levers,
    clockMoved,
    accounts,
  };
  const controls = createControls<EmulatorState, RequestCounts<ApiName>>(controlParts);
  const policy = { token: options.controlToken, boundHost: host };
  const control = controlProfile(controls, policy);
  let url = "";
  const actions = { url: () => url, messagingToken, indexes: () => indexes.list() };
  const inspector = createInspector({
    stores,
    levers,
    clock,
    actions,
    policy,
    requests,
  });

  const dispatch = createPipeline({
    apis: [...mounted.map((api) => api.profile), control, inspector.profile],
    delayMs: () => settings.latencyMs + Math.random() * settings.jitterMs,
    nextFault: (route) => pendingFault(faults, route),
    requests,
    tally,
    limiter: new RateLimiter(),
    commit: () => stores.commit(),
    hung,
    requestLogLimit: options.requestLogLimit ?? DEFAULT_REQUEST_LOG_LIMIT,
    site: {
      boundHost: host,
      allowedHosts: options.allowedHosts ?? [],
      allowedOrigins: options.allowedOrigins ?? [],
    },
  });
  let server: Server;
  try {
    server = await listen(withEventStream(inspector, dispatch), options.port ?? 0, host);
  } catch (error) {
    stores.close();
    throw error;
  }
  const { port, address, family } = server.address() as AddressInfo;
  url = `http://${family === "IPv6" ? `[${address}]` : address}:${port}`;
  const exportOnExit = () => {
    if (options.exportOnExit) writeSnapshotFile(options.exportOnExit, controls.exportSnapshot());
  };
  const stop = stopOnce(() => shutDown({ mounted, exportOnExit, hung, server, stores }));
  for (const api of mounted) api.start?.();
  if (seed) {
    const target = { url, messagingToken, accounts, settings, clearRequests: controls.clearRequests };
    await applySeedAtStart(seed, target).catch((error: unknown) => stop().then(() => Promise.reject(error)));
  }
  return { ...controls, url, port, messagingToken, account, stop, close: stop };
}

/**
 * The stores, on the data file or in memory; with `importFile`, replaced by a snapshot (and
 * committed at once, so the file and the snapshot agree from the start).
 */
function startingStores(
  apis: readonly ApiModule[],
  options: EmulatorOptions,
  context: AreaContext,
  notices: ReturnType<typeof noticeBoard>,
): Stores {
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
  };
}

/** Stops background work, writes the snapshot asked for, closes every connection, then the store. */
async function shutDown(parts: {
  mounted: readonly MountedApi[];
  exportOnExit(): void;
  hung: Set<ServerResponse>;
  server: Server;
  stores: Stores;
}): Promise<void> {
  for (const api of parts.mounted) api.stop?.();
  try {
    parts.exportOnExit();
  } finally {
    for (const res of parts.hung) res.destroy();
    await new Promise<void>((resolve) => {
      parts.server.close(() => resolve());
      parts.server.closeAllConnections();
    });
    parts.stores.close();
  }
}

/** Runs `stop` once: a second call (a test's own, then its teardown's) must not export again. */
function stopOnce(stop: () => Promise<void>): () => Promise<void> {
  let stopped: Promise<void> | undefined;
  return () => {
    stopped ??= stop();
    return stopped;
  };
}

/** The inspector's event stream stays open, so it is served beside the pipeline. */
function withEventStream(inspector: Inspector, dispatch: Dispatch): Dispatch {
  return (req, res) => {
    if (!inspector.claims(req)) return dispatch(req, res);
    inspector.stream(req, res);
    return Promise.resolve();
  };
}

/** The credentials the APIs accept; the first of each is the one handed out. */
function credentials(options: EmulatorOptions) {
  const tokens = options.messagingTokens ?? [DEFAULT_MESSAGING_TOKEN];
  const accounts = options.accounts ?? [DEFAULT_ACCOUNT];
  const [messagingToken] = tokens;
  const [account] = accounts;
  if (messagingToken === undefined || account === undefined) {
    throw new Error("the emulator needs at least one messaging token and one management account");
  }
  if (options.controlToken === "") throw new Error("controlToken must not be empty");
  return { tokens, accounts, messagingToken, account };
}

function pendingFault(faults: FaultScript, route: string): PendingFault | undefined {
  const fault = faults.next(route);
  if (fault === undefined) return undefined;
  return { replacesHandler: faultPhase(fault) === "before", apply: (real) => applyFault(fault, real) };
}

type Dispatch = ReturnType<typeof createPipeline>;

async function listen(dispatch: Dispatch, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    dispatch(req, res).catch((error: unknown) => {
      // The details (paths, stack) go to the operator, not to the client.
      process.stderr.write(`stashkit-emulator: ${req.method} ${pathOf(req.url)} failed: ${String(error)}\n`);
      if (!res.headersSent) send(res, { status: 500, json: { error: "internal emulator error" } });
      else res.destroy();
    });
  });
  // Keep-alive sockets must not hold `stop()` open.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/** The path without its query string, which may carry a token. */
function pathOf(url: string | undefined): string {
  return (url ?? "/").split("?", 1)[0] ?? "/";
}
