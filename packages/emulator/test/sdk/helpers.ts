import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Client, Receiver } from "@upstash/qstash";
import { afterEach } from "vitest";
import type { z } from "zod";
import type { EmulatorOptions, RunningEmulator } from "../../src/index.ts";
import { emulator } from "../helpers.ts";

/** Retry backoff compressed ten-thousandfold: 1 ms, 15 ms, 181 ms instead of 12 s, 2.5 min, 30 min. */
export const FAST_RETRIES = 0.0001;

/** An emulator with the official SDK's client and receiver pointed at it. */
export async function withSdk(options: EmulatorOptions = {}) {
  const server = await emulator(options);
  const client = new Client({ baseUrl: server.url, token: server.messagingToken, retry: false });
  const receiver = new Receiver({
    currentSigningKey: server.signingKeys.current,
    nextSigningKey: server.signingKeys.next,
  });
  return { server, client, receiver, raw: raw(server) };
}

/** Plain HTTP to the messaging API, to check answers byte for byte against the contract. */
export function raw(server: RunningEmulator) {
  return async (
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: string } = {},
  ) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${server.messagingToken}`, ...init.headers },
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    const text = await response.text();
    return { status: response.status, text, json: text === "" ? undefined : (JSON.parse(text) as unknown) };
  };
}

/** Parses with a contract schema, failing the test with the issues when the answer does not fit. */
export function conforms<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new Error(`answer does not fit the contract: ${result.error.message}\n${JSON.stringify(value)}`);
  return result.data;
}

export interface Received {
  method: string;
  /** Path and query string as the destination saw them. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

export interface Answer {
  status: number;
  headers?: Record<string, string>;
}

/**
 * A destination on 127.0.0.1 that records every request and answers what `respond` says
 * (a status, or a status with headers; 200 by default). Its `url` is what messages go to.
 */
export async function recorder(respond: (request: Received, index: number) => number | Answer = () => 200) {
  const received: Received[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: Received = {
      method: req.method ?? "",
      path: req.url ?? "",
      headers: req.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    };
    received.push(request);
    const answer = respond(request, received.length - 1);
    const { status, headers = {} } = typeof answer === "number" ? { status: answer } : answer;
    res
      .writeHead(status, { "content-type": "text/plain", ...headers })
      .end(status < 300 ? "ok" : `failed with ${status}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  servers.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
  return { url: `http://127.0.0.1:${port}`, received };
}

/**
 * Polls `check` until it returns a value other than `undefined`/`false`. The bound only keeps a
 * broken emulator from hanging the suite; nothing asserts how fast the condition came true.
 */
export async function eventually<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function header(request: Received | undefined, name: string): string | undefined {
  const value = request?.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : value;
}
