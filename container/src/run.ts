import { spawn } from "node:child_process";

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end and gives back what it printed. `input` is piped to its standard
 * input (a stream, for `docker import`); `echo` lets its output through to this process's as well.
 */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; echo?: boolean; input?: NodeJS.ReadableStream } = {},
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: [options.input ? "pipe" : "ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (options.echo) process.stdout.write(chunk);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      if (options.echo) process.stderr.write(chunk);
    });
    if (options.input && child.stdin) options.input.pipe(child.stdin);
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs a command that must succeed; a failure throws with the command and the end of its output. */
export async function must(
  command: string,
  args: readonly string[],
  options: Parameters<typeof run>[2] = {},
): Promise<string> {
  const ran = await run(command, args, options);
  if (ran.code !== 0) {
    const tail = `${ran.stdout}\n${ran.stderr}`.trim().split("\n").slice(-15).join("\n");
    throw new Error(`${command} ${args.join(" ")} exited with ${ran.code}:\n${tail}`);
  }
  return ran.stdout;
}

/** Whether an image of that reference is in the local engine. */
export async function imageExists(reference: string): Promise<boolean> {
  return (await run("docker", ["image", "inspect", reference])).code === 0;
}
