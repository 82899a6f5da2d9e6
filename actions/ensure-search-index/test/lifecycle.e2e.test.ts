import { join } from "node:path";
import { SearchIndexData } from "@stashkit/core";
import type { RunningEmulator } from "@stashkit/emulator";
import { errorLines, findLeaks, managementEnv, runAction, startGitHubStandIn } from "@stashkit/testing";
import { emulator, onCleanup } from "@stashkit/testing/vitest";
import { describe, expect, it } from "vitest";
import { prEvent, secretsOf } from "./shared.ts";

const actionDir = join(import.meta.dirname, "..");
const GITHUB_TOKEN = "ghs_comment_token_value";

async function githubApi(canComment = true) {
  const github = await startGitHubStandIn({ pulls: { "acme/shop": { 7: "open" } }, canComment });
  onCleanup(() => github.stop());
  return { ...github, env: { GITHUB_API_URL: github.url, GITHUB_GRAPHQL_URL: github.graphqlUrl } };
}

function ensure(
  server: RunningEmulator,
  inputs: Record<string, string>,
  options: { event?: ReturnType<typeof prEvent>; env?: Record<string, string> } = {},
) {
  return runAction({
    actionDir,
    inputs: { region: "eu-west-1", "base-url": server.url, ...inputs },
    env: { ...managementEnv(server.account), ...options.env },
    githubToken: GITHUB_TOKEN,
    ...(options.event === undefined ? {} : { event: options.event }),
  });
}

describe("ensure-search-index: protect", () => {
  it("refuses a name that protect matches, in one line naming the input, with nothing sent", async () => {
    const server = await emulator();
    const run = await ensure(server, { name: "shop-production", protect: "*-production\nshop-staging" });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)).toEqual([
      '::error::ensure-search-index: name "shop-production" is protected by protect "*-production": stashkit does not ensure it (reading from it, as clone-from does, stays allowed)',
    ]);
    expect(server.requests).toEqual([]);
  });

  it("clones from a protected index: it is only read", async () => {
    const server = await emulator();
    const staging = await runAction({
      actionDir,
      inputs: { region: "eu-west-1", "base-url": server.url, name: "shop-staging" },
      env: managementEnv(server.account),
    });
    expect(staging.exitCode).toBe(0);
    const index = server.state.indexes[0]?.index;
    const data = new SearchIndexData({
      url: `${server.url}/search/${index?.endpoint}`,
      token: index?.token ?? "",
    });
    await data.upsert([{ id: "a", content: { title: "Alien" } }], { namespace: "movies" });
    server.clearRequests();
    const run = await ensure(server, {
      name: "shop-pr-7",
      protect: "shop-staging",
      "clone-from": "shop-staging",
    });
    expect(run.exitCode).toBe(0);
    expect(run.outputs["seeded"]).toBe("1");
    const writesToStaging = server.requests.filter(
      (r) => r.path.includes(index?.endpoint ?? "?") && (r.route ?? "").includes("upsert"),
    );
    expect(writesToStaging).toEqual([]);
    expect(findLeaks(run, secretsOf(server))).toEqual([]);
  });
});

describe("ensure-search-index: clone-from", () => {
  it("fails on a missing source before creating the index", async () => {
    const server = await emulator();
    const run = await ensure(server, { name: "shop-pr-9", "clone-from": "shop-nowhere" });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)).toEqual([
      '::error::ensure-search-index: clone-from: no search index named "shop-nowhere" in this account',
    ]);
    expect(server.state.indexes).toEqual([]);
    expect(server.requests.map((r) => r.route)).toEqual(["GET /v2/search"]);
  });
});

