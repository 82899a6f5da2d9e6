import { createServer } from "node:net";
import type { RunningEmulator } from "@stashkit/emulator";
import { credentialSecrets } from "@stashkit/testing";
import { Agent, type Dispatcher } from "undici";
import {
  type Clock,
  type Logger,
  ManagementClient,
  type ManagementClientOptions,
  MessagingClient,
  type MessagingClientOptions,
} from "../src/index.ts";

export { emulator, onCleanup } from "@stashkit/testing/vitest";

/**
 * A clock whose sleeps return at once but move its own time forward, and that remembers
 * every wait: retry timing is asserted exactly, without slow tests. Its time moves only by its
 * sleeps, not with the real time between two readings: a wait computed as "until now + 200"
 * would otherwise come out 199 on a loaded machine.
 */
export function capturedClock(random = 0.5): Clock & { waits: number[] } {
  const start = Date.now();
  let offset = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => start + offset,
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      waits.push(ms);
      offset += ms;
    },
    random: () => random,
  };
}

export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    debug: (m) => lines.push(`debug: ${m}`),
    info: (m) => lines.push(`info: ${m}`),
    warning: (m) => lines.push(`warning: ${m}`),
  };
}

export function messagingClient(
  server: RunningEmulator,
  options: Partial<MessagingClientOptions> = {},
): MessagingClient {
  return new MessagingClient({ token: server.messagingToken, baseUrl: server.url, env: {}, ...options });
}

export function managementClient(
  server: RunningEmulator,
  options: Partial<ManagementClientOptions> = {},
): ManagementClient {
  return new ManagementClient({
    email: server.account.email,
    apiKey: server.account.apiKey,
    baseUrl: server.url,
    env: {},
    ...options,
  });
}

/** Every secret the emulator's credentials give rise to. */
export function emulatorSecrets(server: RunningEmulator): string[] {
  return credentialSecrets(server.account, server.messagingToken);
}

/** Runs `fn` and returns what it threw; fails the test when it did not throw. */
export async function caught(fn: () => Promise<unknown>): Promise<Error> {
  try {
    await fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the call to throw");
}

export async function createQueue(server: RunningEmulator, name: string, paused = true): Promise<void> {
  await messagingClient(server).queues.upsert({ queueName: name, parallelism: 1, paused });
}

/**
 * A clock shared by concurrent waiters: a sleep returns at once, moving time to the moment it
 * waits for (never backwards), and is remembered with that moment. Every waiter that waits for
 * the same moment records the same `until`.
 */
export function virtualClock(): Clock & { sleeps: { from: number; until: number }[] } {
  let offset = 0;
  const sleeps: { from: number; until: number }[] = [];
  const now = () => Date.now() + offset;
  return {
    sleeps,
    now,
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      const from = now();
      sleeps.push({ from, until: from + ms });
      offset = Math.max(offset, from + ms - Date.now());
    },
    random: () => 0.5,
  };
}

/** A real undici agent that notes, on `clock`, when each request goes out. */
export function sendLog(clock: Clock): {
  agent: Agent;
  sent: { method: string; path: string; at: number }[];
} {
  const sent: { method: string; path: string; at: number }[] = [];
  class NotingAgent extends Agent {
    override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
      sent.push({ method: options.method, path: options.path, at: clock.now() });
      return super.dispatch(options, handler);
    }
  }
  return { agent: new NotingAgent(), sent };
}

/** A loopback port with nothing listening on it (it was free a moment ago): a refused connection. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
