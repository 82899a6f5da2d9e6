import { readdirSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { type EmulatorOptions, type RunningEmulator, startEmulator } from "@stashkit/emulator";
import {
  type ActionRun,
  credentialSecrets,
  managementEnv,
  messagingEnv,
  type RunActionOptions,
  runAction,
} from "@stashkit/testing";

export const root = join(import.meta.dirname, "../..");
export const ENSURE = join(root, "actions/ensure-search-index");
export const RESUME = join(root, "actions/resume-queue");
export const DELETE = join(root, "actions/delete-search-index");
export const PAUSE = join(root, "actions/pause-queue");
export const APPLY_QSTASH = join(root, "actions/apply-qstash");

export type ActionName = "ensure" | "resume" | "delete" | "pause" | "qstash";
const ACTION_DIRS: Record<ActionName, string> = {
  ensure: ENSURE,
  resume: RESUME,
  delete: DELETE,
  pause: PAUSE,
  qstash: APPLY_QSTASH,
};

// The scenarios name the actions by these short names; an action added to actions/ without one
// here would go untested, so the run stops at once instead.
const unlisted = readdirSync(join(root, "actions")).filter(
  (folder) => !Object.values(ACTION_DIRS).includes(join(root, "actions", folder)),
);
if (unlisted.length > 0) {
  throw new Error(`reliability/src/environment.ts: add ${unlisted.join(", ")} to ACTION_DIRS`);
}

export async function withEmulator<T>(
  options: EmulatorOptions,
  body: (server: RunningEmulator) => Promise<T>,
): Promise<T> {
  const server = await startEmulator(options);
  try {
    return await body(server);
  } finally {
    await server.stop();
  }
}

/** Runs an action bundle against `baseUrl` with the emulator's default credentials in the environment. */
export function runBundle(
  action: ActionName,
  baseUrl: string,
  inputs: Record<string, string>,
  options: Omit<RunActionOptions, "actionDir" | "inputs"> & { debug?: boolean } = {},
): Promise<ActionRun> {
  const { debug, env, ...rest } = options;
  const messaging = action === "resume" || action === "pause" || action === "qstash";
  const credentials = messaging ? messagingEnv() : managementEnv();
  const urlInput = messaging ? { "messaging-url": baseUrl } : { "base-url": baseUrl };
  return runAction({
    actionDir: ACTION_DIRS[action],
    ...rest,
    inputs: { ...urlInput, ...inputs },
    env: { ...credentials, ...(debug ? { RUNNER_DEBUG: "1", ACTIONS_STEP_DEBUG: "true" } : {}), ...env },
  });
}

export { credentialSecrets };

/**
 * Plants values no API would store in the first search index (a record read from the emulator is
 * a frozen copy: the changed one is put back; a changed id is a new record, so the old one goes).
 */
export function changeFirstIndex(server: RunningEmulator, change: Record<string, unknown>): void {
  const [stored] = server.indexes.list();
  if (stored === undefined) return;
  if (change["id"] !== undefined) server.indexes.delete(stored.index.id);
  server.indexes.put({ ...stored, index: { ...stored.index, ...change } } as typeof stored);
}

/** Makes every index `seconds` older, as an index that existed before a run is. */
export function ageIndexes(server: RunningEmulator, seconds: number): void {
  for (const stored of server.indexes.list()) {
    server.indexes.put({
      ...stored,
      index: { ...stored.index, creation_time: stored.index.creation_time - seconds },
    });
  }
}

export function indexSecrets(server: RunningEmulator): string[] {
  return server.state.indexes.flatMap((entry) => [entry.index.token, entry.index.read_only_token]);
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
