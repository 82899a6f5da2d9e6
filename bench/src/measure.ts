import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const RSS_PROBE = join(import.meta.dirname, "rss-probe.cjs");

export interface Sample {
  ms: number;
  /** Peak resident memory of a Node process, in MB. */
  rssMb: number | undefined;
  exitCode: number | null;
  output: string;
}

/**
 * Runs one command to completion and times it from spawn to exit. Node processes get the RSS
 * probe preloaded; `outputFile` stands in for GITHUB_OUTPUT and is read back.
 */
export async function timeCommand(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<Sample> {
  const dir = mkdtempSync(join(tmpdir(), "stashkit-bench-"));
  const rssFile = join(dir, "rss");
  const outputFile = env["GITHUB_OUTPUT"] ?? join(dir, "output");
  writeFileSync(outputFile, "");
  const childEnv = {
    ...env,
    GITHUB_OUTPUT: outputFile,
    BENCH_RSS_FILE: rssFile,
    NODE_OPTIONS: `--require ${RSS_PROBE}`,
  };
  const started = performance.now();
  const child = spawn(command, args, { env: childEnv, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exitCode = await new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const ms = performance.now() - started;
  let rssMb: number | undefined;
  try {
    rssMb = Number(readFileSync(rssFile, "utf8")) / 1024;
  } catch {
    rssMb = undefined;
  }
  const output = readFileSync(outputFile, "utf8");
  rmSync(dir, { recursive: true, force: true });
  if (stderr.trim() && exitCode !== 0) process.stderr.write(stderr);
  return { ms, rssMb, exitCode, output };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
