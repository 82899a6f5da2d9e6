import { join } from "node:path";
import { SearchIndexData } from "@stashkit/core";
import type { RunningEmulator } from "@stashkit/emulator";
import { errorLines, findLeaks, managementEnv, runAction, startForwardProxy } from "@stashkit/testing";
import { emulator } from "@stashkit/testing/vitest";
import { describe, expect, it } from "vitest";
import { prEvent, secretsOf } from "./shared.ts";

const actionDir = join(import.meta.dirname, "..");

type RunOptions = Omit<Parameters<typeof runAction>[0], "actionDir">;

/** Runs the committed bundle against the emulator with its credentials in the environment. */
function ensure(server: RunningEmulator, inputs: Record<string, string>, options: RunOptions = {}) {
  return runAction({
    actionDir,
    ...options,
    inputs: { region: "eu-west-1", "base-url": server.url, ...inputs },
    env: { ...managementEnv(server.account), ...options.env },
  });
}

describe("ensure-search-index, run as the runner runs it", () => {
  it("creates the index and sets every output, masked, with a summary", async () => {
    const server = await emulator();
    const run = await ensure(server, { name: "shop-pr-{pr}" }, { event: prEvent(12) });

    expect(run.exitCode).toBe(0);
    const index = server.state.indexes[0]?.index;
    expect(index?.name).toBe("shop-pr-12");
    // The emulator gives the endpoint as its data plane's URL, which rest-url passes through.
    const dataPlane = `${server.url}/search/${index?.endpoint}`;
    expect(run.outputs).toEqual({
      id: index?.id,
      name: "shop-pr-12",
      region: "eu-west-1",
      type: "free",
      endpoint: dataPlane,
      "rest-url": dataPlane,
      token: index?.token,
      "read-only-token": index?.read_only_token,
      created: "true",
      seeded: "0",
    });
    for (const masked of [index?.token, index?.read_only_token, dataPlane]) {
      expect(run.stdout).toContain(`::add-mask::${masked}`);
    }
    expect(run.summary).toContain(`| shop-pr-12 | ${index?.id} | eu-west-1 | free | \\(masked\\) | true |`);
    expect(findLeaks(run, secretsOf(server))).toEqual([]);
    expect(run.stderr).toBe("");
  });

  it("finds the existing index the second time", async () => {
    const server = await emulator();
    const first = await ensure(server, { name: "shop" });
    const second = await ensure(server, { name: "shop" });
    expect(second.exitCode).toBe(0);
    expect(second.outputs["created"]).toBe("false");
    expect(second.outputs["id"]).toBe(first.outputs["id"]);
    expect(second.summary).toMatch(/### Search index found/);
    expect(server.state.indexes).toHaveLength(1);
  });

  it("shows the endpoint when mask-endpoint is false, and does not mask it", async () => {
    const server = await emulator();
    const run = await ensure(server, { name: "shop", "mask-endpoint": "false" });
    const endpoint = `${server.url}/search/${server.state.indexes[0]?.index.endpoint ?? "?"}`;
    expect(run.summary).toContain(`| ${endpoint} |`);
    expect(run.stdout).not.toContain(`::add-mask::${endpoint}`);
  });

  it("gives a rest-url and token that reach the emulator's data plane: documents written there are found", async () => {
    const server = await emulator();
    const run = await ensure(server, { name: "shop" });
    expect(run.exitCode).toBe(0);
    const data = new SearchIndexData({
      url: run.outputs["rest-url"] ?? "",
      token: run.outputs["token"] ?? "",
    });
    await data.upsert([{ id: "s1", content: { title: "red running shoes" } }], { namespace: "products" });
    const hits = await data.search({ query: "running shoes" }, { namespace: "products" });
    expect(hits.map((hit) => hit.id)).toEqual(["s1"]);
    expect(server.requests.some((request) => request.path.startsWith("/search/"))).toBe(true);
  });

  it("exports the variables the search SDK reads when export-env is true", async () => {
    const server = await emulator();
    const run = await ensure(server, { name: "shop", "export-env": "true" });
    const index = server.state.indexes[0]?.index;
    expect(run.exportedEnv).toEqual({
      UPSTASH_SEARCH_REST_URL: `${server.url}/search/${index?.endpoint}`,
      UPSTASH_SEARCH_REST_TOKEN: index?.token,
    });
    expect(findLeaks(run, secretsOf(server), { allowedEnv: ["UPSTASH_SEARCH_REST_TOKEN"] })).toEqual([]);
  });

  it("fails on a region mismatch with one clear line, and warns instead when asked", async () => {
    const server = await emulator();
    await ensure(server, { name: "shop", region: "us-central1" });

    const failed = await ensure(server, { name: "shop" });
    expect(failed.exitCode).toBe(1);
    expect(errorLines(failed)).toHaveLength(1);
    expect(errorLines(failed)[0]).toMatch(
      /^::error::ensure-search-index: search index "shop" \(id .+\) exists with region us-central1, but region eu-west-1 was asked for; change the inputs, delete the index, or accept it with on-mismatch: warn$/,
    );
    expect(failed.outputs).toEqual({});

    const warned = await ensure(server, { name: "shop", "on-mismatch": "warn" });
    expect(warned.exitCode).toBe(0);
    expect(warned.stdout).toMatch(/::warning::search index "shop" .* using it because on-mismatch is warn/);
    expect(warned.outputs["region"]).toBe("us-central1");
  });

  it("uses the oldest of duplicates and names the others", async () => {
    const server = await emulator();
    await ensure(server, { name: "shop" });
    const [stored] = server.indexes.list();
    const older = stored && {
      ...stored,
      index: { ...stored.index, creation_time: stored.index.creation_time - 100 },
    };
    if (older) server.indexes.put(older);
    server.indexes.put({
      owner: server.account.email,
      index: {
        ...(older?.index as NonNullable<typeof older>["index"]),
        id: "ffffffff-0000-4000-8000-000000000000",
        creation_time: Math.floor(Date.now() / 1000) - 50,
      },
    });
    const run = await ensure(server, { name: "shop" });
    expect(run.outputs["id"]).toBe(older?.index.id);
    expect(run.stdout).toMatch(/::warning::2 search indexes are named "shop"; using the oldest/);
  });

  it("leaves one index when 10 processes ensure the same name at once", async () => {
    const server = await emulator({ duplicateNames: "reject", createDelayMs: 200 });
    const runs = await Promise.all(Array.from({ length: 10 }, () => ensure(server, { name: "shop-race" })));
    expect(runs.map((r) => r.exitCode)).toEqual(Array(10).fill(0));
    expect(server.state.indexes).toHaveLength(1);
    expect(new Set(runs.map((r) => r.outputs["id"]))).toEqual(new Set([server.state.indexes[0]?.index.id]));
  });

  it("survives transient faults with the outputs of a clean run", async () => {
    const server = await emulator();
    server.inject("GET /v2/search", { kind: "status", status: 503 }, { kind: "reset" });
    server.inject("POST /v2/search", { kind: "status", status: 429, headers: { "retry-after": "0" } });
    const run = await ensure(server, { name: "shop" });
    expect(run.exitCode).toBe(0);
    expect(run.outputs["created"]).toBe("true");
    expect(run.stdout).toMatch(
      /list search indexes: GET \/v2\/search answered 503.*attempt 1 of 5 failed, retrying in \d+ ms/,
    );
    expect(server.state.indexes).toHaveLength(1);
  });

  it("fails a persistent fault with one line naming the operation, status and message", async () => {
    const server = await emulator();
    server.inject(
      "GET /v2/search",
      ...Array.from({ length: 3 }, () => ({ kind: "status" as const, status: 503, body: "maintenance" })),
    );
    const run = await ensure(server, { name: "shop", "max-attempts": "3" });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)).toEqual([
      "::error::ensure-search-index: list search indexes: GET /v2/search answered 503: maintenance",
    ]);
  });

  it("says which inputs to check when the credentials are refused", async () => {
    const server = await emulator();
    const run = await ensure(server, { name: "shop" }, { env: { UPSTASH_API_KEY: "wrong-key" } });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)[0]).toMatch(/answered 401: Unauthorized\. Check the email and api-key inputs/);
    expect(findLeaks(run, ["wrong-key"])).toEqual([]);
  });

  it("explains empty credentials on a pull request from a fork", async () => {
    const server = await emulator();
    const event = prEvent(3);
    (event.payload.pull_request.head.repo as { fork: boolean }).fork = true;
    const run = await ensure(
      server,
      { name: "shop" },
      { event, env: { UPSTASH_EMAIL: undefined, UPSTASH_API_KEY: undefined } },
    );
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)[0]).toMatch(/input email is empty.*GitHub does not pass secrets to its workflows/);
    expect(server.requests).toEqual([]);
  });

  it.each([
    ["an unknown region", { region: "mars-1" }, /region must be one of eu-west-1, us-central1; got "mars-1"/],
    ["an unknown type", { type: "gold" }, /input type must be one of free, payg, fixed/],
    [
      "a placeholder with no value",
      { name: "shop-{pr}" },
      /name uses \{pr\}, which has no value on a push event/,
    ],
    [
      "an http URL to a remote host",
      { "base-url": "http://api.example.com" },
      /base-url must use https:\/\//,
    ],
    [
      "a URL with user info",
      { "base-url": "https://u:p@api.example.com" },
      /base-url must not contain user info/,
    ],
    [
      "non-numeric max-attempts",
      { "max-attempts": "many" },
      /input max-attempts must be a whole number from 1 to 20; got "many"/,
    ],
    [
      "negative timeout-seconds",
      { "timeout-seconds": "-5" },
      /input timeout-seconds must be a whole number from 1 to 3600/,
    ],
    ["an unknown on-mismatch", { "on-mismatch": "ignore" }, /input on-mismatch must be one of fail, warn/],
    ["a non-boolean export-env", { "export-env": "yes" }, /input export-env must be true or false/],
    ["an empty name", { name: " " }, /input name is required/],
  ])("refuses %s before any request", async (_case, inputs, message) => {
    const server = await emulator();
    const run = await ensure(server, { name: "shop", ...inputs });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)).toHaveLength(1);
    expect(errorLines(run)[0]).toMatch(message);
    expect(server.requests).toEqual([]);
  });

  it("sends its requests through HTTP_PROXY, as on a self-hosted runner behind a proxy", async () => {
    const server = await emulator();
    const proxy = await startForwardProxy();
    try {
      const run = await ensure(server, { name: "shop" }, { env: { HTTP_PROXY: proxy.url, NO_PROXY: "" } });
      expect(run.exitCode).toBe(0);
      expect(run.outputs["created"]).toBe("true");
      expect(proxy.seen.join(" ")).toContain(`127.0.0.1:${server.port}`);
      expect(run.stdout).not.toContain(proxy.url);
    } finally {
      await proxy.stop();
    }
  });

  it("leaks nothing with debug logging on", async () => {
    const server = await emulator();
    server.inject("GET /v2/search", { kind: "status", status: 500, body: "try again" });
    const run = await ensure(
      server,
      { name: "shop" },
      { env: { RUNNER_DEBUG: "1", ACTIONS_STEP_DEBUG: "true" } },
    );
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("::debug::");
    expect(findLeaks(run, secretsOf(server))).toEqual([]);
  });
});
