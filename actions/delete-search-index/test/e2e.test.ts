import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { RunningEmulator } from "@stashkit/emulator";
import {
  basicAuthorization,
  errorLines,
  findLeaks,
  managementEnv,
  type PullRequestState,
  runAction,
  startGitHubStandIn,
} from "@stashkit/testing";
import { emulator, onCleanup } from "@stashkit/testing/vitest";
import { describe, expect, it } from "vitest";

const actionDir = join(import.meta.dirname, "..");

/** The GitHub stand-in with pull requests of acme/shop, as GITHUB_API_URL and GITHUB_GRAPHQL_URL. */
async function githubApi(pulls: Record<number, PullRequestState>, latencyMs = 0) {
  const github = await startGitHubStandIn({ pulls: { "acme/shop": pulls }, latencyMs });
  onCleanup(() => github.stop());
  return { ...github, env: { GITHUB_API_URL: github.url, GITHUB_GRAPHQL_URL: github.graphqlUrl } };
}

async function createIndexes(server: RunningEmulator, ...names: string[]) {
  const auth = basicAuthorization(server.account);
  for (const name of names) {
    await fetch(`${server.url}/v2/search`, {
      method: "POST",
      headers: { authorization: auth },
      body: JSON.stringify({ name, region: "eu-west-1", type: "free" }),
    });
  }
  server.clearRequests();
}

type RunOptions = Omit<Parameters<typeof runAction>[0], "actionDir">;

function remove(server: RunningEmulator, inputs: Record<string, string>, options: RunOptions = {}) {
  return runAction({
    actionDir,
    ...options,
    inputs: { "base-url": server.url, ...inputs },
    env: { ...managementEnv(server.account), ...options.env },
  });
}

const names = (server: RunningEmulator) => server.state.indexes.map((e) => e.index.name).sort();

