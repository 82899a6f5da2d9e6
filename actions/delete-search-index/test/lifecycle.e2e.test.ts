import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SearchIndexData } from "@stashkit/core";
import type { RunningEmulator } from "@stashkit/emulator";
import {
  basicAuthorization,
  errorLines,
  findLeaks,
  managementEnv,
  readActionMetadata,
  runAction,
  startGitHubStandIn,
} from "@stashkit/testing";
import { emulator, onCleanup } from "@stashkit/testing/vitest";
import { describe, expect, it } from "vitest";

const actionDir = join(import.meta.dirname, "..");
const GITHUB_TOKEN = "ghs_delete_token_value";
const DAY_S = 86_400;

async function githubApi(
  pulls: Record<number, "open" | "closed" | "merged">,
  options: { canEditOthers?: boolean } = {},
) {
  const github = await startGitHubStandIn({ pulls: { "acme/shop": pulls }, ...options });
  onCleanup(() => github.stop());
  return { ...github, env: { GITHUB_API_URL: github.url, GITHUB_GRAPHQL_URL: github.graphqlUrl } };
}

async function createIndexes(server: RunningEmulator, ...names: string[]) {
  for (const name of names) {
    await fetch(`${server.url}/v2/search`, {
      method: "POST",
      headers: { authorization: basicAuthorization(server.account) },
      body: JSON.stringify({ name, region: "eu-west-1", type: "free" }),
    });
  }
  server.clearRequests();
}

/** Makes these indexes `days` older, as if created that long ago. */
function age(server: RunningEmulator, days: number, ...names: string[]) {
  for (const entry of server.indexes.list()) {
    if (!names.includes(entry.index.name)) continue;
    const creation_time = entry.index.creation_time - days * DAY_S;
    server.indexes.put({ ...entry, index: { ...entry.index, creation_time } });
  }
}

const closedEvent = (number: number) => ({
  name: "pull_request",
  payload: { number, action: "closed", pull_request: { number } },
});

function remove(
  server: RunningEmulator,
  inputs: Record<string, string>,
  options: { env?: Record<string, string>; event?: ReturnType<typeof closedEvent> } = {},
) {
  return runAction({
    actionDir,
    githubToken: GITHUB_TOKEN,
    inputs: { "base-url": server.url, ...inputs },
    env: { ...managementEnv(server.account), ...options.env },
    ...(options.event === undefined ? {} : { event: options.event }),
  });
}

const names = (server: RunningEmulator) => server.state.indexes.map((e) => e.index.name).sort();