describe("ensure-search-index: the pull request comment", () => {
  it("creates one comment on the first push and edits it on the next, never with a token", async () => {
    const server = await emulator();
    const github = await githubApi();
    const first = await ensure(
      server,
      { name: "shop-pr-{pr}", comment: "true" },
      { event: prEvent(7), env: github.env },
    );
    const second = await ensure(
      server,
      { name: "shop-pr-{pr}", comment: "true" },
      { event: prEvent(7), env: github.env },
    );
    expect([first.exitCode, second.exitCode]).toEqual([0, 0]);
    const comments = github.comments["acme/shop"]?.[7] ?? [];
    expect(comments).toHaveLength(1);
    const id = comments[0]?.id;
    expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /graphql",
      "GET /repos/acme/shop/issues/7/comments",
      "POST /repos/acme/shop/issues/7/comments",
      "POST /graphql",
      "GET /repos/acme/shop/issues/7/comments",
      `PATCH /repos/acme/shop/issues/comments/${id}`,
    ]);
    expect(github.requests.every((r) => r.authorization === `token ${GITHUB_TOKEN}`)).toBe(true);
    const index = server.state.indexes[0]?.index;
    const body = comments[0]?.body ?? "";
    expect(body.split("\n")[0]).toBe("<!-- stashkit-preview: shop-pr-7 -->");
    expect(body).toContain("### Search preview updated for abcdef1");
    expect(body).toContain(`| shop-pr-7 | ${index?.id} | eu-west-1 | free | none asked for |`);
    expect(body).toContain("until this pull request closes");
    for (const secret of [...secretsOf(server), GITHUB_TOKEN, index?.endpoint ?? "?"]) {
      expect(github.requests.map((r) => r.body).join("\n")).not.toContain(secret);
    }
    expect(second.stdout).toContain("Pull request #7: preview comment updated");
    expect(findLeaks(second, [...secretsOf(server), GITHUB_TOKEN])).toEqual([]);
  });

  // Anyone can post the marker first; GitHub refuses the bot's edit of their comment (403).
  it("leaves a comment someone else wrote with the marker alone, and keeps its own", async () => {
    const server = await emulator();
    const github = await githubApi();
    const planted = {
      id: 5,
      body: "<!-- stashkit-preview: shop-pr-7 -->\nsee http://evil.example",
      user: { login: "mallory", type: "User" },
    };
    github.comments["acme/shop"] = { 7: [{ ...planted }] };
    const run = await ensure(
      server,
      { name: "shop-pr-{pr}", comment: "true" },
      { event: prEvent(7), env: github.env },
    );
    expect(run.exitCode, run.stdout).toBe(0);
    const comments = github.comments["acme/shop"]?.[7] ?? [];
    expect(comments[0]).toEqual(planted);
    expect(comments.map((c) => c.user.login)).toEqual(["mallory", "github-actions[bot]"]);
    expect(comments[1]?.body).toContain("### Search preview");
    expect(github.requests.some((r) => r.method === "PATCH")).toBe(false);
  });

  it("refuses comment on a push, with nothing sent to either API", async () => {
    const server = await emulator();
    const github = await githubApi();
    const run = await ensure(server, { name: "shop-main", comment: "true" }, { env: github.env });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)).toEqual([
      '::error::ensure-search-index: input comment is true, but this run (event "push") is about no pull request: run the step on pull_request events, or leave comment off',
    ]);
    expect(server.requests).toEqual([]);
    expect(github.requests).toEqual([]);
  });

  it("fails in one line naming pull-requests: write when the token may not comment, after handing the index over", async () => {
    const server = await emulator();
    const github = await githubApi(false);
    const run = await ensure(
      server,
      { name: "shop-pr-{pr}", comment: "true" },
      { event: prEvent(7), env: github.env },
    );
    expect(run.exitCode).toBe(1);
    expect(run.outputs["name"]).toBe("shop-pr-7");
    expect(errorLines(run)).toEqual([
      "::error::ensure-search-index: commenting on pull request #7 failed (403): Resource not accessible by integration; the token needs pull-requests: write (a pull request from a fork gets a read-only token)",
    ]);
    expect(findLeaks(run, [...secretsOf(server), GITHUB_TOKEN])).toEqual([]);
  });
});