describe("delete-search-index, run as the runner runs it", () => {
  it("deletes the index named for the closed pull request", async () => {
    const server = await emulator();
    await createIndexes(server, "shop-pr-7", "shop-pr-8");
    const id = server.state.indexes[0]?.index.id;
    const run = await remove(
      server,
      { name: "shop-pr-{pr}" },
      {
        event: {
          name: "pull_request",
          payload: { number: 7, action: "closed", pull_request: { number: 7 } },
        },
      },
    );
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.outputs["deleted"] ?? "")).toEqual([{ name: "shop-pr-7", id }]);
    expect(run.outputs["count"]).toBe("1");
    expect(names(server)).toEqual(["shop-pr-8"]);
    expect(run.summary).toContain(`| shop-pr-7 | ${id} | deleted |`);
    expect(findLeaks(run, [server.account.apiKey])).toEqual([]);
  });

  it("deletes every duplicate of the name", async () => {
    const server = await emulator();
    await createIndexes(server, "dup", "dup");
    const run = await remove(server, { name: "dup" });
    expect(run.outputs["count"]).toBe("2");
    expect(names(server)).toEqual([]);
  });

  it("succeeds with nothing deleted when the index is absent", async () => {
    const server = await emulator();
    const run = await remove(server, { name: "ghost" });
    expect(run.exitCode).toBe(0);
    expect(run.outputs).toEqual({ deleted: "[]", count: "0", remaining: "[]" });
    expect(run.summary).toContain("No index matched.");
  });

  it("lets two concurrent deletes of one index both succeed", async () => {
    const server = await emulator();
    await createIndexes(server, "raced");
    const runs = await Promise.all([remove(server, { name: "raced" }), remove(server, { name: "raced" })]);
    expect(runs.map((r) => r.exitCode)).toEqual([0, 0]);
    expect(names(server)).toEqual([]);
  });

  it("prunes the indexes of closed pull requests, asking the GitHub API with the token", async () => {
    const server = await emulator();
    await createIndexes(server, "shop-pr-1", "shop-pr-2", "shop-pr-3", "shop-pr-99", "other-pr-1");
    const github = await githubApi({ 1: "closed", 2: "open", 3: "merged" });
    const run = await remove(
      server,
      { "prune-pattern": "shop-pr-{pr}" },
      { githubToken: "ghs_test_token", env: github.env },
    );
    expect(run.exitCode).toBe(0);
    expect(names(server)).toEqual(["other-pr-1", "shop-pr-2", "shop-pr-99"]);
    expect(
      (JSON.parse(run.outputs["deleted"] ?? "") as { name: string }[]).map((d) => d.name).sort(),
    ).toEqual(["shop-pr-1", "shop-pr-3"]);
    expect(run.stdout).toContain(
      "::warning::pull request #99 for shop-pr-99 was not found; keeping the index",
    );
    // One GraphQL request asked about the four candidates, with the token.
    expect(github.requests.map((r) => [r.method, r.path, r.pullRequests, r.authorization])).toEqual([
      ["POST", "/graphql", 4, "token ghs_test_token"],
    ]);
    expect(JSON.parse(run.outputs["remaining"] ?? "")).toEqual([]);
    expect(run.summary).toContain("| shop-pr-2 |");
    expect(findLeaks(run, ["ghs_test_token", server.account.apiKey])).toEqual([]);
  });

  it("reports a GitHub API failure in one masked, clipped line of its own", async () => {
    const server = await emulator();
    await createIndexes(server, "shop-pr-1");
    const token = "ghs_0123456789abcdefghijklmnopqrstuvwxyzAB";
    const github = createServer((_req, res) => {
      res.setHeader("content-type", "application/json");
      // 280 characters, then the token straddling the 300-character cut, then more.
      const message = `${"x".repeat(280)} you sent ${token} ${"y".repeat(5000)}\n::set-env name=A::b`;
      res.writeHead(500).end(JSON.stringify({ message }));
    });
    await new Promise<void>((resolve) => github.listen(0, "127.0.0.1", resolve));
    onCleanup(() => new Promise<void>((resolve) => github.close(() => resolve())));
    const run = await remove(
      server,
      { "prune-pattern": "shop-pr-{pr}", "max-attempts": "1" },
      {
        githubToken: token,
        env: {
          GITHUB_API_URL: `http://127.0.0.1:${(github.address() as AddressInfo).port}`,
          GITHUB_GRAPHQL_URL: `http://127.0.0.1:${(github.address() as AddressInfo).port}/graphql`,
          RUNNER_DEBUG: "1",
        },
      },
    );
    expect(run.exitCode).toBe(1);
    const [line] = errorLines(run);
    expect(errorLines(run)).toHaveLength(1);
    expect(line).toMatch(
      /^::error::delete-search-index: reading pull request states from GitHub failed \(500\): x+/,
    );
    expect(line?.length).toBeLessThan(500);
    // Not even the start of the token, whatever the cut.
    expect(line).not.toContain("ghs_0123");
    expect(run.stdout.split("\n").filter((l) => l.startsWith("::set-env"))).toEqual([]);
    expect(findLeaks(run, [token, token.slice(0, 20), server.account.apiKey])).toEqual([]);
  });

  it("asks GitHub about N candidates in at most ⌈N / 100⌉ requests", async () => {
    const server = await emulator();
    // shop-pr-0 … shop-pr-249; every third pull request is open, 240 to 249 are unknown to GitHub.
    server.seedSearchIndexes({ count: 250, namePrefix: "shop-pr" });
    server.clearRequests();
    const pulls: Record<number, PullRequestState> = {};
    for (let n = 0; n < 240; n++) pulls[n] = n % 3 === 0 ? "open" : "closed";
    const github = await githubApi(pulls);
    const run = await remove(
      server,
      { "prune-pattern": "shop-pr-{pr}" },
      { githubToken: "ghs_dummy", env: github.env },
    );
    expect(run.exitCode).toBe(0);
    expect(github.requests).toHaveLength(Math.ceil(250 / 100));
    expect(github.requests.map((r) => r.pullRequests)).toEqual([100, 100, 50]);
    const kept = names(server);
    expect(kept).toHaveLength(80 + 10);
    expect(kept).toContain("shop-pr-0");
    expect(kept).toContain("shop-pr-245");
    expect(kept).not.toContain("shop-pr-1");
    expect(run.outputs["count"]).toBe("160");
    expect(server.requests.filter((r) => r.method === "DELETE")).toHaveLength(160);
  });

  it("stops cleanly when its time runs out midway, says what remains, and the next run finishes", async () => {
    // One management request a second: the list, deletes, then a 429 whose wait would pass the deadline.
    const server = await emulator({ rateLimit: { management: 1, messaging: 0 } });
    server.seedSearchIndexes({ count: 20, namePrefix: "shop-pr" });
    server.clearRequests();
    const pulls: Record<number, PullRequestState> = {};
    for (let n = 0; n < 20; n++) pulls[n] = "closed";
    const github = await githubApi(pulls);
    const first = await remove(
      server,
      // 20 deletes at 1 a second need ~20 s: 10 s stops midway, with room for a loaded machine
      // to start the step, list and ask GitHub first.
      { "prune-pattern": "shop-pr-{pr}", "timeout-seconds": "10" },
      { githubToken: "ghs_dummy", env: github.env },
    );
    expect(first.exitCode).toBe(0);
    const deleted = JSON.parse(first.outputs["deleted"] ?? "") as { name: string }[];
    const remaining = JSON.parse(first.outputs["remaining"] ?? "") as { name: string }[];
    expect(remaining.length).toBeGreaterThan(0);
    expect(deleted.length + remaining.length).toBe(20);
    // What is left is among `remaining`; nothing reported deleted is left. A delete the deadline
    // cut off in flight is reported remaining, though the emulator may have done it already.
    const left = names(server);
    expect(left.length).toBeGreaterThan(0);
    expect(remaining.map((r) => r.name)).toEqual(expect.arrayContaining(left));
    expect(left.filter((name) => deleted.some((d) => d.name === name))).toEqual([]);
    expect(first.stdout).toMatch(
      /::warning::stopped before the time limit with \d+ stale search indexes left/,
    );
    expect(first.summary).toContain("stale, left for the next run");

    server.settings.managementRateLimit = 0;
    const second = await remove(
      server,
      { "prune-pattern": "shop-pr-{pr}" },
      { githubToken: "ghs_dummy", env: github.env },
    );
    expect(second.exitCode).toBe(0);
    expect(JSON.parse(second.outputs["deleted"] ?? "")).toHaveLength(left.length);
    expect(JSON.parse(second.outputs["remaining"] ?? "")).toEqual([]);
    expect(names(server)).toEqual([]);
  });

  it("stops at timeout-seconds when GitHub never answers, deleting nothing (the step's deadline, not the watchdog)", async () => {
    const server = await emulator();
    await createIndexes(server, "shop-pr-1");
    const hung = createServer(() => {
      // Accepts the request and never answers.
    });
    await new Promise<void>((resolve) => hung.listen(0, "127.0.0.1", resolve));
    onCleanup(
      () =>
        new Promise<void>((resolve) => {
          hung.closeAllConnections();
          hung.close(() => resolve());
        }),
    );
    const url = `http://127.0.0.1:${(hung.address() as AddressInfo).port}`;
    const run = await remove(
      server,
      { "prune-pattern": "shop-pr-{pr}", "timeout-seconds": "5" },
      { githubToken: "ghs_dummy", env: { GITHUB_API_URL: url, GITHUB_GRAPHQL_URL: `${url}/graphql` } },
    );
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)).toEqual([
      "::error::delete-search-index: reading pull request states from GitHub did not finish before the time limit; nothing was pruned",
    ]);
    expect(names(server)).toEqual(["shop-pr-1"]);
  });

  it("deletes nothing in a dry run", async () => {
    const server = await emulator();
    await createIndexes(server, "shop-pr-1");
    const github = await githubApi({ 1: "closed" });
    const run = await remove(
      server,
      { "prune-pattern": "shop-pr-{pr}", "dry-run": "true" },
      { githubToken: "ghs_dummy", env: github.env },
    );
    expect(run.exitCode).toBe(0);
    expect(run.outputs["count"]).toBe("1");
    expect(names(server)).toEqual(["shop-pr-1"]);
    expect(run.summary).toContain("would be deleted");
    expect(server.requests.some((r) => r.method === "DELETE")).toBe(false);
  });

  it.each([
    ["index without name", { index: "movies-pr-1" }, /index is an SDK index of the database name/],
    [
      "index with prune-pattern",
      { name: "a", index: "m", "prune-pattern": "m-{pr}" },
      /index is an SDK index of the database name: give name, and not prune-pattern/,
    ],
    ["neither", {}, /give name \(delete that index\), prune-pattern/],
    ["a prune-pattern without {pr}", { "prune-pattern": "shop-{branch}" }, /must contain \{pr\}/],
    ["an unknown placeholder", { "prune-pattern": "shop-{pr}-{nope}" }, /unknown placeholder \{nope\}/],
    ["a non-boolean dry-run", { name: "a", "dry-run": "perhaps" }, /input dry-run must be true or false/],
  ])("refuses %s before any request", async (_case, inputs, message) => {
    const server = await emulator();
    const run = await remove(server, inputs, { githubToken: "ghs_dummy" });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)).toHaveLength(1);
    expect(errorLines(run)[0]).toMatch(message);
    expect(server.requests).toEqual([]);
  });
});
