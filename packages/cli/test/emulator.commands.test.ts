import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startEmulator } from "@stashkit/emulator";
import { removeTemporaryFolders, temporaryFolder } from "@stashkit/testing";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { BIN, cleanEnv, parseDotenv, runCli, stopAll } from "./cli.ts";

// Issue 50 items 6 and 7: `stashkit emulator` and `stashkit-emulator` are one front end (the
// emulator's), with one behaviour, and the banner's variables can be written as dotenv.

const EMULATOR_BIN = join(dirname(fileURLToPath(import.meta.resolve("@stashkit/emulator"))), "bin.js");

afterAll(() => removeTemporaryFolders());

/** Both commands, by the name each goes by: the words that run it, and what its errors start with. */
const COMMANDS = [
  { name: "stashkit emulator", argv: [BIN, "emulator"], prefix: "error: stashkit emulator: " },
  { name: "stashkit-emulator", argv: [EMULATOR_BIN], prefix: "stashkit-emulator: " },
] as const;

/** Runs a command that is expected to stop by itself (help, a refusal); a start is a failure. */
async function refused(
  argv: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const [bin, ...args] = argv;
  const run = await runCli(args, cleanEnv(), { bin: bin as string });
  return { code: run.code, stdout: run.stdout, stderr: run.stderr };
}

describe.each(COMMANDS)("$name", ({ name, argv, prefix }) => {
  it("a mistyped flag: exit 2, one line with the nearest flag, and the usage (not the whole help)", async () => {
    const run = await refused([...argv, "--prot", "8787"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `${prefix}unknown option '--prot' (Did you mean --port?)\nUsage: ${name} [options]\n       ${name} export <url> <file> [--control-token T]\n(${name} --help lists every option)\n`,
    );
  });

  it("a bad seed file: exit 2, as documented, naming the file and the line", async () => {
    const folder = temporaryFolder("stashkit-emulator-seed-");
    const seed = join(folder, "seed.yaml");
    writeFileSync(seed, "queues:\n  - name: orders\n    pasued: true\n");
    const run = await refused([...argv, "--port", "0", "--seed", seed]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`${prefix}seed file "${seed}" line 3: queues[0]: unknown field "pasued"\n`);
  });

  it("a port in use: exit 2 and one line saying what to do", async () => {
    const taken = await startEmulator();
    try {
      const run = await refused([...argv, "--port", String(taken.port)]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `${prefix}--port ${taken.port}: 127.0.0.1:${taken.port} is already in use; pick another port or 0 for a free one\n`,
      );
    } finally {
      await taken.stop();
    }
  });

  it("--help is the emulator's, under this name", async () => {
    const run = await refused([...argv, "--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^${name}: a local messaging \\+ management API server`));
    expect(run.stdout).toContain("--write-env-file PATH");
    expect(run.stdout).toContain("--print-env");
  });
});

it("both print the same help, but for their names", async () => {
  const [cli, bin] = await Promise.all(COMMANDS.map(({ argv }) => refused([...argv, "--help"])));
  expect(cli?.stdout.replaceAll("stashkit emulator", "stashkit-emulator")).toBe(bin?.stdout);
});

const started: ChildProcess[] = [];
afterEach(() => stopAll(started));

/** Starts a command and waits for its banner (and `more` of stdout); what each stream held by then. */
async function serving(
  argv: readonly string[],
  more: (stdout: string) => boolean = () => true,
): Promise<{ stdout: string; stderr: string; child: ChildProcess }> {
  const [bin, ...args] = argv;
  const child = spawn(process.execPath, [bin as string, ...args], {
    env: cleanEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let stdout = "";
  let stderr = "";
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (/control API/.test(stdout + stderr) && more(stdout)) resolve();
    };
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      check();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      check();
    });
    child.once("exit", (code) => reject(new Error(`exited ${code}: ${stdout}${stderr}`)));
  });
  return { stdout, stderr, child };
}

/** The variables of a banner's lines (`NAME=value`). */
function bannerVariables(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/\b([A-Z][A-Z0-9_]*)=(\S+)/g)].map((m) => [m[1], m[2]]));
}

describe.each(COMMANDS)("$name: the variables as dotenv", ({ argv }) => {
  it("--write-env-file writes the banner's variables, mode 0600; with them `search list` reaches it", async () => {
    const folder = temporaryFolder("stashkit-emulator-env-");
    const file = join(folder, "emulator.env");
    const { stdout } = await serving([
      ...argv,
      "--port",
      "0",
      "--search-index",
      "shop",
      "--write-env-file",
      file,
    ]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const written = parseDotenv(readFileSync(file, "utf8"));
    expect(written).toEqual(bannerVariables(stdout));
    expect(Object.keys(written)).toEqual([
      "QSTASH_URL",
      "QSTASH_TOKEN",
      "QSTASH_READ_ONLY_TOKEN",
      "STASHKIT_BASE_URL",
      "UPSTASH_EMAIL",
      "UPSTASH_API_KEY",
      "QSTASH_CURRENT_SIGNING_KEY",
      "QSTASH_NEXT_SIGNING_KEY",
      "UPSTASH_SEARCH_REST_URL",
      "UPSTASH_SEARCH_REST_TOKEN",
    ]);
    const listed = await runCli(["search", "list", "--format", "json"], cleanEnv(written));
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).indexes.map((i: { name: string }) => i.name)).toEqual(["shop"]);
  });

  it("--print-env: stdout is the dotenv alone, the banner goes to stderr", async () => {
    const { stdout, stderr } = await serving([...argv, "--port", "0", "--print-env"], (out) =>
      out.includes("QSTASH_NEXT_SIGNING_KEY="),
    );
    expect(stdout).toMatch(/^(?:[A-Z][A-Z0-9_]*=\S+\n){8}$/);
    expect(parseDotenv(stdout)).toEqual(bannerVariables(stderr));
    expect(stderr).toMatch(/^stashkit emulator listening on http:\/\/127\.0\.0\.1:\d+\n/);
  });

  it("--public-url: the URLs and variables say where clients reach it, and the inspector line what to set", async () => {
    const { stdout } = await serving([
      ...argv,
      "--port",
      "0",
      "--host",
      "0.0.0.0",
      "--public-url",
      "http://localhost:18787",
    ]);
    expect(stdout).toMatch(
      /^stashkit emulator listening on http:\/\/127\.0\.0\.1:\d+ \(bound to 0\.0\.0\.0:\d+ here; reached at http:\/\/localhost:18787, --public-url\)\n/,
    );
    expect(bannerVariables(stdout)["QSTASH_URL"]).toBe("http://localhost:18787");
    expect(stdout).toContain("  inspector       http://localhost:18787/ (open it in a browser");
    expect(stdout).toContain(
      "answers 403 until the emulator has a control token: --control-token T (STASHKIT_CONTROL_TOKEN in a container)",
    );
  });
});

it("refuses --write-env-file in a folder that does not exist, before it starts", async () => {
  const run = await refused([BIN, "emulator", "--port", "0", "--write-env-file", "/nowhere/at/all/e.env"]);
  expect(run.code).toBe(2);
  expect(run.stderr).toBe(
    "error: stashkit emulator: --write-env-file: the folder /nowhere/at/all does not exist or is not writable\n",
  );
  expect(run.stdout).toBe("");
});
