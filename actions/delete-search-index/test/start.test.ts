import { readFileSync } from "node:fs";
import { join } from "node:path";
import { entryOnlyCopy, errorLines, runAction } from "@stashkit/testing";
import { describe, expect, it } from "vitest";

// A step that refuses an input compiles only dist/index.js (bench S4 measures the ensure action;
// this one is built the same way): the client, its transport and zod are in chunks loaded on the
// client's first use. A copy without them shows which runs need them.
const { actionDir, chunks } = entryOnlyCopy(join(import.meta.dirname, ".."));
const credentials = { UPSTASH_EMAIL: "me@example.com", UPSTASH_API_KEY: "key-1" };
const NOT_LOADED = /ERR_MODULE_NOT_FOUND|Cannot find module/;
const baseUrl = { "base-url": "http://127.0.0.1:9" };

describe("delete-search-index refusing an input, with dist/index.js alone", () => {
  it.each([
    [
      "a non-boolean dry-run",
      { name: "a", "dry-run": "perhaps" },
      credentials,
      /input dry-run must be true or false/,
    ],
    [
      "no credentials",
      { name: "a" },
      { UPSTASH_EMAIL: undefined, UPSTASH_API_KEY: undefined },
      /input email is empty and UPSTASH_EMAIL is not set/,
    ],
  ])("refuses %s with its own message, loading no chunk", async (_, inputs, env, message) => {
    const run = await runAction({ actionDir, inputs: { ...inputs, ...baseUrl }, env });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)).toEqual([expect.stringMatching(message)]);
    expect(run.stdout + run.stderr).not.toMatch(NOT_LOADED);
  });

  it("holds no zod in dist/index.js", () => {
    const entry = readFileSync(join(actionDir, "dist/index.js"), "utf8");
    expect(entry).toMatch(/runManagementStep/);
    expect(entry).not.toMatch(/\$ZodType|\$constructor\(/);
  });

  it("needs its chunks once the inputs are good: the copy really lacks them", async () => {
    expect(chunks.length).toBeGreaterThan(0);
    const run = await runAction({ actionDir, inputs: { name: "a", ...baseUrl }, env: credentials });
    expect(run.exitCode).toBe(1);
    expect(run.stdout + run.stderr).toMatch(NOT_LOADED);
  });
});
