import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RunningEmulator } from "@stashkit/emulator";
import { DEFAULT_SEARCH_REGION } from "@stashkit/emulator/internal";
import { removeTemporaryFolders, temporaryFolder } from "@stashkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchEnsure } from "../src/commands/search-ensure.command.ts";
import type { FlagSpec } from "../src/options/flags.ts";
import { type CliRun, credentialForms, dataOf, emulatorFor, searchCli, secrets } from "./cli.ts";

// Issue 50, items 3, 4, 5 and 9, and issue 49 item 9: one spelling per meaning (the others
// aliases), "did you mean" for the rest, an export that never reports an empty backup it did not
// mean, file names that never collide, `search list` at a glance, and one default region.

afterAll(() => removeTemporaryFolders());

const s = secrets();
let emulator: RunningEmulator;
let dir: string;
const runs: CliRun[] = [];
// `search …` against this file's emulator, each run kept for the leak scan at the end.
const cli = (...args: string[]) => searchCli(emulator, s, runs)(...args);

beforeAll(async () => {
  // As `stashkit emulator --search-index shop` starts: the index exists before any command runs.
  emulator = await emulatorFor(s, { searchIndexes: ["shop"] });
  dir = temporaryFolder("stashkit-cli-vocabulary-");
});
afterAll(() => emulator.stop());

