import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunningEmulator } from "@stashkit/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiEnv,
  type CliRun,
  credentialForms,
  dataOf,
  emulatorFor,
  runCli,
  searchCli,
  secrets,
} from "./cli.ts";

const s = secrets();
let emulator: RunningEmulator;
let dir: string;
const runs: CliRun[] = [];
// `search …` against this file's emulator, each run kept for the leak scan at the end.
const cli = (...args: string[]) => searchCli(emulator, s, runs)(...args);
const DAY_S = 86_400;

beforeAll(async () => {
  emulator = await emulatorFor(s);
  dir = mkdtempSync(join(tmpdir(), "stashkit-cli-lifecycle-"));
});
afterAll(async () => {
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
});

const indexNames = () => emulator.state.indexes.map((e) => e.index.name).sort();

function file(name: string, lines: unknown[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
  return path;
}

const DOCS = [
  {
    id: "a",
    content: { title: "Alien", plot: "line one\nline two\r\n::set-output name=x::y" },
    metadata: { year: 1979 },
  },
  { id: "b", content: { title: "Heat" } },
  { id: "c/d é", content: { title: "Ran" }, metadata: { tags: ["x", "y"], nested: { deep: true } } },
];

describe("search ensure in one step, as the action", () => {
  it("ensures and seeds from a file; the second run finds the seed finished and writes nothing", async () => {
    const path = file("docs.ndjson", DOCS);
    const first = await cli(
      "search",
      "ensure",
      "--name",
      "one-step",
      "--seed-file",
      path,
      "--seed-index",
      "movies",
    );
    const second = await cli(
      "search",
      "ensure",
      "--name",
      "one-step",
      "--seed-file",
      path,
      "--seed-index",
      "movies",
      "--format",
      "json",
    );
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain("SDK index movies: 3 documents written.");
    expect(JSON.parse(second.stdout)).toMatchObject({
      created: false,
      seeded: 0,
      indexes: [{ index: "movies", seeded: false }],
    });
    expect((await dataOf(emulator, "one-step").info()).namespaces["movies"]?.vectorCount).toBe(3);
  });

  it("clones from another index (a protected one too) in the same command", async () => {
    const run = await cli(
      "search",
      "ensure",
      "--name",
      "one-clone",
      "--clone-from",
      "one-step",
      "--protect",
      "one-step",
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("SDK index movies: 3 documents written.");
  });

  it("exits 2 with nothing sent on a bad seed line, a bad combination or a protected name", async () => {
    const bad = join(dir, "bad.ndjson");
    writeFileSync(bad, '{"id":"a","content":{}}\n{"id":"b","content":3}\n');
    const cases = [
      [["--name", "never", "--seed-file", bad], `--seed-file: ${bad} line 2: content:`],
      [
        ["--name", "never", "--seed-file", bad, "--clone-from", "x"],
        "give --seed-file or --clone-from, not both",
      ],
      [["--name", "never", "--seed-when", "sometimes"], "--seed-when must be one of created, always"],
      [
        ["--name", "never", "--wait-until-indexed", "maybe"],
        "--wait-until-indexed must be one of true, false",
      ],
      [
        ["--name", "shop-production", "--protect", "*-production"],
        'stashkit search ensure: --name "shop-production" is protected by --protect "*-production": stashkit does not ensure it',
      ],
    ] as const;
    for (const [args, message] of cases) {
      const before = emulator.requests.length;
      const run = await cli("search", "ensure", ...args);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).toContain(message);
      expect(emulator.requests.length).toBe(before);
    }
  });

  it("search seed and clone refuse a protected target before anything is sent; cloning from one is allowed", async () => {
    const path = file("protected.ndjson", DOCS.slice(0, 1));
    for (const args of [
      ["search", "seed", "--name", "one-step", "--file", path, "--protect", "one-*"],
      ["search", "clone", "--from", "restored", "--to", "one-step", "--protect", "ONE-STEP"],
    ]) {
      const before = emulator.requests.length;
      const run = await cli(...args);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(
        /is protected by --protect "(one-\*|ONE-STEP)": stashkit does not (seed|clone into) it/,
      );
      expect(emulator.requests.length).toBe(before);
    }
  });

  it("exits 1, creating nothing, when --clone-from names no index (a request was sent)", async () => {
    const run = await cli("search", "ensure", "--name", "one-missing", "--clone-from", "nowhere");
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'error: stashkit search ensure: --clone-from: no search index named "nowhere" in this account',
    );
    expect(indexNames()).not.toContain("one-missing");
  });

  it("reports a 401 once, in one line", async () => {
    const path = file("one.ndjson", DOCS.slice(0, 1));
    const env = apiEnv(emulator, s, { CI: "true", UPSTASH_API_KEY: `${s.apiKey}-wrong` });
    const run = await runCli(
      ["search", "ensure", "--base-url", emulator.url, "--name", "x", "--seed-file", path],
      env,
    );
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr.match(/401/g)).toHaveLength(1);
    expect(run.stderr).toContain("Check UPSTASH_EMAIL and UPSTASH_API_KEY");
    expect(run.stderr).not.toContain(`${s.apiKey}-wrong`);
  });

  it("says to run ensure, or use the one-step form, when seed or clone targets a missing index", async () => {
    const path = file("one-more.ndjson", DOCS.slice(0, 1));
    const seeded = await cli("search", "seed", "--name", "ghost", "--file", path);
    expect(seeded.code).toBe(1);
    expect(seeded.stderr.trim()).toBe(
      `error: stashkit search seed: --name: no search index named "ghost"; create it first with "stashkit search ensure --name ghost", or ensure and seed in one step: "stashkit search ensure --name ghost --seed-file ${path}"`,
    );
    const cloned = await cli("search", "clone", "--from", "one-step", "--to", "ghost");
    expect(cloned.code).toBe(1);
    expect(cloned.stderr).toContain(
      'or ensure and clone in one step: "stashkit search ensure --name ghost --clone-from one-step"',
    );
  });
});

