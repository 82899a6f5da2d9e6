import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Client as QStashClient, Receiver } from "@upstash/qstash";
import { Client, type RouteFunction, serve, type WorkflowServeOptions } from "@upstash/workflow";
import { afterEach } from "vitest";
import type { EmulatorOptions, RunningEmulator } from "../../src/index.ts";
import { emulator } from "../helpers.ts";
import { eventually } from "../sdk/helpers.ts";

const apps: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** Retry backoff compressed ten-thousandfold, as in the SDK suite. */
export const FAST_RETRIES = 0.0001;

/** An emulator and the official Workflow client pointed at it. */
export async function withWorkflow(options: EmulatorOptions = {}) {
  const server = await emulator({ retryBackoffScale: FAST_RETRIES, ...options });
  const client = new Client({ baseUrl: server.url, token: server.messagingToken });
  return { server, client };
}

/** What every app served here is configured with: the emulator's client and signing keys. */
export function appOptions(server: RunningEmulator) {
  return {
    qstashClient: new QStashClient({ baseUrl: server.url, token: server.messagingToken }),
    receiver: new Receiver({
      currentSigningKey: server.signingKeys.current,
      nextSigningKey: server.signingKeys.next,
    }),
  };
}

/** Listens on 127.0.0.1 with a fetch-style handler; `url` is the app's base URL. */
export async function listen(handle: (request: Request) => Promise<Response>) {
  const server = createServer((req, res) => void relay(req, res, handle));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  apps.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
  return { url: `http://127.0.0.1:${port}` };
}

async function relay(
  req: IncomingMessage,
  res: ServerResponse,
  handle: (request: Request) => Promise<Response>,
) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  const body = Buffer.concat(chunks);
  const request = new Request(`http://${req.headers.host}${req.url ?? "/"}`, {
    method: req.method ?? "GET",
    headers,
    ...(req.method === "GET" || req.method === "HEAD" ? {} : { body }),
  });
  const response = await handle(request);
  res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** A Workflow app served with `serve()` on plain node:http at `<url>/workflow`. */
export async function workflowApp<TPayload = unknown, TResult = unknown>(
  server: RunningEmulator,
  route: RouteFunction<TPayload, TResult>,
  options: Partial<WorkflowServeOptions<TPayload, TResult>> = {},
) {
  const { handler } = serve(route, { ...appOptions(server), ...options });
  const app = await listen(handler);
  return { url: `${app.url}/workflow` };
}

/** The run's log as `client.logs()` gives it, once `done` holds for it. */
export async function runLog(
  client: Client,
  workflowRunId: string,
  done: (run: Awaited<ReturnType<Client["logs"]>>["runs"][number]) => boolean,
  what: string,
) {
  return await eventually(async () => {
    const { runs } = await client.logs({ workflowRunId });
    const run = runs[0];
    return run !== undefined && done(run) ? run : undefined;
  }, what);
}
