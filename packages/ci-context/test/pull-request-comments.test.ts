import { type GitHubStandIn, type GitHubStandInOptions, startGitHubStandIn } from "@stashkit/testing";
import { afterEach, describe, expect, it } from "vitest";
import {
  type CommentAccess,
  editMarkedComment,
  GitHubRequestError,
  gitHubApiUrl,
  gitHubGraphqlUrl,
  upsertMarkedComment,
} from "../src/index.ts";

const TOKEN = "ghs_comment_secret";
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

async function standIn(options: Omit<GitHubStandInOptions, "pulls"> = {}): Promise<GitHubStandIn> {
  const github = await startGitHubStandIn({ pulls: { "acme/shop": { 7: "open" } }, ...options });
  stops.push(() => github.stop());
  return github;
}

function access(github: GitHubStandIn): CommentAccess {
  return {
    owner: "acme",
    repo: "shop",
    token: TOKEN,
    apiUrl: gitHubApiUrl({ GITHUB_API_URL: github.url }),
    graphqlUrl: gitHubGraphqlUrl({ GITHUB_GRAPHQL_URL: github.graphqlUrl }),
    deadline: { remainingMs: () => 10_000 },
    redact: (text) => text.replaceAll(TOKEN, "***"),
  };
}

const MARKER = "<!-- stashkit-preview: shop-pr-7 -->";
const BOT = { login: "github-actions[bot]", type: "Bot" } as const;
const USER = { login: "mallory", type: "User" } as const;

describe("the pull request comment", () => {
  it("creates one comment, then edits that same comment in place on every later push", async () => {
    const github = await standIn();
    github.comments["acme/shop"] = { 7: [{ id: 1, body: "LGTM", user: { login: "dev", type: "User" } }] };
    const first = await upsertMarkedComment(access(github), 7, MARKER, `${MARKER}\nfirst`);
    const second = await upsertMarkedComment(access(github), 7, MARKER, `${MARKER}\nsecond`);
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    expect(github.comments["acme/shop"]?.[7]?.map((c) => c.body)).toEqual(["LGTM", `${MARKER}\nsecond`]);
    expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /graphql",
      "GET /repos/acme/shop/issues/7/comments",
      "POST /repos/acme/shop/issues/7/comments",
      "POST /graphql",
      "GET /repos/acme/shop/issues/7/comments",
      `PATCH /repos/acme/shop/issues/comments/${first.id}`,
    ]);
    expect(github.requests.every((r) => r.authorization === `token ${TOKEN}`)).toBe(true);
    expect(JSON.parse(github.requests[5]?.body ?? "{}")).toEqual({ body: `${MARKER}\nsecond` });
  });

  it("finds the marker past the first page of comments", async () => {
    const github = await standIn();
    const others = Array.from({ length: 150 }, (_, n) => ({
      id: n + 1,
      body: `c${n}`,
      user: { login: "dev", type: "User" },
    }));
    github.comments["acme/shop"] = {
      7: [...others, { id: 500, body: `${MARKER}\nold`, user: BOT }],
    };
    expect(await editMarkedComment(access(github), 7, MARKER, `${MARKER}\ngone`)).toEqual({ id: 500 });
    expect(github.requests.map((r) => r.query).slice(1, 3)).toEqual([
      "per_page=100&page=1",
      "per_page=100&page=2",
    ]);
    expect(github.comments["acme/shop"]?.[7]?.at(-1)?.body).toBe(`${MARKER}\ngone`);
  });

  it("edits nothing when no comment has the marker", async () => {
    const github = await standIn();
    expect(await editMarkedComment(access(github), 7, MARKER, "x")).toBeUndefined();
    expect(github.requests.map((r) => r.method)).toEqual(["POST", "GET"]);
  });

  // Anyone may post the marker first: their comment must not get the preview (nor fail the step).
  it("matches only comments the token's own identity wrote: another's with the marker is left alone", async () => {
    const github = await standIn({ canEditOthers: true });
    const planted = { id: 2, body: `${MARKER}\nclick here`, user: USER };
    github.comments["acme/shop"] = { 7: [planted] };
    const written = await upsertMarkedComment(access(github), 7, MARKER, `${MARKER}\npreview`);
    expect(written.created).toBe(true);
    expect(await editMarkedComment(access(github), 7, MARKER, `${MARKER}\ngone`)).toEqual({ id: written.id });
    expect(github.comments["acme/shop"]?.[7]).toEqual([
      { id: 2, body: `${MARKER}\nclick here`, user: USER },
      { id: written.id, body: `${MARKER}\ngone`, user: BOT },
    ]);
    expect(github.requests.filter((r) => r.method === "PATCH").map((r) => r.path)).toEqual([
      `/repos/acme/shop/issues/comments/${written.id}`,
    ]);
  });

  it("knows a personal token by its login: its own comment is edited, the bot's is not", async () => {
    const github = await standIn({ identities: { [TOKEN]: { login: "release-bot", type: "User" } } });
    const own = { id: 3, body: `${MARKER}\nold`, user: { login: "release-bot", type: "User" } as const };
    github.comments["acme/shop"] = { 7: [{ id: 4, body: `${MARKER}\nbot's`, user: BOT }, own] };
    expect(await editMarkedComment(access(github), 7, MARKER, `${MARKER}\nnew`)).toEqual({ id: 3 });
    expect(github.comments["acme/shop"]?.[7]?.map((c) => c.body)).toEqual([
      `${MARKER}\nbot's`,
      `${MARKER}\nnew`,
    ]);
  });

  it("fails in one line, without the token, when GitHub will not say who the token is", async () => {
    const github = await standIn();
    const error = await upsertMarkedComment(
      { ...access(github), graphqlUrl: `${github.url}/no-graphql-here` },
      7,
      MARKER,
      "x",
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubRequestError);
    expect((error as Error).message).toBe(
      "asking GitHub who the token is (GraphQL viewer), to find its own comment, failed (404): Not Found",
    );
    expect(github.requests.map((r) => r.method)).toEqual(["POST"]);
  });

  it("says in one line which permission a read-only token lacks, without the token", async () => {
    const github = await standIn({ canComment: false });
    const error = await upsertMarkedComment(access(github), 7, MARKER, "x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubRequestError);
    expect((error as Error).message).toBe(
      "commenting on pull request #7 failed (403): Resource not accessible by integration; the token needs pull-requests: write (a pull request from a fork gets a read-only token)",
    );
    expect((error as Error).message).not.toContain(TOKEN);
  });

  it("says where and why GitHub could not be reached, not `fetch failed`", async () => {
    const github = await standIn();
    const { port } = new URL(github.url);
    await github.stop();
    stops.length = 0;
    const error = await upsertMarkedComment(access(github), 7, MARKER, "x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubRequestError);
    expect((error as Error).message).toMatch(
      new RegExp(
        // The first request is the token's identity (its own comment is the one edited).
        `^asking GitHub who the token is \\(GraphQL viewer\\), to find its own comment, failed: could not connect to 127\\.0\\.0\\.1:${port}: the connection was refused: .+ \\(ECONNREFUSED\\)$`,
      ),
    );
    expect((error as Error).message).not.toContain("fetch failed");
  });
});
