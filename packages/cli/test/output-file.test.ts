import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RunningEmulator } from "@stashkit/emulator";
import { removeTemporaryFolders, temporaryFolder } from "@stashkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiEnv, createQueue, emulatorFor, parseDotenv, runCli, secrets } from "./cli.ts";

// Every temp folder this file makes, removed when it ends, pass or fail.
afterAll(() => removeTemporaryFolders());

const s = secrets();
let emulator: RunningEmulator;
let dir: string;

beforeAll(async () => {
  emulator = await emulatorFor(s);
  dir = temporaryFolder("stashkit-output-");
});
afterAll(() => emulator.stop());

const cli = (args: string[]) => runCli(args, apiEnv(emulator, s));

describe("a pause whose answer was lost", () => {
  it("is reported in STASHKIT_PAUSED, so --only-if-paused-by resumes it", async () => {
    await createQueue(emulator, s, "lost-answer");
    // The server pauses the queue, then the answer never comes.
    emulator.inject("POST /v2/queues/:name/pause", { kind: "hang", phase: "after" });
    const file = join(dir, "lost.env");
    const pause = await cli([
      "queues",
      "pause",
      "lost-answer",
      "--max-attempts",
      "1",
      // Room for a loaded machine to start the command and send the pause before the limit.
      "--timeout-seconds",
      "5",
      "--format",
      "dotenv",
      "--output-file",
      file,
    ]);
    emulator.clearFaults();
    expect(pause.code).not.toBe(0);
    expect(emulator.state.queues["lost-answer"]?.paused).toBe(true);
    const paused = parseDotenv(readFileSync(file, "utf8"))["STASHKIT_PAUSED"] ?? "";
    expect(JSON.parse(paused)).toEqual([{ kind: "queue", name: "lost-answer" }]);

    const resume = await cli(["queues", "resume", "--only-if-paused-by", paused]);
    expect(resume.code, resume.stderr).toBe(0);
    expect(emulator.state.queues["lost-answer"]?.paused).toBe(false);
  });
});

describe("--output-file", () => {
  it("in a folder that does not exist is refused before anything is paused", async () => {
    await createQueue(emulator, s, "kept-running");
    emulator.clearRequests();
    const run = await cli([
      "queues",
      "pause",
      "kept-running",
      "--output-file",
      join(dir, "missing", "p.env"),
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("does not exist or is not writable");
    expect(emulator.requests).toEqual([]);
    expect(emulator.state.queues["kept-running"]?.paused).toBe(false);
  });

  it("refuses a planted symlink, leaving the file it points to as it was", async () => {
    const victim = join(dir, "victim.txt");
    writeFileSync(victim, "precious", { mode: 0o644 });
    const link = join(dir, "link.env");
    symlinkSync(victim, link);
    const run = await cli(["queues", "pause", "--flow-control-key", "k", "--output-file", link]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("is a symbolic link");
    expect(readFileSync(victim, "utf8")).toBe("precious");
    expect(statSync(victim).mode & 0o777).toBe(0o644);
  });

  it("refuses a FIFO and a directory at once instead of blocking or failing late", async () => {
    const fifo = join(dir, "pipe.env");
    execFileSync("mkfifo", [fifo]);
    const folder = join(dir, "a-folder");
    mkdirSync(folder);
    for (const target of [fifo, folder]) {
      const run = await cli(["queues", "pause", "--flow-control-key", "k", "--output-file", target]);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(/is (not a regular file|a directory)/);
    }
  });

  it("says on stderr where the result went, never its values; --quiet says nothing", async () => {
    await createQueue(emulator, s, "announced");
    const file = join(dir, "announced.env");
    const run = await cli(["queues", "pause", "announced", "--format", "dotenv", "--output-file", file]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(`wrote 3 variables to ${file} (mode 0600)\n`);
    const json = join(dir, "announced.json");
    const again = await cli(["queues", "pause", "announced", "--format", "json", "--output-file", json]);
    expect(again.stderr).toBe(`wrote the JSON result to ${json} (mode 0600)\n`);
    const quiet = await cli(["queues", "pause", "announced", "--quiet", "--output-file", join(dir, "q.txt")]);
    expect(quiet).toMatchObject({ code: 0, stdout: "", stderr: "" });
  });

  it("replaces an existing file through a temp file beside it, 0600, leaving no temp file", async () => {
    await createQueue(emulator, s, "replaced");
    const file = join(dir, "replaced.env");
    writeFileSync(file, "old\n", { mode: 0o644 });
    const run = await cli(["queues", "pause", "replaced", "--format", "dotenv", "--output-file", file]);
    expect(run.code, run.stderr).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toContain("STASHKIT_COUNT=1");
    expect(existsSync(file) && readFileSync(file, "utf8").includes("old")).toBe(false);
    expect(execFileSync("ls", ["-A", dir], { encoding: "utf8" })).not.toContain(".tmp");
  });
});
