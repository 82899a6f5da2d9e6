import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type PhasePoints, phasePoints } from "./phases.ts";

const RSS_PROBE = join(import.meta.dirname, "rss-probe.cjs");
const PHASE_PROBE = join(import.meta.dirname, "phase-probe.cjs");

export interface Sample {
  ms: number;
  /** Peak resident memory of a Node process, in MB. */
  rssMb: number | undefined;
  /** CPU time of a Node process, user and system, in ms: less swayed by a busy machine than `ms`. */
  cpuMs: number | undefined;
  exitCode: number | null;
  output: string;
  /** When the run was timed by phase: the moment each phase ended, in ms since spawn. */
  phases?: PhasePoints;
}

export interface RunOptions {
  /** Also preload the phase probe (src/phase-probe.cjs) and read the phases back. */
  phases?: boolean;
}

/**
 * Runs one command to completion and times it from spawn to exit. Node processes get the RSS
 * probe preloaded (and the phase probe, when asked); `outputFile` stands in for GITHUB_OUTPUT and
 * is read back.
 */
export async function timeCommand(
  command: string,
  args: string[],
  env: Record<string, string>,
  options: RunOptions = {},
): Promise<Sample> {
  const dir = mkdtempSync(join(tmpdir(), "stashkit-bench-"));
  const rssFile = join(dir, "rss");
  const phaseFile = join(dir, "phases");
  const outputFile = env["GITHUB_OUTPUT"] ?? join(dir, "output");
  writeFileSync(outputFile, "");
  const childEnv = {
    ...env,
    GITHUB_OUTPUT: outputFile,
    BENCH_RSS_FILE: rssFile,
    NODE_OPTIONS: `--require ${RSS_PROBE}${options.phases ? ` --require ${PHASE_PROBE}` : ""}`,
    ...(options.phases ? { BENCH_PHASE_FILE: phaseFile } : {}),
  };
  try {
    const started = performance.now();
    // On the clock the child's performance.timeOrigin is on (epoch ms), to place its start.
    const spawnedAt = performance.timeOrigin + started;
    const child = spawn(command, args, { env: childEnv, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exitCode = await new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const ms = performance.now() - started;
    let rssMb: number | undefined;
    let cpuMs: number | undefined;
    try {
      const [maxRss, user, system] = readFileSync(rssFile, "utf8").split(" ").map(Number);
      rssMb = Number(maxRss) / 1024;
      cpuMs = (Number(user) + Number(system)) / 1000;
    } catch {
      rssMb = undefined;
    }
    const output = readFileSync(outputFile, "utf8");
    const phases = options.phases ? phasePoints(phaseFile, spawnedAt, ms) : undefined;
    if (stderr.trim() && exitCode !== 0) process.stderr.write(stderr);
    return { ms, rssMb, cpuMs, exitCode, output, ...(phases ? { phases } : {}) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
