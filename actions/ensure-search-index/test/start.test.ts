import { readFileSync } from "node:fs";
import { join } from "node:path";
import { entryOnlyCopy, errorLines, runAction } from "@stashkit/testing";
import { describe, expect, it } from "vitest";

// bench S4: a step that refuses an input compiles only dist/index.js. The client, its transport
// and zod are in chunks loaded on the client's first use; a copy without them shows which runs
// need them.
const { actionDir, chunks } = entryOnlyCopy(join(import.meta.dirname, ".."));
const credentials = { UPSTASH_EMAIL: "me@example.com", UPSTASH_API_KEY: "key-1" };
const NOT_LOADED = /ERR_MODULE_NOT_FOUND|Cannot find module/;

describe("ensure-search-index refusing an input, with dist/index.js alone", () => {
  it.each([
    ["an unknown region", { name: "shop", region: "mars" }, credentials, /region must be one of eu-west-1/],
    [
      "an unknown type",
      { name: "shop", region: "eu-west-1", type: "gold" },
      credentials,
      /input type must be one/,
    ],
    [
      "no credentials",
      { name: "shop", region: "eu-west-1" },
      { UPSTASH_EMAIL: undefined, UPSTASH_API_KEY: undefined },
      /input email is empty and UPSTASH_EMAIL is not set/,
    ],
  ])("refuses %s with its own message, loading no chunk", async (_, inputs, env, message) => {
    const run = await runAction({ actionDir, inputs: { ...inputs, "base-url": "http://127.0.0.1:9" }, env });
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
    const run = await runAction({
      actionDir,
      inputs: { name: "shop", region: "eu-west-1", "base-url": "http://127.0.0.1:9" },
      env: credentials,
    });
    expect(run.exitCode).toBe(1);
    expect(run.stdout + run.stderr).toMatch(NOT_LOADED);
  });
});