describe("search export and import", () => {
  it("exports NDJSON that search import (seed) reads back unchanged: ids, content, metadata", async () => {
    const output = join(dir, "backup-{index}.ndjson");
    const exported = await cli("search", "export", "one-step", "--output", output);
    expect(exported.code, exported.stderr).toBe(0);
    const backup = join(dir, "backup-movies.ndjson");
    expect(statSync(backup).mode & 0o777).toBe(0o600);
    const lines = readFileSync(backup, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.sort((x, y) => (x.id < y.id ? -1 : 1))).toEqual(DOCS);
    expect(exported.stdout).toBe(`one-step / movies: 3 documents to ${backup}.\n`);

    expect((await cli("search", "ensure", "--name", "restored", "-q")).code).toBe(0);
    const imported = await cli(
      "search",
      "import",
      "--name",
      "restored",
      "--index",
      "movies",
      "--file",
      backup,
    );
    expect(imported.code, imported.stderr).toBe(0);
    const again = await cli("search", "export", "restored", "--index", "movies");
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(readFileSync(backup, "utf8"));
    expect(again.stderr).toContain("restored / movies: 3 documents.");
    // Every line is a JSON object: no line of a document can start a runner command.
    for (const line of again.stdout.trimEnd().split("\n")) expect(line.startsWith('{"id":')).toBe(true);
  });

  it("refuses several SDK indexes into one stream, and a json result beside NDJSON on stdout, before sending", async () => {
    const before = emulator.requests.length;
    const several = await cli("search", "export", "one-step", "--index", "a", "--index", "b");
    expect(several.code).toBe(2);
    expect(several.stderr).toContain("give --output-file with {index}");
    const json = await cli("search", "export", "one-step", "--index", "a", "--format", "json");
    expect(json.code).toBe(2);
    expect(emulator.requests.length).toBe(before);
  });

  it("names import in the help, beside seed", async () => {
    const help = await runCli(["search", "--help"], apiEnv(emulator, s));
    expect(help.stdout).toMatch(/seed\|import \[options\]/);
  });
});

