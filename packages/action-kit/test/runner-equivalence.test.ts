import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as actionsCore from "@actions/core";
import { removeTemporaryFolders, temporaryFolder } from "@stashkit/testing";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { runner } from "../src/index.ts";

// Every temp folder this file makes, removed when it ends, pass or fail.
afterAll(() => removeTemporaryFolders());

/**
 * The runner commands must be what @actions/core emits for the same calls: run one script of
 * calls through each, with the runner's files, and compare stdout and every file byte for byte
 * (the random file-command delimiters made equal).
 */
type Api = Pick<
  typeof runner,
  | "setSecret"
  | "setOutput"
  | "exportVariable"
  | "saveState"
  | "debug"
  | "info"
  | "warning"
  | "error"
  | "setFailed"
  | "getInput"
  | "getState"
  | "isDebug"
> & {
  group: <T>(name: string, body: () => Promise<T>) => Promise<T>;
  summary: (markdown: string) => Promise<void>;
};

const ours: Api = { ...runner, summary: async (markdown: string) => void runner.appendSummary(markdown) };
const theirs: Api = {
  ...actionsCore,
  summary: async (markdown: string) => void (await actionsCore.summary.addRaw(markdown).write()),
} as unknown as Api;

async function script(api: Api, withSummary: boolean): Promise<string[]> {
  const read = [
    api.getInput("queue name"),
    api.getInput("api-key"),
    api.getState("created"),
    String(api.isDebug()),
  ];
  api.setSecret("s3cr3t%value\nwith,odd:chars");
  api.setOutput("id", "abc-123");
  api.setOutput("multi", "line one\nline two\r\n%percent");
  api.exportVariable("UPSTASH_SEARCH_REST_URL", "https://x-search.upstash.io");
  api.saveState("created", "true");
  await api.group("Resume 2 queues", async () => {
    api.debug("GET /v2/queues/a answered 200 in 3 ms");
    api.info("a: resumed (paused: false, lag: 0)");
  });
  api.warning("queue b still reports paused; 100% sure?\nsecond line");
  // @actions/core remembers the summary file of an earlier call; only compare it with files present.
  if (withSummary) await api.summary("### Queues\n\n| a | b |\n");
  api.error("plain error: with, colons");
  api.setFailed("resume-queue: queue not found: b");
  return read;
}

function environment(): Record<string, string> {
  const dir = temporaryFolder("runner-equivalence-");
  const files: Record<string, string> = {};
  for (const name of ["GITHUB_OUTPUT", "GITHUB_ENV", "GITHUB_STATE", "GITHUB_STEP_SUMMARY"]) {
    files[name] = join(dir, name.toLowerCase());
    writeFileSync(files[name], "");
  }
  return files;
}

async function capture(api: Api, withFiles: boolean) {
  vi.unstubAllEnvs();
  vi.stubEnv("INPUT_QUEUE_NAME", "  orders , emails ");
  vi.stubEnv("INPUT_API-KEY", "k");
  vi.stubEnv("STATE_created", "false");
  vi.stubEnv("RUNNER_DEBUG", "1");
  const files = withFiles ? environment() : {};
  for (const name of ["GITHUB_OUTPUT", "GITHUB_ENV", "GITHUB_STATE", "GITHUB_STEP_SUMMARY"])
    vi.stubEnv(name, files[name] ?? "");
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
  let read: string[];
  try {
    read = await script(api, withFiles);
  } finally {
    spy.mockRestore();
  }
  const exitCode = process.exitCode;
  process.exitCode = undefined;
  const sameDelimiters = (text: string) => text.replace(/ghadelimiter_[0-9a-f-]{36}/g, "ghadelimiter_X");
  return {
    read,
    exitCode,
    stdout: written.join(""),
    files: Object.fromEntries(
      Object.entries(files).map(([name, path]) => [name, sameDelimiters(readFileSync(path, "utf8"))]),
    ),
    exported: process.env["UPSTASH_SEARCH_REST_URL"],
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
  delete process.env["UPSTASH_SEARCH_REST_URL"];
});

describe("runner commands match @actions/core", () => {
  it("with the runner's files", async () => {
    const mine = await capture(ours, true);
    const reference = await capture(theirs, true);
    expect(mine).toEqual(reference);
    expect(mine.files["GITHUB_OUTPUT"]).toContain(
      "multi<<ghadelimiter_X\nline one\nline two\r\n%percent\nghadelimiter_X\n",
    );
    expect(mine.stdout).toContain("::add-mask::s3cr3t%25value%0Awith,odd:chars\n");
    expect(mine.exitCode).toBe(1);
  });

  it("without them (the deprecated stdout commands)", async () => {
    const mine = await capture(ours, false);
    const reference = await capture(theirs, false);
    expect(mine.stdout).toBe(reference.stdout);
    expect(mine.stdout).toContain("::set-output name=id::abc-123");
    expect(mine.read).toEqual(reference.read);
  });
});

