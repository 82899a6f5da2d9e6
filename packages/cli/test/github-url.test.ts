import type { RunningEmulator } from "@stashkit/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiEnv, emulatorFor, runCli, secrets } from "./cli.ts";

const s = secrets();
let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await emulatorFor(s);
});
afterAll(() => emulator.stop());

describe("search prune --open-from github:", () => {
  it.each([
    ["GITHUB_API_URL", "http://ghe.example/api/v3"],
    ["GITHUB_GRAPHQL_URL", "http://ghe.example/api/graphql"],
  ])("refuses %s over plain http before any request: the token would travel in clear", async (name, url) => {
    emulator.clearRequests();
    const run = await runCli(
      [
        "search",
        "prune",
        "--base-url",
        emulator.url,
        "--pattern",
        "app-pr-{pr}",
        "--open-from",
        "github:acme/shop",
      ],
      apiEnv(emulator, s, { GITHUB_TOKEN: "ghs_not_sent_anywhere", [name]: url }),
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${name} must use https://`);
    expect(run.stderr).not.toContain("ghs_not_sent_anywhere");
    expect(emulator.requests).toEqual([]);
  });
});
