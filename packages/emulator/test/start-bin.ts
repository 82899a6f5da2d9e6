import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";

export interface StartedBin {
  url: string;
  banner: string;
  process: ChildProcess;
  exited: Promise<number | null>;
}

/**
 * Runs the built `stashkit-emulator` command on a free port and waits for its banner; `env` is
 * added to this process's environment, or with `inherit: false` is the whole environment.
 */
export async function startBin(
  args: string[],
  env: Record<string, string> = {},
  { inherit = true } = {},
): Promise<StartedBin> {
  const child = spawn(
    process.execPath,
    [join(import.meta.dirname, "../dist/bin.js"), "--port", "0", ...args],
    {
      stdio: ["ignore", "pipe", "inherit"],
      env: inherit ? { ...process.env, ...env } : env,
    },
  );
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let banner = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      banner += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(banner)?.[1];
      if (found && banner.includes("control API")) resolve(found);
    });
    child.once("exit", (code) => reject(new Error(`emulator exited with ${code} before listening`)));
  });
  return { url, banner, process: child, exited };
}