describe("where we deliberately differ from @actions/core", () => {
  const hostile = "id-1\n::set-env name=NODE_OPTIONS::x\n::add-mask::x\r::stop-commands::zz";

  async function stdoutOf(api: Api, call: (api: Api) => unknown): Promise<string> {
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      await call(api);
    } finally {
      spy.mockRestore();
    }
    return written.join("");
  }

  /** Lines the runner would read as commands: after its leading whitespace, `::` or `##[`. */
  const commandLines = (stdout: string) => stdout.split(/\r\n|\r|\n/).filter((l) => /^\s*(::|##\[)/.test(l));

  it("info: @actions/core lets a value start commands; ours keeps it one line that is no command", async () => {
    const theirsOut = await stdoutOf(theirs, (api) => api.info(`Search index shop (${hostile}) created.`));
    expect(commandLines(theirsOut).length).toBe(3);
    const oursOut = await stdoutOf(ours, (api) => api.info(`Search index shop (${hostile}) created.`));
    expect(commandLines(oursOut)).toEqual([]);
    expect(oursOut).toBe(
      "Search index shop (id-1\\n::set-env name=NODE_OPTIONS::x\\n::add-mask::x\\r::stop-commands::zz) created.\n",
    );
  });

  it("info: a line that would start with a command gets a backslash in front", async () => {
    for (const start of ["::add-mask::x", "  ::error::x", "##[set-output name=a;]1"]) {
      const out = await stdoutOf(ours, (api) => api.info(`${start} (id) deleted`));
      expect(commandLines(out)).toEqual([]);
      expect(out).toBe(`\\${start} (id) deleted\n`);
    }
  });

  it("group titles, warnings and errors escape CR and LF exactly as @actions/core does", async () => {
    const calls = async (api: Api) => {
      api.warning(hostile);
      api.error(hostile);
      await api.group(hostile, async () => {});
    };
    const oursOut = await stdoutOf(ours, calls);
    expect(oursOut).toBe(await stdoutOf(theirs, calls));
    expect(commandLines(oursOut).map((l) => l.split("::")[1])).toEqual([
      "warning",
      "error",
      "group",
      "endgroup",
    ]);
  });
});

describe("file command delimiters", () => {
  it("have @actions/core's form, a version 4 UUID, and differ each time", () => {
    const drawn = Array.from({ length: 2000 }, () => runner.newDelimiter());
    for (const delimiter of drawn) {
      expect(delimiter).toMatch(
        /^ghadelimiter_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
    expect(new Set(drawn).size).toBe(drawn.length);
  });
});

describe("stdout written directly to file descriptor 1 (an action's entry)", () => {
  const calls = `
    api.setSecret("s3cr3t%value\\nwith,odd:chars");
    api.info("a: resumed (paused: false, lag: 0)");
    api.debug("GET /v2/queues/a answered 200 in 3 ms");
    await api.group("Resume 2 queues", async () => api.warning("still paused; 100% sure?\\nsecond line"));
    api.error("plain error: with, colons");
    api.setFailed("resume-queue: queue not found: b");
  `;
  const runIn = async (setup: string) => {
    const dir = temporaryFolder("runner-direct-");
    const file = join(dir, "script.mjs");
    writeFileSync(file, `${setup}\n${calls}\n`);
    const child = spawn(process.execPath, [file], { env: { PATH: process.env["PATH"] } });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
    return { stdout, status };
  };

  // Two Node processes, one loading our TypeScript sources: seconds on a loaded CI machine.
  it("is byte for byte what @actions/core writes to its stream", { timeout: 120_000 }, async () => {
    const kit = new URL("../src/index.ts", import.meta.url).href;
    const [mine, reference] = await Promise.all([
      runIn(`import { runner as api } from ${JSON.stringify(kit)};\napi.writeStdoutDirectly();`),
      runIn(`import * as api from ${JSON.stringify(import.meta.resolve("@actions/core"))};`),
    ]);
    expect(mine.stdout).toContain("::add-mask::s3cr3t%25value%0Awith,odd:chars\n");
    expect(mine.stdout).toBe(reference.stdout);
    expect([mine.status, reference.status]).toEqual([1, 1]);
  });
});
