import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { RunningEmulator } from "@stashkit/emulator";
import { basicAuthorization, errorLines, findLeaks, managementEnv, runAction } from "@stashkit/testing";
import { emulator, onCleanup } from "@stashkit/testing/vitest";
import { describe, expect, it } from "vitest";

const actionDir = join(import.meta.dirname, "..");

/** A local stand-in for the GitHub REST API: pull requests of acme/shop and their states. */
async function githubApi(pulls: Record<number, "open" | "closed">) {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? "no auth"}`);
    const number = Number(/^\/repos\/acme\/shop\/pulls\/(\d+)$/.exec(req.url ?? "")?.[1]);
    const state = pulls[number];
    res.setHeader("content-type", "application/json");
    if (!state) {
      res.writeHead(404).end(JSON.stringify({ message: "Not Found" }));
      return;
    }
    res.writeHead(200).end(JSON.stringify({ number, state }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
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
    expect(run.outputs).toEqual({ deleted: "[]", count: "0" });
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
    const github = await githubApi({ 1: "closed", 2: "open", 3: "closed" });
    const run = await remove(
      server,
      { "prune-pattern": "shop-pr-{pr}" },
      { githubToken: "ghs_test_token", env: { GITHUB_API_URL: github.url } },
    );
    expect(run.exitCode).toBe(0);
    expect(names(server)).toEqual(["other-pr-1", "shop-pr-2", "shop-pr-99"]);
    expect(
      (JSON.parse(run.outputs["deleted"] ?? "") as { name: string }[]).map((d) => d.name).sort(),
    ).toEqual(["shop-pr-1", "shop-pr-3"]);
    expect(run.stdout).toContain(
      "::warning::pull request #99 for shop-pr-99 was not found; keeping the index",
    );
    expect(github.seen.every((line) => line.endsWith("token ghs_test_token"))).toBe(true);
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
          RUNNER_DEBUG: "1",
        },
      },
    );
    expect(run.exitCode).toBe(1);
    const [line] = errorLines(run);
    expect(errorLines(run)).toHaveLength(1);
    expect(line).toMatch(
      /^::error::delete-search-index: reading pull request #1 from GitHub failed \(500\): x+/,
    );
    expect(line?.length).toBeLessThan(500);
    // Not even the start of the token, whatever the cut.
    expect(line).not.toContain("ghs_0123");
    expect(run.stdout.split("\n").filter((l) => l.startsWith("::set-env"))).toEqual([]);
    expect(findLeaks(run, [token, token.slice(0, 20), server.account.apiKey])).toEqual([]);
  });

  it("deletes nothing in a dry run", async () => {
    const server = await emulator();
    await createIndexes(server, "shop-pr-1");
    const github = await githubApi({ 1: "closed" });
    const run = await remove(
      server,
      { "prune-pattern": "shop-pr-{pr}", "dry-run": "true" },
      { githubToken: "ghs_dummy", env: { GITHUB_API_URL: github.url } },
    );
    expect(run.exitCode).toBe(0);
    expect(run.outputs["count"]).toBe("1");
    expect(names(server)).toEqual(["shop-pr-1"]);
    expect(run.summary).toContain("would be deleted");
    expect(server.requests.some((r) => r.method === "DELETE")).toBe(false);
  });

  it.each([
    [
      "both name and prune-pattern",
      { name: "a", "prune-pattern": "a-{pr}" },
      /give exactly one of the inputs name .* and prune-pattern/,
    ],
    ["neither", {}, /give exactly one of the inputs name/],
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
