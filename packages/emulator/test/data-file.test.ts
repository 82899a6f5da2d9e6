import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataFileError, startEmulator } from "../src/index.ts";
import { sqliteModule } from "../src/storage/sqlite/load-sqlite.ts";
import { stateInDataFile } from "./data-file-state.ts";
import { emulator, messaging } from "./helpers.ts";

const { DatabaseSync } = sqliteModule();
const folders: string[] = [];
const stopAfterTest: ChildProcess[] = [];
afterEach(async () => {
  for (const child of stopAfterTest.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill("SIGTERM");
    await once(child, "exit");
  }
  await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
});

async function folder(): Promise<string> {
  const made = await mkdtemp(join(tmpdir(), "stashkit-data-file-"));
  folders.push(made);
  return made;
}

const BAD_FILES = [
  ["not JSON", "{not json", /is not valid JSON \(InvalidSymbol at line 1, column 2\)/],
  [
    "cut off",
    '{"queues": {}, "indexes": [',
    /is not valid JSON \(CloseBracketExpected at line 1, column 28\)/,
  ],
  ["a JSON array", "[]", /does not hold emulator state: the top level/],
  ["JSON null", "null", /is neither an emulator database nor a JSON data file/],
  ["plain text", "ghp_secret-token-here\n", /is neither an emulator database nor a JSON data file/],
  ["indexes that are not a list", '{"indexes": "many"}', /does not hold emulator state: indexes:/],
  ["an index entry without its index", '{"indexes": [{"owner": "dev@stashkit.local"}]}', /indexes\.0\.index/],
  [
    "a queue with a broken message list",
    '{"queues": {"q": {"name": "q", "createdAt": 1, "updatedAt": 1, "parallelism": 1, "paused": false, "messages": {}}}}',
    /queues\.q\.messages/,
  ],
] as const;

/** Runs the built command against a data file and collects how it ended. */
async function runBin(dataFile: string): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, [
    join(import.meta.dirname, "../dist/bin.js"),
    "--port",
    "0",
    "--data-file",
    dataFile,
  ]);
  let stderr = "";
  let stdout = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    // A bad file must stop the start; if it listens instead, end it so the test fails, not hangs.
    if (stdout.includes("listening on")) child.kill("SIGTERM");
  });
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, stderr, stdout };
}

describe("a data file that cannot be used", () => {
  it.each(BAD_FILES)(
    "(%s) makes startEmulator reject with a DataFileError naming the file",
    async (_case, text, problem) => {
      const file = join(await folder(), "state.json");
      await writeFile(file, text);
      const started = startEmulator({ dataFile: file });
      await expect(started).rejects.toBeInstanceOf(DataFileError);
      await expect(started).rejects.toThrow(problem);
      const error = (await started.catch((e: unknown) => e)) as DataFileError;
      expect(error.file).toBe(file);
      expect(error.message).toContain(file);
      expect(error.message).not.toContain("\n");
      // Nothing of the file is quoted (it may hold a token), and nothing was written beside it.
      expect(error.message).not.toMatch(/ghp_|not json|many/);
      expect(await readFile(file, "utf8")).toBe(text);
      expect(await readdir(dirname(file))).toEqual(["state.json"]);
    },
  );

  it.each(BAD_FILES)(
    "(%s) stops the command with exit code 2 and one line, no stack",
    async (_case, text, problem) => {
      const file = join(await folder(), "state.json");
      await writeFile(file, text);
      const { code, stderr, stdout } = await runBin(file);
      expect(code).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toMatch(problem);
      expect(stderr).toMatch(/^stashkit-emulator: data file ".+state\.json" .+\n$/);
      expect(stderr.trimEnd().split("\n")).toHaveLength(1);
      expect(stderr).not.toMatch(/\n\s+at /);
    },
  );

  it("stops the command when the data file's folder does not exist", async () => {
    const { code, stderr } = await runBin(join(await folder(), "missing", "state.db"));
    expect(code).toBe(2);
    expect(stderr).toMatch(/^stashkit-emulator: data file .+ cannot be used: its folder does not exist\n$/);
  });

  it("stops a second emulator on a file the first one holds, and the first goes on", async () => {
    const file = join(await folder(), "state.db");
    const first = await emulator({ dataFile: file });
    await messaging(first).upsert({ queueName: "held", parallelism: 1 });
    const second = startEmulator({ dataFile: file });
    await expect(second).rejects.toThrow(DataFileError);
    await expect(second).rejects.toThrow(/is in use by another emulator .*choose another --data-file/);
    expect((await messaging(first).upsert({ queueName: "still", parallelism: 1 })).status).toBe(200);
    await first.stop();
    expect(Object.keys((await stateInDataFile(file)).queues)).toEqual(["held", "still"]);
  });

  it("refuses another program's SQLite database and one from a newer emulator, changing neither", async () => {
    const dir = await folder();
    const foreign = join(dir, "other.db");
    const other = new DatabaseSync(foreign);
    other.exec("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('keep me')");
    other.close();
    await expect(startEmulator({ dataFile: foreign })).rejects.toThrow(
      /is a SQLite database of another program, not an emulator's data file/,
    );
    const newer = join(dir, "newer.db");
    await (await emulator({ dataFile: newer })).stop();
    const stamped = new DatabaseSync(newer);
    stamped.exec("PRAGMA user_version = 99");
    stamped.close();
    await expect(startEmulator({ dataFile: newer })).rejects.toThrow(
      /was written by a newer emulator \(data file version 99; this one reads up to 2\): upgrade/,
    );
    const reread = new DatabaseSync(foreign, { readOnly: true });
    expect(reread.prepare("SELECT text FROM notes").all()).toEqual([{ text: "keep me" }]);
    reread.close();
  });

  it("starts empty from a file that does not exist yet, owner-only, and narrows a widened one at start", async () => {
    const file = join(await folder(), "new.db");
    const fresh = await emulator({ dataFile: file });
    const { signingKeys, ...empty } = fresh.state;
    expect(empty).toEqual({
      queues: {},
      indexes: [],
      messages: [],
      dlq: [],
      schedules: {},
      flowControl: {},
      deduplication: {},
      searchDocuments: {},
      workflowRuns: {},
      workflowWaiters: [],
      workflowEvents: [],
      messageEvents: [],
      urlGroups: {},
    });
    expect(signingKeys).toEqual(fresh.signingKeys);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await fresh.stop();
    await chmod(file, 0o644);
    const again = await emulator({ dataFile: file });
    expect(again.signingKeys).toEqual(fresh.signingKeys);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });
});

