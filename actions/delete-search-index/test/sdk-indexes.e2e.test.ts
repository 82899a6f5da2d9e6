import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SearchIndexData } from "@stashkit/core";
import type { RunningEmulator } from "@stashkit/emulator";
import {
  credentialSecrets,
  findLeaks,
  managementEnv,
  runAction,
  startGitHubStandIn,
} from "@stashkit/testing";
import { emulator, onCleanup, tempFolder } from "@stashkit/testing/vitest";
import { describe, expect, it } from "vitest";

const deleteDir = join(import.meta.dirname, "..");
const ensureDir = join(import.meta.dirname, "..", "..", "ensure-search-index");

const pullRequest = (number: number, action = "opened") => ({
  name: "pull_request",
  payload: {
    number,
    action,
    pull_request: { number, head: { ref: "f", sha: "abcdef1234567", repo: { fork: false } } },
  },
});

function step(
  actionDir: string,
  server: RunningEmulator,
  inputs: Record<string, string>,
  extra: Partial<Parameters<typeof runAction>[0]> = {},
) {
  return runAction({
    actionDir,
    ...extra,
    inputs: { "base-url": server.url, ...inputs },
    env: { ...managementEnv(server.account), ...extra.env },
  });
}

async function seedFile(): Promise<string> {
  const file = join(tempFolder("stashkit-sdk-e2e-"), "movies.ndjson");
  const lines = Array.from({ length: 30 }, (_, n) =>
    JSON.stringify({ id: `m${n}`, content: { title: `Movie ${n}` } }),
  );
  await writeFile(file, `${lines.join("\n")}\n`);
  return file;
}

function previews(server: RunningEmulator): SearchIndexData {
  const index = server.state.indexes.find((entry) => entry.index.name === "myapp-previews")?.index;
  return new SearchIndexData({ url: `${server.url}/search/${index?.endpoint}`, token: index?.token ?? "" });
}

const secretsOf = (server: RunningEmulator) => [
  ...credentialSecrets(server.account),
  ...server.state.indexes.flatMap((e) => [e.index.token, e.index.read_only_token]),
];

describe("one SDK index per pull request inside a shared database, from ensure to prune", () => {
  it("ensures and seeds an SDK index per pull request, deletes one on close, and prunes the closed ones", async () => {
    const server = await emulator();
    const file = await seedFile();
    const ensure = {
      name: "myapp-previews",
      region: "eu-west-1",
      "seed-file": file,
      "seed-index": "movies-pr-{pr}",
    };
    for (const pr of [7, 8, 9]) {
      const run = await step(ensureDir, server, ensure, { event: pullRequest(pr) });
      expect(run.outputs["seeded"]).toBe("30");
    }
    expect(server.state.indexes).toHaveLength(1);

    const closed = await step(
      deleteDir,
      server,
      { name: "myapp-previews", index: "movies-pr-{pr}" },
      { event: pullRequest(7, "closed") },
    );
    expect(closed.exitCode).toBe(0);
    expect(JSON.parse(closed.outputs["deleted"] ?? "")).toEqual([
      { name: "movies-pr-7", id: server.state.indexes[0]?.index.id },
    ]);

    const github = await startGitHubStandIn({ pulls: { "acme/shop": { 8: "closed", 9: "open" } } });
    onCleanup(() => github.stop());
    const pruned = await step(
      deleteDir,
      server,
      { name: "myapp-previews", "prune-pattern": "movies-pr-{pr}" },
      {
        githubToken: "ghs_dummy",
        env: { GITHUB_API_URL: github.url, GITHUB_GRAPHQL_URL: github.graphqlUrl },
      },
    );
    expect(pruned.exitCode).toBe(0);
    expect(pruned.outputs["count"]).toBe("1");
    const left = (await previews(server).listNamespaces()).filter((name) => name.startsWith("movies-"));
    expect(left).toEqual(["movies-pr-9"]);
    expect(server.state.indexes).toHaveLength(1);
    for (const run of [closed, pruned]) expect(findLeaks(run, secretsOf(server))).toEqual([]);

    const reopened = await step(ensureDir, server, ensure, { event: pullRequest(7, "reopened") });
    expect(reopened.outputs["seeded"]).toBe("30");
  });
});
