import { type GitHubStandIn, startGitHubStandIn } from "@stashkit/testing";
import { afterEach, describe, expect, it } from "vitest";
import {
  type CommentAccess,
  editMarkedComment,
  GitHubRequestError,
  gitHubApiUrl,
  upsertMarkedComment,
} from "../src/index.ts";

const TOKEN = "ghs_comment_secret";
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

async function standIn(canComment = true): Promise<GitHubStandIn> {
  const github = await startGitHubStandIn({ pulls: { "acme/shop": { 7: "open" } }, canComment });
  stops.push(() => github.stop());
  return github;
}

function access(github: GitHubStandIn): CommentAccess {
  return {
    owner: "acme",
    repo: "shop",
    token: TOKEN,
    apiUrl: gitHubApiUrl({ GITHUB_API_URL: github.url }),
    deadline: { remainingMs: () => 10_000 },
    redact: (text) => text.replaceAll(TOKEN, "***"),
  };
}

const MARKER = "<!-- stashkit-preview: shop-pr-7 -->";

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
      "GET /repos/acme/shop/issues/7/comments",
      "POST /repos/acme/shop/issues/7/comments",
      "GET /repos/acme/shop/issues/7/comments",
      `PATCH /repos/acme/shop/issues/comments/${first.id}`,
    ]);
    expect(github.requests.every((r) => r.authorization === `token ${TOKEN}`)).toBe(true);
    expect(JSON.parse(github.requests[3]?.body ?? "{}")).toEqual({ body: `${MARKER}\nsecond` });
  });

  it("finds the marker past the first page of comments", async () => {
    const github = await standIn();
    const others = Array.from({ length: 150 }, (_, n) => ({
      id: n + 1,
      body: `c${n}`,
      user: { login: "dev", type: "User" },
    }));
    github.comments["acme/shop"] = {
      7: [...others, { id: 500, body: `${MARKER}\nold`, user: { login: "bot", type: "Bot" } }],
    };
    expect(await editMarkedComment(access(github), 7, MARKER, `${MARKER}\ngone`)).toEqual({ id: 500 });
    expect(github.requests.map((r) => r.query).slice(0, 2)).toEqual([
      "per_page=100&page=1",
      "per_page=100&page=2",
    ]);
    expect(github.comments["acme/shop"]?.[7]?.at(-1)?.body).toBe(`${MARKER}\ngone`);
  });

  it("edits nothing when no comment has the marker", async () => {
    const github = await standIn();
    expect(await editMarkedComment(access(github), 7, MARKER, "x")).toBeUndefined();
    expect(github.requests.map((r) => r.method)).toEqual(["GET"]);
  });

  it("says in one line which permission a read-only token lacks, without the token", async () => {
    const github = await standIn(false);
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
        `^reading the comments of pull request #7 failed: could not connect to 127\\.0\\.0\\.1:${port}: the connection was refused: .+ \\(ECONNREFUSED\\)$`,
      ),
    );
    expect((error as Error).message).not.toContain("fetch failed");
  });
});