describe("delete-search-index: max-age", () => {
  it("dry run lists what would go and why: closed, or older than max-age (open or not)", async () => {
    const server = await emulator();
    await createIndexes(server, "shop-pr-1", "shop-pr-2", "shop-pr-3");
    age(server, 10, "shop-pr-2");
    const github = await githubApi({ 1: "closed", 2: "open", 3: "open" });
    const run = await remove(
      server,
      { "prune-pattern": "shop-pr-{pr}", "max-age": "7d", "dry-run": "true" },
      { env: github.env },
    );
    expect(run.exitCode).toBe(0);
    const deleted = JSON.parse(run.outputs["deleted"] ?? "[]") as { name: string; reason: string }[];
    expect(deleted.map((d) => [d.name, d.reason.replace(/\(created .*\)/, "(created …)")]).sort()).toEqual([
      ["shop-pr-1", "closed"],
      ["shop-pr-2", "older than 7d (created …)"],
    ]);
    expect(run.stdout).toMatch(/shop-pr-2 \(.+\) would be deleted: older than 7d \(created \d{4}-\d\d-\d\dT/);
    expect(run.summary).toMatch(/\| shop-pr-2 \| .+ \| would be deleted: older than 7d/);
    expect(names(server)).toEqual(["shop-pr-1", "shop-pr-2", "shop-pr-3"]);
    // Only the young indexes' pull requests were asked about.
    expect(github.requests.map((r) => r.pullRequests)).toEqual([2]);
  });

  it("prune-pattern's documentation says so: {pr} is needed only without max-age", async () => {
    const metadata = readActionMetadata(actionDir);
    const row = readFileSync(join(actionDir, "README.md"), "utf8")
      .split("\n")
      .find((line) => line.startsWith("| `prune-pattern`"));
    for (const text of [
      String(metadata.inputs["prune-pattern"]?.description ?? ""),
      (row ?? "").replaceAll("`", ""),
    ]) {
      expect(text).not.toMatch(/Must contain \{pr\}\./);
      expect(text).toContain("a pattern without {pr} (e.g. it-{run_id}) then prunes by age alone");
      expect(text).toContain("Without max-age it must contain {pr}");
    }
    // What the step does without max-age: refused, naming max-age as the way out.
    const server = await emulator();
    const refused = await remove(server, { "prune-pattern": "it-{run_id}" });
    expect(refused.exitCode).toBe(1);
    expect(refused.stdout).toContain("or give max-age to prune by age alone");
  });

  it("prunes by age alone with a pattern without {pr}, asking GitHub nothing", async () => {
    const server = await emulator();
    await createIndexes(server, "it-100", "it-200");
    age(server, 2, "it-100");
    const github = await githubApi({});
    const run = await remove(
      server,
      { "prune-pattern": "it-{run_id}", "max-age": "36h" },
      { env: github.env },
    );
    expect(run.exitCode).toBe(0);
    expect(names(server)).toEqual(["it-200"]);
    expect(github.requests).toEqual([]);
  });

  it.each([["7 days"], ["0d"], ["1.5h"]])(
    "refuses max-age %j in one line naming it, with nothing sent",
    async (maxAge) => {
      const server = await emulator();
      const run = await remove(server, { "prune-pattern": "shop-pr-{pr}", "max-age": maxAge });
      expect(run.exitCode).toBe(1);
      expect(errorLines(run)).toEqual([
        `::error::delete-search-index: max-age must be a duration such as 7d, 36h or 90m (units m, h, d, w; at most 3650d)${maxAge === "0d" ? ", more than zero" : ""}; got "${maxAge}"`,
      ]);
      expect(server.requests).toEqual([]);
    },
  );

  it("ages SDK indexes inside a database by their seed record", async () => {
    const server = await emulator();
    await createIndexes(server, "previews");
    const index = server.state.indexes[0]?.index;
    const data = new SearchIndexData({
      url: `${server.url}/search/${index?.endpoint}`,
      token: index?.token ?? "",
    });
    for (const ns of ["movies-pr-1", "movies-pr-2"])
      await data.upsert([{ id: "a", content: { t: 1 } }], { namespace: ns });
    const at = (days: number) => new Date(Date.now() - days * DAY_S * 1000).toISOString();
    await data.upsert(
      [
        { id: "namespace:movies-pr-1", content: { finished: true, documents: 1, at: at(40) } },
        { id: "namespace:movies-pr-2", content: { finished: true, documents: 1, at: at(1) } },
      ],
      { namespace: "stashkit-seeds" },
    );
    const github = await githubApi({ 1: "open", 2: "open" });
    const run = await remove(
      server,
      { name: "previews", "prune-pattern": "movies-pr-{pr}", "max-age": "30d" },
      { env: github.env },
    );
    expect(run.exitCode).toBe(0);
    expect((await data.listNamespaces()).sort()).toEqual(["", "movies-pr-2", "stashkit-seeds"]);
    expect(run.stdout).toContain("movies-pr-1 (");
  });
});

describe("delete-search-index: protect", () => {
  it("refuses to delete a protected name before any request, naming the input", async () => {
    const server = await emulator();
    await createIndexes(server, "shop-production");
    const run = await remove(server, { name: "shop-production", protect: "*-production" });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)).toEqual([
      '::error::delete-search-index: name "shop-production" is protected by protect "*-production": stashkit does not delete it (reading from it, as clone-from does, stays allowed)',
    ]);
    expect(server.requests).toEqual([]);
    expect(names(server)).toEqual(["shop-production"]);
  });

  it("a prune keeps a protected index, however old or closed, and says so", async () => {
    const server = await emulator();
    await createIndexes(server, "shop-pr-1", "shop-pr-2");
    age(server, 30, "shop-pr-1", "shop-pr-2");
    const run = await remove(server, {
      "prune-pattern": "shop-pr-{run_id}",
      "max-age": "7d",
      protect: "shop-pr-1",
    });
    expect(run.exitCode).toBe(0);
    expect(names(server)).toEqual(["shop-pr-1"]);
    expect(run.stdout).toMatch(/shop-pr-1 \(.+\) kept: protected by protect "shop-pr-1"/);
    expect(run.summary).toMatch(/\| shop-pr-1 \| .+ \| kept: protected by shop-pr-1 \|/);
  });
});

