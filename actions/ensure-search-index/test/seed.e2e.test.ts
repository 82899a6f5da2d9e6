import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SearchIndexData } from "@stashkit/core";
import type { RunningEmulator } from "@stashkit/emulator";
import { errorLines, findLeaks, managementEnv, runAction } from "@stashkit/testing";
import { emulator, tempFolder } from "@stashkit/testing/vitest";
import { describe, expect, it } from "vitest";
import { prEvent, secretsOf } from "./shared.ts";

const actionDir = join(import.meta.dirname, "..");

function ensure(
  server: RunningEmulator,
  inputs: Record<string, string>,
  event?: { name: string; payload: Record<string, unknown> },
  env: Record<string, string> = {},
) {
  return runAction({
    actionDir,
    inputs: { region: "eu-west-1", "base-url": server.url, ...inputs },
    env: { ...managementEnv(server.account), ...env },
    ...(event === undefined ? {} : { event }),
  });
}

const movie = (n: number, title = `Movie ${n}`) => ({ id: `m${n}`, content: { title }, metadata: { n } });
const MOVIES = Array.from({ length: 250 }, (_, n) => movie(n));

async function seedFiles(): Promise<{ json: string; ndjson: string; dir: string }> {
  const dir = tempFolder("stashkit-seed-e2e-");
  const json = join(dir, "movies.json");
  const ndjson = join(dir, "more.ndjson");
  await writeFile(json, JSON.stringify(MOVIES.slice(0, 200), null, 2));
  await writeFile(
    ndjson,
    `${MOVIES.slice(200)
      .map((m) => JSON.stringify(m))
      .join("\n")}\n`,
  );
  return { json, ndjson, dir };
}

function dataOf(server: RunningEmulator, name: string): SearchIndexData {
  const index = server.state.indexes.find((entry) => entry.index.name === name)?.index;
  return new SearchIndexData({ url: `${server.url}/search/${index?.endpoint}`, token: index?.token ?? "" });
}

const countIn = async (data: SearchIndexData, namespace: string) =>
  (await data.info()).namespaces[namespace]?.vectorCount ?? 0;

