import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { z } from "zod";
import { type EmulatorOptions, type RunningEmulator, startEmulator } from "../src/index.ts";

/** Every emulator a test starts is stopped after it, pass or fail, and its data file removed. */
const running: { stop(): Promise<void> }[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/**
 * Which store the tests' emulators use: `STASHKIT_TEST_STORE=durable` (the `durable` project of
 * vitest.config.ts) runs every test that does not choose its own data file on a new one, so the
 * whole suite holds for both stores.
 */
export const TEST_STORE = process.env["STASHKIT_TEST_STORE"] === "durable" ? "durable" : "memory";

export async function emulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const started = await startEmulator({ ...storeFor(options), ...options });
  running.push(started);
  return started;
}

/** A data file of its own for a test on the durable store that gave none. */
function storeFor(options: EmulatorOptions): EmulatorOptions {
  if (TEST_STORE === "memory" || options.dataFile !== undefined) return {};
  const folder = mkdtempSync(join(tmpdir(), "stashkit-durable-"));
  folders.push(folder);
  return { dataFile: join(folder, "state.db") };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

async function call(url: string, init: RequestInit): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export function basic(email: string, apiKey: string): string {
  return `Basic ${Buffer.from(`${email}:${apiKey}`).toString("base64")}`;
}

/** A management API caller authenticated as the emulator's default account (or another). */
export function management(
  server: RunningEmulator,
  auth = basic(server.account.email, server.account.apiKey),
) {
  const headers = { authorization: auth, "content-type": "application/json" };
  return {
    list: () => call(`${server.url}/v2/search`, { headers }),
    create: (body: unknown) =>
      call(`${server.url}/v2/search`, { method: "POST", headers, body: JSON.stringify(body) }),
    get: (id: string) => call(`${server.url}/v2/search/${id}`, { headers }),
    remove: (id: string) => call(`${server.url}/v2/search/${id}`, { method: "DELETE", headers }),
  };
}

/** A messaging API caller with the emulator's token (or another). */
export function messaging(server: RunningEmulator, token: string | null = server.messagingToken) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token !== null) headers["authorization"] = `Bearer ${token}`;
  const queue = (name: string) => `${server.url}/v2/queues/${encodeURIComponent(name)}`;
  return {
    upsert: (body: unknown) =>
      call(`${server.url}/v2/queues`, { method: "POST", headers, body: JSON.stringify(body) }),
    list: () => call(`${server.url}/v2/queues`, { headers }),
    get: (name: string) => call(queue(name), { headers }),
    remove: (name: string) => call(queue(name), { method: "DELETE", headers }),
    pause: (name: string) => call(`${queue(name)}/pause`, { method: "POST", headers }),
    resume: (name: string) => call(`${queue(name)}/resume`, { method: "POST", headers }),
    enqueue: (name: string, destination: string, body: string, contentType = "text/plain") =>
      call(`${server.url}/v2/enqueue/${name}/${destination}`, {
        method: "POST",
        headers: { ...headers, "content-type": contentType },
        body,
      }),
  };
}

export function control(server: RunningEmulator) {
  const at = (path: string) => `${server.url}/__stashkit${path}`;
  const json = { "content-type": "application/json" };
  return {
    get: (path: string) => call(at(path), {}),
    post: (path: string, body: unknown) =>
      call(at(path), { method: "POST", headers: json, body: JSON.stringify(body) }),
    patch: (path: string, body: unknown) =>
      call(at(path), { method: "PATCH", headers: json, body: JSON.stringify(body) }),
    remove: (path: string) => call(at(path), { method: "DELETE" }),
  };
}

/** The search index resource as documented: 21 fields with their types (strict: no others). */
export const searchIndexSchema = z.strictObject({
  customer_id: z.string(),
  id: z.uuid(),
  name: z.string(),
  // The emulator's data-plane URL for the index by default; the bare name with `search: { endpoint: "name" }`.
  endpoint: z.string().regex(/^(http:\/\/127\.0\.0\.1:\d+\/search\/)?[a-z]+-[a-z]+-\d{5}-(eu1|us1)$/),
  type: z.enum(["free", "payg", "fixed"]),
  region: z.enum(["eu-west-1", "us-central1"]),
  vercel_email: z.string(),
  token: z.string().min(20),
  read_only_token: z.string().min(20),
  max_vector_count: z.int(),
  max_monthly_reranks: z.int(),
  max_daily_updates: z.int(),
  max_daily_queries: z.int(),
  max_monthly_bandwidth: z.int(),
  max_writes_per_second: z.int(),
  max_query_per_second: z.int(),
  max_reads_per_request: z.int(),
  max_writes_per_request: z.int(),
  creation_time: z.int(),
  input_enrichment_enabled: z.boolean(),
  throughput_vector: z.array(
    z.strictObject({
      x: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} \+0000 UTC$/),
      y: z.number(),
    }),
  ),
});

export const queueSchema = z.strictObject({
  name: z.string(),
  createdAt: z.int(),
  updatedAt: z.int(),
  parallelism: z.int().min(1),
  paused: z.boolean(),
  lag: z.int().min(0),
});

export const messagingErrorSchema = z.strictObject({ error: z.string().min(1) });

export interface ReceivedMessage {
  body: string;
  contentType: string | undefined;
  messageId: string | undefined;
}

/**
 * A destination for deliveries that records what arrives and how many requests were open
 * at once. `hold` keeps each request open until `release()` so in-flight limits can be seen.
 */
export async function destination(options: { hold?: boolean; failFirst?: number } = {}) {
  const received: ReceivedMessage[] = [];
  const held: ServerResponse[] = [];
  let open = 0;
  let maxOpen = 0;
  let failuresLeft = options.failFirst ?? 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  const notify = () => {
    for (const waiter of [...waiters]) {
      if (received.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    open++;
    maxOpen = Math.max(maxOpen, open);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (failuresLeft > 0) {
      failuresLeft--;
      open--;
      res.writeHead(500).end();
      return;
    }
    received.push({
      body: Buffer.concat(chunks).toString("utf8"),
      contentType: req.headers["content-type"],
      messageId: req.headers["upstash-message-id"] as string | undefined,
    });
    notify();
    const finish = () => {
      open--;
      res.writeHead(200).end("ok");
    };
    if (options.hold) held.push(Object.assign(res, { finish }));
    else finish();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const handle = {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    get maxOpen() {
      return maxOpen;
    },
    get held() {
      return held.length;
    },
    /** Resolves once `count` messages have arrived. */
    waitFor: (count: number) =>
      new Promise<void>((resolve) => {
        waiters.push({ count, resolve });
        notify();
      }),
    releaseAll: () => {
      for (const res of held.splice(0)) (res as ServerResponse & { finish(): void }).finish();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const res of held.splice(0)) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  running.push(handle);
  return handle;
}
