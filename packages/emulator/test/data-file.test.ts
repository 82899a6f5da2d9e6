import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataFileError, startEmulator } from "../src/index.ts";
import { basic, emulator, management } from "./helpers.ts";

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
  ["not JSON", "{not json", /is not valid JSON/],
  ["cut off", '{"queues": {}, "indexes": [', /is not valid JSON/],
  ["a JSON array", "[]", /does not hold emulator state: the top level/],
  ["JSON null", "null", /does not hold emulator state/],
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
      expect(await readFile(file, "utf8")).toBe(text);
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
    const { code, stderr } = await runBin(join(await folder(), "missing", "state.json"));
    expect(code).toBe(2);
    expect(stderr).toMatch(/^stashkit-emulator: data file .+ its folder cannot be read \(ENOENT\)\n$/);
  });

  it("starts empty from a file that does not exist yet, and from one holding only some parts", async () => {
    const dir = await folder();
    const fresh = await emulator({ dataFile: join(dir, "new.json") });
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
    await writeFile(join(dir, "partial.json"), '{"queues": {}}');
    const partial = await emulator({ dataFile: join(dir, "partial.json") });
    expect((await management(partial).list()).json).toEqual([]);
  });
});

describe("temporary files beside the data file", () => {
  async function deadPid(): Promise<number> {
    const child = spawn(process.execPath, ["-e", ""]);
    await once(child, "exit");
    return child.pid as number;
  }

  it("removes those left by killed processes at start, and leaves live processes' and unrelated ones", async () => {
    const dir = await folder();
    const file = join(dir, "state.json");
    const dead = `state.json.${await deadPid()}.tmp`;
    const live = `state.json.${process.ppid}.tmp`;
    const unrelated = ["other.json.123.tmp", "state.json.backup.tmp", "state.json.tmp"];
    for (const name of [dead, live, ...unrelated]) await writeFile(join(dir, name), "{}");

    await emulator({ dataFile: file });
    const left = await readdir(dir);
    expect(left).not.toContain(dead);
    expect(left).toContain(live);
    for (const name of unrelated) expect(left).toContain(name);
  });

  it("opens the temporary file exclusively: a file planted there is neither followed nor overwritten", async () => {
    const dir = await folder();
    const file = join(dir, "state.json");
    const victim = join(dir, "victim.txt");
    await writeFile(victim, "untouched");
    // The command, not startEmulator: its log goes to its own stderr, which the test reads, so
    // the refusal it logs on purpose is asserted here instead of showing up in the test output.
    const server = await startLogged(["--data-file", file]);
    const planted = `${file}.${server.pid}.tmp`;
    await symlink(victim, planted);

    const refused = await createIndex(server, "a");
    expect(refused.status).toBe(500);
    expect(await refused.json()).toEqual({ error: "internal emulator error" });
    expect(await readFile(victim, "utf8")).toBe("untouched");
    expect(existsSync(file)).toBe(false);
    // The details go to the operator's log, not to the client.
    expect(server.stderr()).toMatch(
      new RegExp(`^stashkit-emulator: POST /v2/search failed: Error: EEXIST: .*${escapeRegExp(planted)}'\n$`),
    );

    await rm(planted);
    expect((await createIndex(server, "b")).status).toBe(200);
    const saved = JSON.parse(await readFile(file, "utf8")) as { indexes: { index: { name: string } }[] };
    expect(saved.indexes.map((entry) => entry.index.name)).toContain("b");
    expect((await readdir(dir)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    expect(server.stderr().split("\n")).toHaveLength(2);
  });
});

interface LoggedBin {
  url: string;
  pid: number;
  account: { email: string; apiKey: string };
  /** Everything the command wrote to stderr so far. */
  stderr(): string;
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
  const read = (name: string) => new RegExp(`${name}=(\\S+)`).exec(banner)?.[1] ?? "";
  return {
    url: /listening on (http:\/\/\S+)/.exec(banner)?.[1] ?? "",
    pid: child.pid as number,
    account: { email: read("UPSTASH_EMAIL"), apiKey: read("UPSTASH_API_KEY") },
    stderr: () => stderr,
  };
}

function createIndex(server: LoggedBin, name: string): Promise<Response> {
  return fetch(`${server.url}/v2/search`, {
    method: "POST",
    headers: {
      authorization: basic(server.account.email, server.account.apiKey),
      "content-type": "application/json",
    },
    body: JSON.stringify({ name, region: "eu-west-1", type: "free" }),
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
