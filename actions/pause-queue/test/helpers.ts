import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "@stashkit/emulator";
import { type ActionRun, type RunActionOptions, runAction } from "@stashkit/testing";
import { afterEach } from "vitest";

export const actionDir = join(import.meta.dirname, "..");
export const resumeDir = join(import.meta.dirname, "../../resume-queue");

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

export async function emulator(options: Parameters<typeof startEmulator>[0] = {}): Promise<RunningEmulator> {
  const server = await startEmulator(options);
  cleanups.push(() => server.stop());
  return server;
}

async function api(server: RunningEmulator, method: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    ...init,
    headers: {
      authorization: `Bearer ${server.messagingToken}`,
      ...(init.headers as Record<string, string>),
    },
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

export async function queue(server: RunningEmulator, queueName: string, paused: boolean): Promise<void> {
  await api(server, "POST", "/v2/queues", { body: JSON.stringify({ queueName, parallelism: 1, paused }) });
}

export async function schedule(
  server: RunningEmulator,
  options: { id: string; destination: string; labels?: string; paused?: boolean },
): Promise<void> {
  await api(server, "POST", `/v2/schedules/${options.destination}`, {
    headers: {
      "upstash-cron": "* * * * *",
      "upstash-schedule-id": options.id,
      ...(options.labels ? { "upstash-label": options.labels } : {}),
    },
  });
  if (options.paused) await api(server, "POST", `/v2/schedules/${options.id}/pause`);
}

export async function publish(server: RunningEmulator, destination: string, body: string, key: string) {
  await api(server, "POST", `/v2/publish/${destination}`, {
    body,
    headers: { "upstash-flow-control-key": key, "upstash-flow-control-value": "parallelism=1" },
  });
}

export async function flowControlKey(server: RunningEmulator, key: string) {
  return (await (await api(server, "GET", `/v2/flowControl/${key}`)).json()) as {
    isPaused: boolean;
    waitListSize: number;
  };
}

/** Moves the emulator's messaging clock a minute on, through its control route; answers the ticks fired. */
export async function nextMinute(server: RunningEmulator): Promise<number> {
  const response = await fetch(`${server.url}/__stashkit/clock/advance`, {
    method: "POST",
    body: JSON.stringify({ minutes: 1 }),
  });
  return ((await response.json()) as { fired: number }).fired;
}

export interface Receiver {
  url: string;
  /** Bodies received, in arrival order, with the schedule that sent each, if any. */
  received: { body: string; scheduleId: string | undefined }[];
  /** Resolves once `count` messages have arrived (the test's own timeout bounds the wait). */
  waitFor(count: number): Promise<void>;
}

/** A destination on loopback that answers 200 and remembers what arrived. */
export async function receiver(): Promise<Receiver> {
  const received: Receiver["received"] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on("end", () => {
      const id = req.headers["upstash-schedule-id"];
      received.push({ body, scheduleId: typeof id === "string" ? id : undefined });
      res.end("ok");
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    async waitFor(count) {
      while (received.length < count) await new Promise<void>((wake) => waiters.push(wake));
    },
  };
}

type Options = Omit<RunActionOptions, "actionDir" | "inputs">;

/** The main step, as the runner starts it. */
export function pauseStep(server: RunningEmulator, inputs: Record<string, string>, options: Options = {}) {
  return runAction({
    actionDir,
    ...options,
    inputs: { "messaging-url": server.url, ...inputs },
    env: { QSTASH_TOKEN: server.messagingToken, ...options.env },
  });
}

/** The post step of the same job: same inputs, the main step's state, `job.status` as given. */
export function postStep(
  server: RunningEmulator,
  main: ActionRun,
  inputs: Record<string, string>,
  options: Options = {},
) {
  return pauseStep(server, inputs, { ...options, phase: "post", reuseDir: main.dir });
}

export function errorLines(run: ActionRun): string[] {
  return run.stdout.split("\n").filter((line) => line.startsWith("::error::"));
}

export function warningLines(run: ActionRun): string[] {
  return run.stdout.split("\n").filter((line) => line.startsWith("::warning::"));
}
