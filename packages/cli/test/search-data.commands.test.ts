import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RunningEmulator } from "@stashkit/emulator";
import { removeTemporaryFolders, temporaryFolder } from "@stashkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, dataOf, emulatorFor, searchCli, secrets } from "./cli.ts";

// Every temp folder this file makes, removed when it ends, pass or fail.
afterAll(() => removeTemporaryFolders());

const s = secrets();
let emulator: RunningEmulator;
let dir: string;
const runs: CliRun[] = [];
// `search …` against this file's emulator, each run kept for the leak scan at the end.
const cli = (...args: string[]) => searchCli(emulator, s, runs)(...args);

beforeAll(async () => {
  emulator = await emulatorFor(s);
  dir = temporaryFolder("stashkit-cli-seed-");
});
afterAll(() => emulator.stop());

const movies = (count: number) =>
  Array.from({ length: count }, (_, n) => JSON.stringify({ id: `m${n}`, content: { title: `Movie ${n}` } }));

describe("search seed, clone and indexes", () => {
  it("seeds from an NDJSON file, finds the seed finished the second time, clones it and lists the SDK indexes", async () => {
    const file = join(dir, "movies.ndjson");
    writeFileSync(file, `${movies(150).join("\n")}\n`);
    for (const name of ["staging", "preview"])
      expect((await cli("search", "ensure", "--name", name)).code).toBe(0);

    const seeded = await cli("search", "seed", "--name", "staging", "--index", "movies", "--file", file);
    const again = await cli("search", "seed", "--name", "staging", "--index", "movies", "--file", file);
    const cloned = await cli("search", "clone", "--from", "staging", "--to", "preview", "--format", "json");
    const listed = await cli("search", "indexes", "staging", "preview");

    expect(seeded.code).toBe(0);
    expect(seeded.stdout).toBe("Seeded staging / movies: 150 documents in 2 batches.\n");
    expect(again.stdout).toMatch(/^staging \/ movies was seeded before \(.+\): nothing written/);
    expect(JSON.parse(cloned.stdout)).toMatchObject({
      written: 150,
      indexes: [{ from: "movies", index: "movies", written: 150 }],
    });
    expect(listed.stdout).toContain("staging  movies  150 documents\n");
    expect(listed.stdout).toContain("preview  movies  150 documents\n");
    expect(listed.stdout).not.toContain("stashkit-seeds");
    expect((await dataOf(emulator, "preview").info()).namespaces["movies"]?.vectorCount).toBe(150);
  });

  it("refuses a bad line naming the file and line, before any request", async () => {
    const file = join(dir, "bad.json");
    writeFileSync(file, `[\n{"id": "a", "content": {}},\n{"id": "b", "content": 3}\n]`);
    const before = emulator.requests.length;
    const run = await cli("search", "seed", "--name", "staging", "--file", file);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`--seed-file: ${file} line 3: content:`);
    expect(emulator.requests.length).toBe(before);
  });

  it("prints no index token in any run", () => {
    const tokens = emulator.state.indexes.flatMap((entry) => [
      entry.index.token,
      entry.index.read_only_token,
    ]);
    for (const run of runs)
      for (const token of tokens) expect(`${run.stdout}${run.stderr}`).not.toContain(token);
  });
});
