import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { controlRoutes } from "./control/control-routes.ts";
import { applyFault } from "./faults/apply.ts";
import { type Fault, FaultScript, faultPhase, type RouteKey } from "./faults/fault.ts";
import { type Account, redactedAuthorization, requireBasic, requireBearer } from "./http/auth.ts";
import { HttpError, type Reply, readBody, send } from "./http/reply.ts";
import { Router } from "./http/router.ts";
import { type ManagementSettings, searchRoutes } from "./management/search-routes.ts";
import { type DeliveredMessage, Delivery } from "./messaging/delivery.ts";
import { queueRoutes } from "./messaging/queue-routes.ts";
import {
  DEFAULT_ACCOUNT,
  DEFAULT_MESSAGING_TOKEN,
  type EmulatorOptions,
  type ManagementErrorStyle,
} from "./options.ts";
import type { RequestLogEntry } from "./request-log.ts";
import type { Api, ApiRoute } from "./routes.ts";
import type { EmulatorState } from "./state/records.ts";
import { Store } from "./state/store.ts";

/** The prefix of the emulator's own control API; no real API path starts with it. */
export const CONTROL_PREFIX = "/__stashkit";

export interface EmulatorSettings extends ManagementSettings {
  latencyMs: number;
  jitterMs: number;
  managementErrorStyle: ManagementErrorStyle;
}

export interface RunningEmulator {
  /** Base URL of both APIs, e.g. `http://127.0.0.1:40123`. */
  url: string;
  port: number;
  /** A token the messaging API accepts. */
  messagingToken: string;
  /** An account the management API accepts. */
  account: Account;
  /** Live settings: change them at any time (latency, race window, duplicate mode). */
  settings: EmulatorSettings;
  /** Every API request in arrival order (control requests are not logged). */
  requests: RequestLogEntry[];
  /** Messages delivered to their destinations, in delivery order. */
  delivered: DeliveredMessage[];
  state: EmulatorState;
  /** Queue faults for a route such as `POST /v2/search`; consumed one per request. */
  inject(route: RouteKey, ...faults: Fault[]): void;
  /** How many scripted faults each route still has. */
  pendingFaults(): Record<RouteKey, number>;
  clearFaults(): void;
  clearRequests(): void;
  stop(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const tokens = options.messagingTokens ?? [DEFAULT_MESSAGING_TOKEN];
  const accounts = options.accounts ?? [DEFAULT_ACCOUNT];
  const firstToken = tokens[0];
  const firstAccount = accounts[0];
  if (firstToken === undefined || firstAccount === undefined) {
    throw new Error("the emulator needs at least one messaging token and one management account");
  }
  const settings: EmulatorSettings = {
    duplicateNames: options.duplicateNames ?? "allow",
    duplicateStatus: options.duplicateStatus ?? 409,
    createDelayMs: options.createDelayMs ?? 0,
    latencyMs: options.latency?.fixedMs ?? 0,
    jitterMs: options.latency?.jitterMs ?? 0,
    managementErrorStyle: options.managementErrorStyle ?? "json-string",
  };
  const store = new Store(options.dataFile);
  const delivery = new Delivery(store, options.deliveryRetryMs ?? 250);
  const faults = new FaultScript();
  const requests: RequestLogEntry[] = [];

  const queues = queueRoutes(store, delivery);
  const search = searchRoutes(store, settings);
  const router = new Router<ApiRoute>()
    .add("POST", "/v2/queues", queues.upsert)
    .add("GET", "/v2/queues", queues.list)
    .add("GET", "/v2/queues/:name", queues.get)
    .add("DELETE", "/v2/queues/:name", queues.remove)
    .add("POST", "/v2/queues/:name/pause", queues.pause)
    .add("POST", "/v2/queues/:name/resume", queues.resume)
    .add("POST", "/v2/enqueue/:name/*destination", queues.enqueue)
    .add("GET", "/v2/search", search.list)
    .add("POST", "/v2/search", search.create)
    .add("GET", "/v2/search/:id", search.get)
    .add("DELETE", "/v2/search/:id", search.remove);

  const hung = new Set<ServerResponse>();
  const emulator = {} as RunningEmulator;
  const control = controlRoutes(emulator, store);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? "/";
    const queryStart = rawUrl.indexOf("?");
    const path = queryStart < 0 ? rawUrl : rawUrl.slice(0, queryStart);
    const query = new URLSearchParams(queryStart < 0 ? "" : rawUrl.slice(queryStart + 1));
    const method = req.method ?? "GET";

    if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
      send(res, await control(method, path.slice(CONTROL_PREFIX.length), await readBody(req)));
      return;
    }

    const entry: RequestLogEntry = {
      method,
      path,
      route: null,
      status: 0,
      authorization: redactedAuthorization(req, query),
      at: Date.now(),
    };
    requests.push(entry);

    const match = router.match(method, path);
    if (match === undefined || match === "method-not-allowed") {
      const status = match === undefined ? 404 : 405;
      entry.status = status;
      send(res, { status, json: { error: match === undefined ? "not found" : "method not allowed" } });
      return;
    }
    entry.route = match.pattern;
    const { route, params } = match;

    const delay = settings.latencyMs + Math.random() * settings.jitterMs;
    if (delay > 0) await sleep(delay);

    const fault = faults.next(match.pattern);
    const runFaultFirst = fault !== undefined && faultPhase(fault) === "before";
    let reply: Reply | undefined;
    if (!runFaultFirst) {
      try {
        const rawBody = await readBody(req);
        const account = route.api === "management" ? requireBasic(req, accounts) : undefined;
        if (route.api === "messaging") requireBearer(req, query, tokens);
        reply = await route.handle({ req, params, query, rawBody, account });
      } catch (error) {
        reply = errorReply(route.api, error, settings.managementErrorStyle);
      }
    }
    if (fault) {
      const outcome = applyFault(fault, reply);
      if ("socket" in outcome) {
        entry.status = outcome.socket;
        if (outcome.socket === "reset") req.socket.destroy();
        else hung.add(res);
        return;
      }
      reply = outcome.reply;
    }
    const final = reply as Reply;
    entry.status = final.status;
    send(res, final);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, { status: 500, json: { error: String(error) } });
      else res.destroy();
    });
  });
  // Keep-alive sockets must not hold `stop()` open.
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const { port, address, family } = server.address() as AddressInfo;
  const host = family === "IPv6" ? `[${address}]` : address;

  Object.assign(emulator, {
    url: `http://${host}:${port}`,
    port,
    messagingToken: firstToken,
    account: firstAccount,
    settings,
    requests,
    delivered: delivery.delivered,
    state: store.state,
    inject: (routeKey: RouteKey, ...scripted: Fault[]) => faults.add(routeKey, scripted),
    pendingFaults: () => faults.remaining(),
    clearFaults: () => faults.clear(),
    clearRequests: () => {
      requests.length = 0;
    },
    stop: async () => {
      delivery.stop();
      for (const res of hung) res.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  } satisfies RunningEmulator);

  delivery.pumpAll();
  return emulator;
}

/** Renders an error the way each API words it. */
function errorReply(api: Api, error: unknown, style: ManagementErrorStyle): Reply {
  if (!(error instanceof HttpError)) throw error;
  const base = { status: error.status, headers: error.headers };
  if (api === "messaging") return { ...base, json: { error: error.message } };
  switch (style) {
    case "text":
      return { ...base, text: error.message };
    case "json-string":
      return { ...base, json: error.message };
    case "error-object":
      return { ...base, json: { error: error.message } };
    case "message-object":
      return { ...base, json: { message: error.message } };
  }
}