describe("a JSON data file of an earlier emulator", () => {
  const EARLIER = JSON.stringify({
    queues: {
      orders: { name: "orders", createdAt: 1, updatedAt: 1, parallelism: 2, paused: true, messages: [] },
    },
    indexes: [],
    signingKeys: { current: "sig_kept_current", next: "sig_kept_next" },
  });

  it("is copied into <file>.db at the first start, with a line saying so, and left as it was", async () => {
    const dir = await folder();
    const file = join(dir, "state.json");
    await writeFile(file, EARLIER);
    const lines: string[] = [];
    const first = await emulator({ dataFile: file, log: (line) => lines.push(line) });
    expect(lines).toEqual([
      `stashkit-emulator: data file "${file}" is JSON from an earlier emulator: its state was copied into "${file}.db", which this and later starts use (the JSON file is left as it was)`,
    ]);
    expect(first.state.queues["orders"]).toMatchObject({ parallelism: 2, paused: true });
    expect(first.signingKeys).toEqual({ current: "sig_kept_current", next: "sig_kept_next" });
    await messaging(first).upsert({ queueName: "later", parallelism: 1 });
    await first.stop();
    expect(await readFile(file, "utf8")).toBe(EARLIER);

    const again: string[] = [];
    const second = await emulator({ dataFile: file, log: (line) => again.push(line) });
    expect(Object.keys(second.state.queues)).toEqual(["orders", "later"]);
    await second.stop();
    expect(again).toEqual([
      `stashkit-emulator: data file "${file}" is JSON from an earlier emulator; using "${file}.db", made from it at an earlier start (the JSON file is not read)`,
    ]);
    expect((await readdir(dir)).sort()).toEqual(["state.json", "state.json.db"]);
  });

  it("says so on the command's stderr, and a migration that did not finish is made again", async () => {
    const dir = await folder();
    const file = join(dir, "state.json");
    await writeFile(file, EARLIER);
    // What a start killed mid-copy leaves: a database never stamped as the emulator's.
    new DatabaseSync(`${file}.db`).close();
    const bin = await startLogged(["--data-file", file]);
    expect(bin.stderr()).toBe(
      `stashkit-emulator: data file "${file}" is JSON from an earlier emulator: its state was copied into "${file}.db", which this and later starts use (the JSON file is left as it was)\n`,
    );
    const queues = await fetch(`${bin.url}/v2/queues`, { headers: { authorization: `Bearer ${bin.token}` } });
    expect(((await queues.json()) as { name: string }[]).map((queue) => queue.name)).toEqual(["orders"]);
  });
});

describe("durability", () => {
  it("keeps every acknowledged write, in order, across a SIGKILL at a random moment", async () => {
    const file = join(await folder(), "state.db");
    const bin = await startLogged(["--data-file", file]);
    const acknowledged: string[] = [];
    const writes = (async () => {
      for (let n = 0; ; n++) {
        const response = await fetch(`${bin.url}/v2/queues`, {
          method: "POST",
          headers: { authorization: `Bearer ${bin.token}`, "content-type": "application/json" },
          body: JSON.stringify({ queueName: `q-${n}`, parallelism: 1 }),
        }).catch(() => undefined);
        if (response?.status !== 200) return;
        acknowledged.push(`q-${n}`);
      }
    })();
    while (acknowledged.length < 25) await new Promise((resolve) => setImmediate(resolve));
    bin.kill("SIGKILL");
    await writes;
    const kept = Object.keys((await stateInDataFile(file)).queues);
    expect(kept.slice(0, acknowledged.length)).toEqual(acknowledged);
  });
});

interface LoggedBin {
  url: string;
  pid: number;
  token: string;
  /** Everything the command wrote to stderr so far. */
  stderr(): string;
  kill(signal: NodeJS.Signals): void;
}

/** Runs the built command on a free port, its stderr captured, until the test ends. */
async function startLogged(args: string[]): Promise<LoggedBin> {
  const child = spawn(process.execPath, [
    join(import.meta.dirname, "../dist/bin.js"),
    "--port",
    "0",
    ...args,
  ]);
  stopAfterTest.push(child);
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let banner = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      banner += chunk.toString();
      if (banner.includes("control API")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`emulator exited with ${code}: ${stderr}`)));
  });
  return {
    url: /listening on (http:\/\/\S+)/.exec(banner)?.[1] ?? "",
    pid: child.pid as number,
    token: /QSTASH_TOKEN=(\S+)/.exec(banner)?.[1] ?? "",
    stderr: () => stderr,
    kill: (signal) => child.kill(signal),
  };
}