describe("delete-search-index: the pull request comment", () => {
  it("edits the preview comment to say the preview is gone", async () => {
    const server = await emulator();
    await createIndexes(server, "shop-pr-7");
    const id = server.state.indexes[0]?.index.id;
    const github = await githubApi({ 7: "closed" });
    const marker = "<!-- stashkit-preview: shop-pr-7 -->";
    github.comments["acme/shop"] = {
      7: [{ id: 42, body: `${marker}\nold`, user: { login: "github-actions[bot]", type: "Bot" } }],
    };
    const run = await remove(
      server,
      { name: "shop-pr-{pr}", comment: "true" },
      { env: github.env, event: closedEvent(7) },
    );
    expect(run.exitCode).toBe(0);
    expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /graphql",
      "GET /repos/acme/shop/issues/7/comments",
      "PATCH /repos/acme/shop/issues/comments/42",
    ]);
    const body = github.comments["acme/shop"]?.[7]?.[0]?.body ?? "";
    expect(body.split("\n")[0]).toBe(marker);
    expect(body).toContain("### Search preview deleted");
    expect(body).toContain(`Deleted: shop-pr-7 \\(${id}\\).`);
    expect(run.stdout).toContain("Pull request #7: preview comment 42 says the preview is gone.");
    expect(findLeaks(run, [GITHUB_TOKEN, server.account.apiKey])).toEqual([]);
  });

  it("edits no comment the token did not write, even one with the marker it could edit", async () => {
    const server = await emulator();
    await createIndexes(server, "shop-pr-7");
    const github = await githubApi({ 7: "closed" }, { canEditOthers: true });
    const planted = {
      id: 43,
      body: "<!-- stashkit-preview: shop-pr-7 -->\nmine",
      user: { login: "dev", type: "User" },
    };
    github.comments["acme/shop"] = { 7: [{ ...planted }] };
    const run = await remove(
      server,
      { name: "shop-pr-{pr}", comment: "true" },
      { env: github.env, event: closedEvent(7) },
    );
    expect(run.exitCode).toBe(0);
    expect(github.comments["acme/shop"]?.[7]).toEqual([planted]);
    expect(run.stdout).toContain("Pull request #7 has no preview comment for shop-pr-7: nothing to edit.");
  });

  it.each([
    [
      { name: "shop-main", comment: "true" },
      undefined,
      /input comment is true, but this run \(event "push"\) is about no pull request/,
    ],
    [
      { "prune-pattern": "shop-pr-{pr}", comment: "true" },
      closedEvent(7),
      /comment edits the preview comment of this run's pull request/,
    ],
  ])("refuses comment %j in one line, with nothing sent", async (inputs, event, message) => {
    const server = await emulator();
    const github = await githubApi({});
    const run = await remove(server, inputs, { env: github.env, ...(event ? { event } : {}) });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)).toHaveLength(1);
    expect(errorLines(run)[0]).toMatch(message);
    expect(server.requests).toEqual([]);
    expect(github.requests).toEqual([]);
  });
});
