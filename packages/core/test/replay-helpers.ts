import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { RunningEmulator } from "@stashkit/emulator";
import { Client as QStashClient, Receiver } from "@upstash/qstash";
import { type RouteFunction, serve } from "@upstash/workflow";
import { expect } from "vitest";
import { onCleanup } from "./helpers.ts";

/** A request a local app received. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

async function listen(handle: (req: IncomingMessage, body: Buffer, res: ServerResponse) => void) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => handle(req, Buffer.concat(chunks), res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onCleanup(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A local app that answers 200 to everything and keeps what it received. */
export async function recordingApp(): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const url = await listen((req, body, res) => {
    received.push({
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      body: body.toString(),
    });
    res.end("ok");
  });
  return { url, received };
}

/** A Workflow app served with the official SDK's `serve()`, signed by and publishing to `emulator`. */
export async function workflowApp<T>(emulator: RunningEmulator, route: RouteFunction<T, unknown>) {
  const { handler } = serve(route, {
    qstashClient: new QStashClient({ baseUrl: emulator.url, token: emulator.messagingToken }),
    receiver: new Receiver({
      currentSigningKey: emulator.signingKeys.current,
      nextSigningKey: emulator.signingKeys.next,
    }),
  });
  const url = await listen((req, body, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === "string") headers.set(name, value);
    const request = new Request(`http://${req.headers.host}${req.url ?? "/"}`, {
      method: req.method ?? "POST",
      headers,
      ...(req.method === "GET" || req.method === "HEAD" ? {} : { body }),
    });
    void handler(request).then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  });
  return { url: `${url}/workflow` };
}

/** Waits until `condition` holds (a limit against hangs, not a timing assertion). */
export async function until(condition: () => boolean, what: string): Promise<void> {
  for (let n = 0; n < 600 && !condition(); n++) await sleep(50);
  expect(condition(), what).toBe(true);
}