function seedFile(name: string, ids: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${ids.map((id) => JSON.stringify({ id, content: { title: id } })).join("\n")}\n`);
  return path;
}

describe("one region by default", () => {
  it("search ensure --name shop finds the emulator's --search-index shop", async () => {
    const run = await cli("search", "ensure", "--name", "shop");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Search index shop \(\S+\) already existed: us-central1, free, /);
    expect(emulator.state.indexes.filter((e) => e.index.name === "shop")).toHaveLength(1);
  });

  it("is one value in the CLI's flag and the emulator's indexes", () => {
    const flags: readonly FlagSpec[] = searchEnsure.flags;
    const region = flags.find((flag) => flag.flags.startsWith("--region "));
    expect(region?.default).toBe(DEFAULT_SEARCH_REGION);
  });

  it("a mismatch names the flag that accepts it, not the library's option", async () => {
    const run = await cli("search", "ensure", "--name", "shop", "--region", "eu-west-1");
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(
      /^error: stashkit search ensure: search index "shop" \(id \S+\) exists with region us-central1, but region eu-west-1 was asked for; change the inputs, delete the index, or accept it with --on-mismatch warn$/,
    );
    const warned = await cli(
      "search",
      "ensure",
      "--name",
      "shop",
      "--region",
      "eu-west-1",
      "--on-mismatch",
      "warn",
    );
    expect(warned.code, warned.stderr).toBe(0);
    expect(warned.stderr).toContain("using it because --on-mismatch is warn");
  });
});

describe("one spelling per meaning", () => {
  it("search seed takes --seed-file, --seed-index and --seed-when, as search ensure does", async () => {
    const path = seedFile("movies.ndjson", ["m1", "m2"]);
    const args = ["--name", "shop", "--seed-file", path, "--seed-index", "movies"];
    const run = await cli("search", "seed", ...args, "--seed-when", "always");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("Seeded shop / movies: 2 documents in 1 batches.\n");
    // The older spellings still work.
    const older = await cli("search", "seed", "--name", "shop", "--file", path, "--index", "movies");
    expect(older.stdout).toMatch(
      /^shop \/ movies was seeded before \(.+\): nothing written; --seed-when always/,
    );
  });

  it("search clone takes --clone-from, --name, --clone-index and --seed-index", async () => {
    expect((await cli("search", "ensure", "--name", "shop-copy", "-q")).code).toBe(0);
    const run = await cli(
      "search",
      "clone",
      "--clone-from",
      "shop",
      "--name",
      "shop-copy",
      "--clone-index",
      "movies",
      "--seed-index",
      "films",
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("movies -> films: 2 documents.");
  });

  it("search indexes and export name the index with --name too", async () => {
    const listed = await cli("search", "indexes", "--name", "shop", "--name", "shop-copy");
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain("shop  movies  2 documents\n");
    expect(listed.stdout).toContain("shop-copy  films  2 documents\n");
    const both = await cli("search", "export", "shop", "--name", "shop");
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("name the search index once");
  });

  it("refuses a mistyped flag with a suggestion and sends nothing", async () => {
    const before = emulator.requests.length;
    const json = await cli("search", "list", "--json");
    expect(json.code).toBe(2);
    expect(json.stderr).toContain("(Did you mean --format json?)");
    const wrong = await cli("search", "ensure", "--name", "x", "--file", "a.json");
    expect(wrong.stderr).toContain("(Did you mean --seed-file?)");
    expect(emulator.requests.length).toBe(before);
  });
});

describe("search export: one flag for where the documents go", () => {
  it("--output-file receives the documents, not an empty file", async () => {
    const output = join(dir, "movies.ndjson");
    const run = await cli("search", "export", "--name", "shop", "--index", "movies", "--output-file", output);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`shop / movies: 2 documents to ${output}.\n`);
    const ids = readFileSync(output, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line).id);
    expect(ids.sort()).toEqual(["m1", "m2"]);
    expect(statSync(output).mode & 0o777).toBe(0o600);
  });

  it("fails, writing no file, for an export of nothing it was not told to expect", async () => {
    const output = join(dir, "typo.ndjson");
    const run = await cli("search", "export", "--name", "shop", "--index", "moveis", "--output-file", output);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      "error: stashkit search export: nothing exported: shop / moveis holds no documents (its SDK indexes holding documents: movies); an empty backup is not written unless --allow-empty says it is meant",
    );
    expect(existsSync(output)).toBe(false);
    const meant = await cli(
      "search",
      "export",
      "--name",
      "shop",
      "--index",
      "moveis",
      "--output-file",
      output,
      "--allow-empty",
    );
    expect(meant.code, meant.stderr).toBe(0);
    expect(readFileSync(output, "utf8")).toBe("");
  });

  it("fails for an index without documents, to stdout too", async () => {
    expect((await cli("search", "ensure", "--name", "empty", "-q")).code).toBe(0);
    const run = await cli("search", "export", "--name", "empty");
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("nothing exported: empty holds no documents;");
  });
});

describe("search export --output-file '{index}': one file per SDK index, never shared", () => {
  it("writes a*, a_ and a' to three files, each holding its own documents", async () => {
    expect((await cli("search", "ensure", "--name", "odd", "-q")).code).toBe(0);
    for (const index of ["a*", "a_", "a'"])
      await dataOf(emulator, "odd").upsert([{ id: `in ${index}`, content: { t: index } }], {
        namespace: index,
      });
    const folder = temporaryFolder("stashkit-cli-export-");
    const run = await cli(
      "search",
      "export",
      "--name",
      "odd",
      "--output-file",
      join(folder, "{index}.ndjson"),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(readdirSync(folder).sort()).toEqual(["a%27.ndjson", "a%2A.ndjson", "a_.ndjson"]);
    for (const [file, index] of [
      ["a%27.ndjson", "a'"],
      ["a%2A.ndjson", "a*"],
      ["a_.ndjson", "a_"],
    ] as const) {
      expect(JSON.parse(readFileSync(join(folder, file), "utf8")).id).toBe(`in ${index}`);
    }
  });

  it("refuses names that are one file where case is ignored, writing none", async () => {
    expect((await cli("search", "ensure", "--name", "cased", "-q")).code).toBe(0);
    for (const index of ["Films", "films"])
      await dataOf(emulator, "cased").upsert([{ id: index, content: { t: index } }], { namespace: index });
    const folder = temporaryFolder("stashkit-cli-export-");
    const run = await cli(
      "search",
      "export",
      "--name",
      "cased",
      "--output-file",
      join(folder, "{index}.ndjson"),
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the SDK indexes "Films" and "films" would both be written to');
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe("search list", () => {
  it("--pattern without a placeholder is a name, or a * pattern", async () => {
    const exact = await cli("search", "list", "--pattern", "shop");
    expect(exact.code, exact.stderr).toBe(0);
    expect(exact.stdout).toMatch(
      /^NAME +ID +REGION +PLAN +AGE\nshop {2}\S+ {2}us-central1 {2}free {2}\d+[smhd]\n1 search index matching shop\.\n$/,
    );
    const star = await cli("search", "list", "--pattern", "shop*", "--format", "json");
    const names = JSON.parse(star.stdout).indexes.map((i: { name: string }) => i.name);
    expect(names.sort()).toEqual(["shop", "shop-copy"]);
  });

  it("shows each index's age", async () => {
    const entry = emulator.indexes.list().find((e) => e.index.name === "empty");
    if (!entry) throw new Error("no index named empty");
    emulator.indexes.put({
      ...entry,
      index: { ...entry.index, creation_time: entry.index.creation_time - 3 * 86_400 },
    });
    const run = await cli("search", "list", "--pattern", "empty");
    expect(run.stdout).toMatch(/^empty {2}\S+ {2}us-central1 {2}free {2}3d$/m);
  });
});

describe("seeding: what happens is said when it happens", () => {
  it("says the index was created before seeding it, even when the seed then fails", async () => {
    const path = seedFile("fail.ndjson", ["f1", "f2"]);
    // Every write into the new index is refused: the command fails after the ensure.
    emulator.inject(
      "POST /search/:endpoint/upsert-data/*namespace",
      ...Array(5).fill({ kind: "status", status: 400 }),
    );
    const run = await cli(
      "search",
      "ensure",
      "--name",
      "made-then-failed",
      "--seed-file",
      path,
      "--max-attempts",
      "1",
    );
    emulator.clearFaults();
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split("\n");
    expect(lines[0]).toMatch(/^Search index made-then-failed \(\S+\) created; seeding it now\.$/);
    expect(lines.at(-1)).toMatch(/^error: stashkit search ensure: /);
  });

  it("warns when the files repeat ids: the index gets fewer documents than are written", async () => {
    const path = seedFile("twice.ndjson", ["t1", "t2", "t3"]);
    const run = await cli(
      "search",
      "seed",
      "--name",
      "shop",
      "--seed-index",
      "twice",
      "--seed-file",
      path,
      "--seed-file",
      path,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      `warning: --seed-file: 3 of the 6 documents repeat an id written before them (${path} 3); each replaces the earlier one, so the SDK index gets 3 documents, not 6`,
    );
    expect((await dataOf(emulator, "shop").info()).namespaces["twice"]?.vectorCount).toBe(3);
  });
});

it("prints no credential or index token in any run", () => {
  const tokens = emulator.state.indexes.flatMap((e) => [e.index.token, e.index.read_only_token]);
  for (const run of runs) {
    for (const secret of [...credentialForms(s), ...tokens])
      expect(`${run.stdout}${run.stderr}`).not.toContain(secret);
  }
});
