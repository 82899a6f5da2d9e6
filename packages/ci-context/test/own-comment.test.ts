import { type GitHubStandIn, startGitHubStandIn } from "@stashkit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { gitHubApiUrl, gitHubGraphqlUrl, upsertMarkedComment, viewerLogin } from "../src/index.ts";

const TOKEN = "ghs_viewer_secret";
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

async function standIn(login?: string): Promise<GitHubStandIn> {
  const github = await startGitHubStandIn({
    pulls: { "acme/shop": { 7: "open" } },
    ...(login ? { login } : {}),
  });
  stops.push(() => github.stop());
  return github;
}

function access(github: GitHubStandIn) {
  const env = { GITHUB_API_URL: github.url, GITHUB_GRAPHQL_URL: github.graphqlUrl };
  return {
    owner: "acme",
    repo: "shop",
    token: TOKEN,
    apiUrl: gitHubApiUrl(env),
    graphqlUrl: gitHubGraphqlUrl(env),
    deadline: { remainingMs: () => 10_000 },
    redact: (text: string) => text.replaceAll(TOKEN, "***"),
  };
}

const MARKER = "<!-- stashkit-apply-qstash: preview -->";

describe("a comment kept up to date by its own author", () => {
  it("asks GraphQL who the token is", async () => {
    expect(await viewerLogin(access(await standIn()))).toBe("github-actions[bot]");
    expect(await viewerLogin(access(await standIn("release-bot[bot]")))).toBe("release-bot[bot]");
  });

  it("never edits someone else's comment that starts with the marker: it writes its own, then edits that one", async () => {
    const github = await standIn();
    github.comments["acme/shop"] = {
      7: [{ id: 1, body: `${MARKER}\npasted by a person`, user: { login: "dev", type: "User" } }],
    };
    const me = await viewerLogin(access(github));
    const first = await upsertMarkedComment(access(github), 7, MARKER, `${MARKER}\nplan 1`, me);
    const second = await upsertMarkedComment(access(github), 7, MARKER, `${MARKER}\nplan 2`, me);
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    expect(github.comments["acme/shop"]?.[7]?.map((c) => [c.user.login, c.body])).toEqual([
      ["dev", `${MARKER}\npasted by a person`],
      ["github-actions[bot]", `${MARKER}\nplan 2`],
    ]);
  });
});
