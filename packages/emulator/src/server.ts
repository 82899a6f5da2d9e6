import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { APIS, type ApiModule, type AreasOf, type MountedApi } from "./apis.ts";
import { type Assembled, assemble } from "./assemble.ts";
import { applySeedAtStart, quietly } from "./control/apply-seed.ts";
import { qstashEnvironment } from "./control/region-info.ts";
import { ensureSearchIndexes, searchEnvOf } from "./control/search-env.ts";
import { readSeedFile } from "./control/seed-file.ts";
import { send } from "./http/reply.ts";
import type { Inspector } from "./inspector/module.ts";
import type { EmulatorOptions } from "./options/emulator-options.ts";
import type { RunningEmulator } from "./running-emulator.ts";
import type { StateOfAreas } from "./state/area.ts";
import { writeSnapshotFile } from "./state/snapshot.ts";
import type { Stores } from "./state/stores.ts";
import { sqliteModule } from "./storage/sqlite/load-sqlite.ts";

export function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startWith(APIS, options);
}

/**
 * Starts a server of the given APIs (the list in `apis.ts`, which tests may extend with a toy
 * API to prove that one more API is one more entry) and the control API.
 */
export async function startWith<const Apis extends readonly ApiModule[]>(
  apis: Apis,
  options: EmulatorOptions = {},
): Promise<RunningEmulator<StateOfAreas<AreasOf<Apis>>>> {
  // Before anything else: without node:sqlite the start stops here, not at the first upsert.
  sqliteModule();
  // Checked before anything is opened: a bad seed file stops the start at once.
  const seed = options.seedFile === undefined ? undefined : await readSeedFile(options.seedFile);
  const parts = assemble(apis, options);
  const { controls, credentials, mounted, stores } = parts;
  let server: Server;
  try {
    server = await listen(withEventStream(parts.inspector, parts.dispatch), options.port ?? 0, parts.host);
  } catch (error) {
    stores.close();
    throw error;
  }
  const url = urlOf(server);
  parts.listening(url);
  const exportOnExit = () => {
    if (options.exportOnExit) writeSnapshotFile(options.exportOnExit, controls.exportSnapshot());
  };
  const stop = stopOnce(() => shutDown({ mounted, exportOnExit, hung: parts.hung, server, stores }));
  for (const api of mounted) api.start?.();
  const { messagingToken, messagingReadOnlyToken, accounts, account } = credentials;
  const target = {
    url,
    messagingToken,
    accounts,
    settings: parts.settings,
    clearRequests: controls.clearRequests,
  };
  const names = options.searchIndexes ?? [];
  await (async () => {
    if (seed) await applySeedAtStart(seed, target);
    if (names.length > 0) await quietly(target, () => ensureSearchIndexes(names, { url, account }));
  })().catch((error: unknown) => stop().then(() => Promise.reject(error)));
  const { port } = server.address() as AddressInfo;
  const searchEnv = (name: string) => searchEnvOf(parts.controls.indexes, accounts, url, name);
  const qstashEnv = () => qstashEnvironment(url, controls.regions());
  return {
    ...controls,
    ...{
      url,
      port,
      messagingToken,
      messagingReadOnlyToken,
      account,
      searchEnv,
      qstashEnv,
      stop,
      close: stop,
    },
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

type Dispatch = Assembled["dispatch"];

/** The inspector's event stream stays open, so it is served beside the pipeline. */
function withEventStream(inspector: Inspector, dispatch: Dispatch): Dispatch {
  return (req, res) => {
    if (!inspector.claims(req)) return dispatch(req, res);
    inspector.stream(req, res);
    return Promise.resolve();
  };
}

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

/**
 * The URL a client on this machine can use: bound to every interface (0.0.0.0, ::), the
 * emulator answers on loopback too, and "http://0.0.0.0:…" is no address to send to.
 */
function urlOf(server: Server): string {
  const { port, address, family } = server.address() as AddressInfo;
  const host = EVERY_INTERFACE.get(address) ?? address;
  return `http://${family === "IPv6" ? `[${host}]` : host}:${port}`;
}

const EVERY_INTERFACE = new Map([
  ["0.0.0.0", "127.0.0.1"],
  ["::", "::1"],
]);

/** The path without its query string, which may carry a token. */
function pathOf(url: string | undefined): string {
  return (url ?? "/").split("?", 1)[0] ?? "/";
}
