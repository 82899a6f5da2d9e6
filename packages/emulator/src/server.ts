import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { apiRoutes } from "./api-routes.ts";
import { controlRoutes } from "./control/control-routes.ts";
import { createControls } from "./control/controls.ts";
import { FaultScript } from "./faults/fault.ts";
import { createDispatcher } from "./http/dispatch.ts";
import { RateLimiter } from "./http/rate-limit.ts";
import { send } from "./http/reply.ts";
import { createMessaging } from "./messaging/messaging.ts";
import { DEFAULT_ACCOUNT, DEFAULT_MESSAGING_TOKEN, type EmulatorOptions } from "./options.ts";
import { type RequestLogEntry, RequestTally } from "./request-log.ts";
import type { RunningEmulator } from "./running-emulator.ts";
import { initialSettings } from "./settings.ts";
import { Store } from "./state/store.ts";

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const tokens = options.messagingTokens ?? [DEFAULT_MESSAGING_TOKEN];
  const accounts = options.accounts ?? [DEFAULT_ACCOUNT];
  const messagingToken = tokens[0];
  const account = accounts[0];
  if (messagingToken === undefined || account === undefined) {
    throw new Error("the emulator needs at least one messaging token and one management account");
  }
  if (options.controlToken === "") throw new Error("controlToken must not be empty");
  const settings = initialSettings(options);
  const store = new Store(options.dataFile);
  const messaging = createMessaging(store, options);
  const faults = new FaultScript();
  const requests: RequestLogEntry[] = [];
  const tally = new RequestTally();
  const hung = new Set<ServerResponse>();
  const host = options.host ?? "127.0.0.1";

  const controls = createControls({
    settings,
    store,
    faults,
    requests,
    tally,
    messaging,
    accounts,
  });
  const dispatch = createDispatcher({
    resolve: apiRoutes({ store, messaging, settings }),
    control: controlRoutes(controls, { token: options.controlToken, boundHost: host }),
    settings,
    faults,
    requests,
    tally,
    limiter: new RateLimiter(),
    tokens,
    accounts,
    hung,
  });

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
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port, address, family } = server.address() as AddressInfo;
  const urlHost = family === "IPv6" ? `[${address}]` : address;

  const stop = async () => {
    messaging.stop();
    for (const res of hung) res.destroy();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  };

  messaging.start();
  return { ...controls, url: `http://${urlHost}:${port}`, port, messagingToken, account, stop, close: stop };
}

/** The path without its query string, which may carry a token. */
function pathOf(url: string | undefined): string {
  return (url ?? "/").split("?", 1)[0] ?? "/";
}
