// Fixtures for vitest suites; a separate entry (`@stashkit/testing/vitest`) so that scripts
// which are not tests (the reliability suite, the benchmark, the demo) never load vitest.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type EmulatorOptions, type RunningEmulator, startEmulator } from "@stashkit/emulator";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { entryOnlyCopy } from "./action-bundle.ts";
import { findLeaks } from "./leaks.ts";
import { runAction } from "./run-action.ts";
import { errorLines } from "./run-output.ts";
import { removeTemporaryFolders, temporaryFolder, temporaryFolderCount } from "./temp-folders.ts";

const cleanups: (() => Promise<void> | void)[] = [];
// The temp folders a test made (its action runs' among them) go after it; those made outside a
// test (a file's shared folder) after the file.
let foldersBefore = 0;
beforeEach(() => {
  foldersBefore = temporaryFolderCount();
});
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  removeTemporaryFolders(foldersBefore);
});
afterAll(() => removeTemporaryFolders());

/** Runs `cleanup` after the current test, pass or fail. */
export function onCleanup(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

/** A new folder in the temp folder, removed with all it holds after the test (or, made outside one, the file), pass or fail. */
export const tempFolder = temporaryFolder;

/** An emulator on an ephemeral loopback port, stopped after the test. */
export async function emulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const server = await startEmulator(options);
  onCleanup(() => server.stop());
  return server;
}

export interface EntryOnlySuite {
  /** The action's folder. */
  actionDir: string;
  /** Which API the action talks to: its credentials and base URL input. */
  api: "management" | "messaging";
  /** Inputs that are good: with them the step needs its chunks. */
  goodInputs: Record<string, string>;
  /** Inputs the step refuses, each with the message it refuses them with. */
  refusals: [string, Record<string, string>, RegExp][];
}

/** Per API: credentials that pass, the same unset and the failure that names them, and a base URL no one answers. */
const API_START = {
  management: {
    credentials: { UPSTASH_EMAIL: "me@example.com", UPSTASH_API_KEY: "key-1" },
    missing: { UPSTASH_EMAIL: undefined, UPSTASH_API_KEY: undefined },
    missingMessage: /input email is empty and UPSTASH_EMAIL is not set/,
    baseInputs: { "base-url": "http://127.0.0.1:9" },
  },
  messaging: {
    credentials: { QSTASH_TOKEN: "token-1" },
    missing: { QSTASH_TOKEN: undefined },
    missingMessage: /input token is empty and QSTASH_TOKEN is not set/,
    baseInputs: { "messaging-url": "http://127.0.0.1:9" },
  },
};

const NOT_LOADED = /ERR_MODULE_NOT_FOUND|Cannot find module/;

/**
 * bench S4: a step that refuses an input compiles only `dist/index.js`. The client, its transport
 * and zod are chunks loaded on the client's first use; a copy of the action without them
 * (`entryOnlyCopy`) shows that every refusal runs without them, and that a step with good inputs
 * does need them (so the copy really lacks something). Also: the entry holds no zod.
 */
export function describeEntryOnly(suite: EntryOnlySuite): void {
  const { actionDir, chunks } = entryOnlyCopy(suite.actionDir);
  const api = API_START[suite.api];
  describe("refusing an input, with dist/index.js alone", () => {
    it.each([
      ...suite.refusals.map(([what, inputs, message]) => [what, inputs, api.credentials, message] as const),
      ["no credentials", suite.goodInputs, api.missing, api.missingMessage] as const,
    ])("refuses %s with its own message, loading no chunk", async (_, inputs, env, message) => {
      const run = await runAction({ actionDir, inputs: { ...api.baseInputs, ...inputs }, env });
      expect(run.exitCode).toBe(1);
      expect(errorLines(run)).toEqual([expect.stringMatching(message)]);
      expect(run.stdout + run.stderr).not.toMatch(NOT_LOADED);
      expect(findLeaks(run, Object.values(api.credentials))).toEqual([]);
    });

    it("holds no zod in dist/index.js", () => {
      const entry = readFileSync(join(actionDir, "dist/index.js"), "utf8");
      expect(entry).toMatch(/run(Management|Messaging)Step/);
      expect(entry).not.toMatch(/\$ZodType|\$constructor\(/);
    });

    it("needs its chunks once the inputs are good: the copy really lacks them", async () => {
      expect(chunks.length).toBeGreaterThan(0);
      const inputs = { ...api.baseInputs, ...suite.goodInputs };
      const run = await runAction({ actionDir, inputs, env: api.credentials });
      expect(run.exitCode).toBe(1);
      expect(run.stdout + run.stderr).toMatch(NOT_LOADED);
    });
  });
}
