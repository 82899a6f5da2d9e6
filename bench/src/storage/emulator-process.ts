import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

// BENCH_EMULATOR_BIN measures another build (e.g. a checkout of an earlier commit).
const BIN =
  process.env["BENCH_EMULATOR_BIN"] ?? join(import.meta.dirname, "../../../packages/emulator/dist/bin.js");

export interface EmulatorProcess {
  url: string;
  token: string;
  basic: string;
  /** From spawn to the banner that says it listens, ms. */
  startMs: number;
  /** Resident memory now and at its peak, MB (read from /proc). */
  memory(): { rssMb: number; peakMb: number };
  /** CPU time (user + system) it has used so far, ms (read from /proc): what load sways least. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** `stashkit-emulator --port 0` in a process of its own (with a data file, when given), timed to its banner. */
export async function startEmulatorProcess(dataFile?: string): Promise<EmulatorProcess> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [BIN, "--port", "0", ...(dataFile === undefined ? [] : ["--data-file", dataFile])],
    // The bench's RSS probe is for the runs it measures, not for this child.
    { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, NODE_OPTIONS: "" } },
  );
  const banner = await bannerOf(child);
  const startMs = performance.now() - started;
  const read = (name: string) => new RegExp(`${name}=(\\S+)`).exec(banner)?.[1] ?? "";
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    url: /listening on (http:\/\/\S+)/.exec(banner)?.[1] ?? "",
    token: read("QSTASH_TOKEN"),
    basic: `Basic ${Buffer.from(`${read("UPSTASH_EMAIL")}:${read("UPSTASH_API_KEY")}`).toString("base64")}`,
    startMs,
    memory: () => memoryOf(child.pid as number),
    cpuMs: () => cpuOf(child.pid as number),
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

function bannerOf(child: ChildProcess): Promise<string> {
  let banner = "";
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      banner += chunk.toString();
      if (/listening on http/.test(banner) && banner.includes("control API")) resolve(banner);
    });
    child.once("exit", (code) => reject(new Error(`the emulator exited with ${code} before listening`)));
  });
}

function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

// /proc/PID/stat counts in clock ticks of 1/100 s on Linux (`getconf CLK_TCK`); the command name
// (field 2) is in parentheses and may hold spaces, so fields are counted after its ")".
const TICK_MS = 10;

function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}