describe("ensure-search-index seeding, run as the runner runs it", () => {
  it("seeds from a JSON and an NDJSON file; a rerun finds the seed finished and writes nothing", async () => {
    const server = await emulator();
    const { json, ndjson } = await seedFiles();
    const first = await ensure(server, {
      name: "shop",
      "seed-file": `${json}\n${ndjson}`,
      "seed-index": "movies",
    });
    const second = await ensure(server, {
      name: "shop",
      "seed-file": `${json}\n${ndjson}`,
      "seed-index": "movies",
    });

    expect(first.exitCode).toBe(0);
    expect(first.outputs["seeded"]).toBe("250");
    expect(first.summary).toMatch(/\| movies \| 250 \| \d+\.\d s \|/);
    expect(second.outputs["seeded"]).toBe("0");
    expect(second.summary).toContain("| movies | 0: seeded before |");
    expect(await countIn(dataOf(server, "shop"), "movies")).toBe(250);
    expect(findLeaks(first, secretsOf(server))).toEqual([]);
  });

  it("warns when the seed files repeat ids: the index gets fewer documents than are written", async () => {
    const server = await emulator();
    const { ndjson } = await seedFiles();
    const run = await ensure(server, { name: "shop", "seed-file": `${ndjson}\n${ndjson}` });
    expect(run.exitCode).toBe(0);
    expect(run.outputs["seeded"]).toBe("100");
    expect(run.stdout).toContain(
      `::warning::seed-file: 50 of the 100 documents repeat an id written before them (${ndjson} 50); each replaces the earlier one, so the SDK index gets 50 documents, not 100`,
    );
    expect(await countIn(dataOf(server, "shop"), "default")).toBe(50);
  });

  it('with seed-when "always" upserts again: a document changed in the file is updated', async () => {
    const server = await emulator();
    const { json, dir } = await seedFiles();
    await ensure(server, { name: "shop", "seed-file": json });
    const changed = join(dir, "changed.json");
    await writeFile(changed, JSON.stringify([movie(3, "Heat")]));
    const run = await ensure(server, { name: "shop", "seed-file": changed, "seed-when": "always" });

    expect(run.outputs["seeded"]).toBe("1");
    const [document] = await dataOf(server, "shop").fetch({ ids: ["m3"] }, { namespace: "default" });
    expect(document?.content).toEqual({ title: "Heat" });
  });

  it("refuses a bad line before any request, naming the input, the file and the line", async () => {
    const server = await emulator();
    const { ndjson, dir } = await seedFiles();
    const bad = join(dir, "bad.ndjson");
    await writeFile(bad, `${JSON.stringify(movie(1))}\n{"id": "m2"}\n`);
    const run = await ensure(server, { name: "shop", "seed-file": `${ndjson}\n${bad}` });

    expect(run.exitCode).toBe(1);
    expect(errorLines(run)).toEqual([
      expect.stringMatching(/^::error::ensure-search-index: seed-file: \S+bad\.ndjson line 2: content: /),
    ]);
    expect(server.requests).toEqual([]);
    expect(server.state.indexes).toEqual([]);
  });

  it.each([
    ["a bad seed-when", { "seed-file": "x.json", "seed-when": "sometimes" }, /seed-when/],
    [
      "seed-file with clone-from",
      { "seed-file": "x.json", "clone-from": "staging" },
      /give seed-file or clone-from, not both/,
    ],
    [
      "clone-index without clone-from",
      { "clone-index": "movies" },
      /clone-index names an SDK index of clone-from/,
    ],
    [
      "seed-index with clone-from but no clone-index",
      { "clone-from": "s", "seed-index": "m" },
      /seed-index needs clone-index/,
    ],
    [
      "a seed file that is not there",
      { "seed-file": "/nowhere/movies.json" },
      /seed-file: \/nowhere\/movies\.json cannot be read \(ENOENT\)/,
    ],
  ])("refuses %s before any request", async (_case, inputs, message) => {
    const server = await emulator();
    const run = await ensure(server, { name: "shop", ...inputs });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)).toEqual([expect.stringMatching(message)]);
    expect(server.requests).toEqual([]);
  });

  it("refuses a seed-file link out of the workspace (a fork's), quoting nothing of it, before any request", async () => {
    const server = await emulator();
    const workspace = tempFolder();
    const secret = join(tempFolder(), "credentials");
    await writeFile(secret, "ghp_SUPERSECRETTOKEN0123456789abcdefABCDEF\n");
    await mkdir(join(workspace, "search"));
    await symlink(secret, join(workspace, "search", "movies.ndjson"));
    const run = await ensure(server, { name: "shop", "seed-file": "search/movies.ndjson" }, undefined, {
      GITHUB_WORKSPACE: workspace,
    });
    expect(run.exitCode).toBe(1);
    expect(errorLines(run)).toEqual([
      expect.stringMatching(
        /^::error::ensure-search-index: seed-file: search\/movies\.ndjson is a symbolic link, or under one, that leads out of the workspace/,
      ),
    ]);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/ghp_|SUPER|credentials/);
    expect(server.requests).toEqual([]);
  });

  it("a run that fails midway is completed by the next", async () => {
    const server = await emulator();
    const { json } = await seedFiles();
    const pass = { kind: "status", status: 200, body: { result: "Success" }, phase: "after" } as const;
    server.inject("POST /search/:endpoint/upsert-data/*namespace", pass, { kind: "status", status: 500 });
    const died = await ensure(server, { name: "shop", "seed-file": json, "max-attempts": "1" });
    const next = await ensure(server, { name: "shop", "seed-file": json });

    expect(died.exitCode).toBe(1);
    expect(next.exitCode).toBe(0);
    expect(next.outputs["seeded"]).toBe("200");
    expect(await countIn(dataOf(server, "shop"), "default")).toBe(200);
  });

  it("waits until the seeded documents are searchable", async () => {
    const server = await emulator({ search: { indexingDelayMs: 1_500 } });
    const { json } = await seedFiles();
    const run = await ensure(server, { name: "shop", "seed-file": json });

    expect(run.exitCode).toBe(0);
    const info = await dataOf(server, "shop").info();
    expect(info.namespaces["default"]).toMatchObject({ vectorCount: 200, pendingVectorCount: 0 });
  });

  it("clones a database with the source's read-only token, every SDK index, leaking no token", async () => {
    const server = await emulator();
    const { json, ndjson } = await seedFiles();
    await ensure(server, { name: "staging", "seed-file": json, "seed-index": "movies" });
    await ensure(server, { name: "staging", "seed-file": ndjson, "seed-index": "shows" });
    const run = await ensure(server, { name: "preview", "clone-from": "staging" });

    expect(run.outputs["seeded"]).toBe("250");
    const preview = dataOf(server, "preview");
    expect([await countIn(preview, "movies"), await countIn(preview, "shows")]).toEqual([200, 50]);
    expect(findLeaks(run, secretsOf(server))).toEqual([]);
    const staging = server.state.indexes.find((e) => e.index.name === "staging")?.index;
    expect(run.stdout).toContain(`::add-mask::${staging?.read_only_token}`);
  });

  it("the shared-database layout: one SDK index per pull request, cloned from one staging SDK index", async () => {
    const server = await emulator();
    const { json } = await seedFiles();
    await ensure(server, { name: "staging", "seed-file": json, "seed-index": "movies" });
    const inputs = {
      name: "previews",
      "clone-from": "staging",
      "clone-index": "movies",
      "seed-index": "movies-pr-{pr}",
    };
    const seven = await ensure(server, inputs, prEvent(7));
    const eight = await ensure(server, inputs, prEvent(8));

    expect([seven.outputs["created"], eight.outputs["created"]]).toEqual(["true", "false"]);
    expect([seven.outputs["seeded"], eight.outputs["seeded"]]).toEqual(["200", "200"]);
    const previews = dataOf(server, "previews");
    expect([await countIn(previews, "movies-pr-7"), await countIn(previews, "movies-pr-8")]).toEqual([
      200, 200,
    ]);
    expect(server.state.indexes.map((e) => e.index.name).sort()).toEqual(["previews", "staging"]);
  });
});