describe("search prune --max-age and --protect", () => {
  async function makeIndexes(...names: string[]) {
    for (const name of names) expect((await cli("search", "ensure", "--name", name, "-q")).code).toBe(0);
  }
  function age(days: number, ...names: string[]) {
    for (const entry of emulator.indexes.list()) {
      if (!names.includes(entry.index.name)) continue;
      const creation_time = entry.index.creation_time - days * DAY_S;
      emulator.indexes.put({ ...entry, index: { ...entry.index, creation_time } });
    }
  }

  it("with --open, deletes what is closed and what is older than --max-age; --dry-run says why", async () => {
    await makeIndexes("age-pr-1", "age-pr-2", "age-pr-3");
    age(10, "age-pr-2");
    const dry = await cli(
      "search",
      "prune",
      "--pattern",
      "age-pr-{pr}",
      "--open",
      "2",
      "3",
      "--max-age",
      "7d",
      "--dry-run",
    );
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^age-pr-1 \(\S+\) would be deleted: closed$/m);
    expect(dry.stdout).toMatch(
      /^age-pr-2 \(\S+\) would be deleted: older than 7d \(created \d{4}-\d\d-\d\dT[\d:]+Z\)$/m,
    );
    expect(dry.stdout).toMatch(/^age-pr-3 \(\S+\) kept$/m);
    expect(indexNames()).toEqual(expect.arrayContaining(["age-pr-1", "age-pr-2", "age-pr-3"]));
    const run = await cli(
      "search",
      "prune",
      "--pattern",
      "age-pr-{pr}",
      "--open",
      "2",
      "3",
      "--max-age",
      "7d",
      "--protect",
      "age-pr-1",
    );
    expect(run.stdout).toMatch(/^age-pr-1 \(\S+\) kept: protected by --protect age-pr-1$/m);
    expect(indexNames().filter((n) => n.startsWith("age-pr-"))).toEqual(["age-pr-1", "age-pr-3"]);
  });

  it("prunes by --max-age alone, and SDK indexes inside a database with --name", async () => {
    await makeIndexes("run-100", "run-200");
    age(3, "run-100");
    const run = await cli("search", "prune", "--pattern", "run-{run_id}", "--max-age", "36h");
    expect(run.code, run.stderr).toBe(0);
    expect(indexNames()).not.toContain("run-100");
    expect(indexNames()).toContain("run-200");

    const data = dataOf(emulator, "one-step");
    await data.upsert([{ id: "x", content: { t: 1 }, metadata: { createdAt: "2020-01-01T00:00:00Z" } }], {
      namespace: "mv-pr-1",
    });
    await data.upsert([{ id: "x", content: { t: 1 } }], { namespace: "mv-pr-2" });
    const sdk = await cli(
      "search",
      "prune",
      "--name",
      "one-step",
      "--pattern",
      "mv-pr-{pr}",
      "--max-age",
      "30d",
      "--format",
      "json",
    );
    expect(sdk.code, sdk.stderr).toBe(0);
    expect(JSON.parse(sdk.stdout).deleted.map((d: { name: string }) => d.name)).toEqual(["mv-pr-1"]);
    expect((await data.listNamespaces()).sort()).toEqual(["", "movies", "mv-pr-2", "stashkit-seeds"]);
  });

  it("exits 2 with nothing sent on an unparsable --max-age, a protected --name or no rule at all", async () => {
    const cases = [
      [["--pattern", "p-{pr}", "--max-age", "a week"], "--max-age must be a duration such as 7d, 36h or 90m"],
      [
        ["--pattern", "p-{pr}", "--max-age", "7d", "--name", "db-live", "--protect", "*-live"],
        '--name "db-live" is protected by --protect "*-live"',
      ],
      [["--pattern", "p-{pr}"], "give exactly one of --open"],
    ] as const;
    for (const [args, message] of cases) {
      const before = emulator.requests.length;
      const run = await cli("search", "prune", ...args);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain(message);
      expect(emulator.requests.length).toBe(before);
    }
  });

  it("search delete refuses a protected name with nothing sent, and a protected id after reading it", async () => {
    await makeIndexes("del-production");
    const before = emulator.requests.length;
    const byName = await cli("search", "delete", "--name", "del-production", "--protect", "*-production");
    expect(byName.code).toBe(2);
    expect(emulator.requests.length).toBe(before);
    const id = emulator.state.indexes.find((e) => e.index.name === "del-production")?.index.id ?? "";
    const byId = await cli("search", "delete", "--id", id, "--protect", "*-production");
    expect(byId.code).toBe(1);
    expect(byId.stderr).toContain(
      `--id ${id} is the search index "del-production", protected by --protect "*-production"`,
    );
    expect(indexNames()).toContain("del-production");
  });
});

it("prints no credential or index token in any run", () => {
  const tokens = emulator.state.indexes.flatMap((e) => [e.index.token, e.index.read_only_token]);
  for (const run of runs) {
    for (const secret of [...credentialForms(s), ...tokens])
      expect(`${run.stdout}${run.stderr}`).not.toContain(secret);
  }
});
