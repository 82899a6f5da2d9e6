import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { RunningEmulator } from "@stashkit/emulator";
import { Client as QStashClient, Receiver } from "@upstash/qstash";
import { type RouteFunction, serve, type WorkflowServeOptions } from "@upstash/workflow";
import { onCleanup } from "./helpers.ts";

/** What an app is configured with: where its QStash client sends, and the keys its receiver checks. */
export interface AppWiring {
  qstashUrl: string;
  token: string;
  signingKeys: { current: string; next: string };
}

export function emulatorWiring(server: RunningEmulator): AppWiring {
  return { qstashUrl: server.url, token: server.messagingToken, signingKeys: { ...server.signingKeys } };
}

/**
 * A real @upstash/workflow app: `route` served with `serve()` on 127.0.0.1 (an ephemeral port, or
 * the one given), closed after the test. Its `url` is the workflow endpoint.
 */
export async function workflowApp<TPayload = unknown>(
  wiring: AppWiring,
  route: RouteFunction<TPayload, unknown>,
  options: { port?: number; verify?: boolean } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const { port = 0, verify = true } = options;
  const serveOptions: WorkflowServeOptions<TPayload, unknown> = {
    qstashClient: new QStashClient({ baseUrl: wiring.qstashUrl, token: wiring.token }),
  };
  if (verify) {
    serveOptions.receiver = new Receiver({
      currentSigningKey: wiring.signingKeys.current,
      nextSigningKey: wiring.signingKeys.next,
    });
  }
  const { handler } = serve(route, serveOptions);
  const server = createServer((req, res) => void relay(req, res, handler));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  onCleanup(close);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/workflow`, close };
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

/** Polls `read` until it gives a value (a run reaching a state in real time); fails after `what` times out. */
export async function eventually<T>(
  read: () => T | undefined | Promise<T | undefined>,
  what: string,
): Promise<T> {
  const giveUp = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > giveUp) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
