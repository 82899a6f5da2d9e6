import { randomBytes } from "node:crypto";
import { afterAll } from "vitest";
import { must, run } from "../src/run.ts";
import { IMAGE } from "./image.ts";

export { IMAGE };

/** Names unique to this run, so parallel runs and leftovers of a killed one never collide. */
export function uniqueName(what: string): string {
  return `stashkit-test-${what}-${randomBytes(4).toString("hex")}`;
}

/** Everything a test made in the engine, removed when the file's tests end (pass or fail). */
const made = { containers: new Set<string>(), volumes: new Set<string>() };
afterAll(async () => {
  for (const id of made.containers) await run("docker", ["rm", "--force", "--volumes", id]);
  for (const volume of made.volumes) await run("docker", ["volume", "rm", "--force", volume]);
});

export async function volume(): Promise<string> {
  const name = uniqueName("volume");
  await must("docker", ["volume", "create", name]);
  made.volumes.add(name);
  return name;
}

export interface Started {
  id: string;
  /** The emulator as the host reaches it: the published port on 127.0.0.1. */
  url: string;
  logs(): Promise<string>;
  /** `docker stop` (SIGTERM) and the exit code. */
  stop(): Promise<number>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** `-v` values, e.g. `name:/data`. */
  mounts?: string[];
  /** More `docker run` arguments before the image. */
  args?: string[];
  /** Arguments after the image (to the entrypoint). */
  command?: string[];
}

/** `docker run -d` of the image with its port published on 127.0.0.1, once its banner is out. */
export async function start(options: StartOptions = {}): Promise<Started> {
  const id = (await created(options)).trim();
  made.containers.add(id);
  await must("docker", ["start", id]);
  const logs = async () => {
    const ran = await run("docker", ["logs", id]);
    return `${ran.stdout}${ran.stderr}`;
  };
  await untilListening(id, logs);
  const port = (await must("docker", ["port", id, "8787/tcp"])).trim().split("\n")[0]?.split(":").at(-1);
  const stop = async () => {
    await must("docker", ["stop", "--time", "30", id]);
    return Number((await must("docker", ["inspect", "--format", "{{.State.ExitCode}}", id])).trim());
  };
  return { id, url: `http://127.0.0.1:${port}`, logs, stop };
}

function created(options: StartOptions): Promise<string> {
  const args = ["create", "-p", "127.0.0.1::8787", ...(options.args ?? [])];
  for (const [name, value] of Object.entries(options.env ?? {})) args.push("-e", `${name}=${value}`);
  for (const mount of options.mounts ?? []) args.push("-v", mount);
  return must("docker", [...args, IMAGE, ...(options.command ?? [])]);
}

/** Runs the image to its end (a refusal at start) and gives back its exit code and output. */
export async function runToEnd(options: StartOptions = {}): Promise<{ code: number; output: string }> {
  const id = (await created(options)).trim();
  made.containers.add(id);
  const ran = await run("docker", ["start", "--attach", id]);
  const code = Number((await must("docker", ["inspect", "--format", "{{.State.ExitCode}}", id])).trim());
  return { code, output: `${ran.stdout}${ran.stderr}` };
}

async function untilListening(id: string, logs: () => Promise<string>): Promise<void> {
  // A limit against a container that hangs, not a speed assertion: a cold start on a busy
  // 2-core machine takes seconds.
  for (let attempt = 0; attempt < 600; attempt++) {
    const output = await logs();
    if (output.includes("control API")) return;
    const state = (await must("docker", ["inspect", "--format", "{{.State.Status}}", id])).trim();
    if (state === "exited") throw new Error(`the container exited before listening:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the container did not listen within a minute:\n${await logs()}`);
}

/** The host's address on Docker's default bridge, where a container reaches a receiver on the host. */
export async function bridgeGateway(): Promise<string> {
  const format = "{{range .IPAM.Config}}{{.Gateway}}{{end}}";
  return (await must("docker", ["network", "inspect", "bridge", "--format", format])).trim();
}
