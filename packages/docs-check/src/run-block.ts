import { spawn } from "node:child_process";

export interface BlockRun {
  /** null when the run was killed for taking too long. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

export interface RunBlockOptions {
  /** The folder it runs in: its `node_modules` is what the block's imports resolve to. */
  cwd: string;
  /** The whole environment of the run; nothing is inherited. */
  env: Record<string, string>;
  timeoutMs: number;
}

/**
 * Runs a TypeScript file with Node (which strips the types), as a reader would run the block.
 * It runs in a process group of its own, ended afterwards, so that anything the block started
 * (the emulator, for one) cannot outlive it when the block fails halfway.
 */
export function runBlock(file: string, options: RunBlockOptions): Promise<BlockRun> {
  const child = spawn(process.execPath, [file], { cwd: options.cwd, env: options.env, detached: true });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const endGroup = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {
      // The group has already gone: nothing was left behind.
    }
  };
  const timer = setTimeout(endGroup, options.timeoutMs);
  let exitCode: number | null = null;
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      exitCode = code;
      endGroup();
    });
    // After the exit and the end of the group, once every pipe has delivered what it held.
    child.on("close", () => resolve({ exitCode, stdout, stderr }));
  });
}
