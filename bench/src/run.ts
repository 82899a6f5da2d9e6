// `pnpm bench`: our committed bundles against the alternatives users have, side by side in one
// run, alternating A B A B …, reported as medians and the median of the pairwise ratios.
// `--quick` (CI) runs two pairs per comparison only to prove everything works; nothing here
// asserts anything about time.
import { statSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "@stashkit/emulator";
import { prepareActionRun } from "@stashkit/testing";
import { median, type Sample, timeCommand } from "./measure.ts";

const quick = process.argv.includes("--quick");
const PAIRS = quick ? 2 : 15;
const root = join(import.meta.dirname, "../..");
const alternatives = join(import.meta.dirname, "../alternatives");
const ENSURE = join(root, "actions/ensure-search-index");
const RESUME = join(root, "actions/resume-queue");
const CLI = join(import.meta.dirname, "../node_modules/@upstash/cli/dist/cli.js");
const STASHKIT = join(root, "packages/cli/dist/bin.js");
const QUEUES_20 = Array.from({ length: 20 }, (_, n) => `q-${n}`);

const emulator = await startEmulator({ latency: { fixedMs: 50 } });
const credentials = { UPSTASH_EMAIL: emulator.account.email, UPSTASH_API_KEY: emulator.account.apiKey };
const messaging = { QSTASH_TOKEN: emulator.messagingToken, QSTASH_URL: emulator.url };
const baseEnv = { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "/tmp" };

/** Our action, started the way the runner starts it. */
function ours(
  actionDir: string,
  inputs: Record<string, string>,
  env: Record<string, string>,
  expectExit = 0,
) {
  return async (): Promise<Sample> => {
    const prepared = prepareActionRun({ actionDir, inputs, env });
    const sample = await timeCommand(process.execPath, [prepared.entry], prepared.env);
    if (sample.exitCode !== expectExit) throw new Error(`our ${actionDir} exited ${sample.exitCode}`);
    return sample;
  };
}

function command(label: string, file: string, args: string[], env: Record<string, string>) {
  return async (): Promise<Sample> => {
    const sample = await timeCommand(file, args, { ...baseEnv, ...env });
    if (sample.exitCode !== 0) throw new Error(`${label} exited ${sample.exitCode}`);
    return sample;
  };
}

interface Side {
  label: string;
  run: () => Promise<Sample>;
}
interface Comparison {
  against: string;
  /** The largest acceptable median ratio (ours / theirs), when there is a target. */
  target?: number;
  note?: string;
}
interface Scenario {
  id: string;
  title: string;
  prepare?: (server: RunningEmulator) => void;
  ours: () => Promise<Sample>;
  others: (Side & Comparison)[];
}

let counter = 0;
const fresh = (prefix: string) => `${prefix}-${process.pid}-${counter++}`;
const repause = (server: RunningEmulator) => {
  for (const queue of Object.values(server.state.queues)) queue.paused = true;
};

// An existing index, created well before the runs (as it is when a pull request is updated).
await fetch(`${emulator.url}/v2/search`, {
  method: "POST",
  headers: {
    authorization: `Basic ${Buffer.from(`${credentials.UPSTASH_EMAIL}:${credentials.UPSTASH_API_KEY}`).toString("base64")}`,
  },
  body: JSON.stringify({ name: "bench-existing", region: "eu-west-1", type: "free" }),
});
for (const entry of emulator.state.indexes) entry.index.creation_time -= 3600;
for (const queueName of QUEUES_20) {
  await fetch(`${emulator.url}/v2/queues`, {
    method: "POST",
    headers: { authorization: `Bearer ${emulator.messagingToken}` },
    body: JSON.stringify({ queueName, parallelism: 1, paused: true }),
  });
}

const ensureInputs = (name: string) => ({ name, region: "eu-west-1", "base-url": emulator.url });
const floorEnv = (name: string) => ({ ...credentials, FLOOR_BASE_URL: emulator.url, FLOOR_NAME: name });
const cliEnv = { ...credentials, BENCH_MANAGEMENT_URL: emulator.url };
const redirect = ["--import", join(alternatives, "redirect-fetch.mjs")];

// Names for S2 are made fresh for every run, so the index is always missing.
let s2Name = "";
const s2 = (side: () => Promise<Sample>) => async () => {
  s2Name = fresh("bench-new");
  return side();
};

const SCENARIOS: Scenario[] = [
  {
    id: "S1",
    title: "ensure, index exists (one list)",
    ours: ours(ENSURE, ensureInputs("bench-existing"), credentials),
    others: [
      {
        label: "floor: Node + fetch",
        against: "floor",
        target: 1.25,
        run: command(
          "floor",
          process.execPath,
          [join(alternatives, "floor-ensure.mjs")],
          floorEnv("bench-existing"),
        ),
      },
      {
        label: "curl + jq",
        against: "curl",
        run: command("curl", "bash", [join(alternatives, "curl-ensure.sh")], floorEnv("bench-existing")),
      },
      {
        label: "official CLI: search list",
        against: "cli",
        target: 1,
        run: command("cli", process.execPath, [...redirect, CLI, "search", "list"], cliEnv),
      },
    ],
  },
  {
    id: "S2",
    title: "ensure, index missing (list, create, confirm)",
    ours: s2(() => ours(ENSURE, ensureInputs(s2Name), credentials)()),
    others: [
      {
        label: "floor: Node + fetch",
        against: "floor",
        note: "ours also waits out the creation second (race safety)",
        run: s2(() =>
          command("floor", process.execPath, [join(alternatives, "floor-ensure.mjs")], floorEnv(s2Name))(),
        ),
      },
      {
        label: "curl + jq",
        against: "curl",
        run: s2(() => command("curl", "bash", [join(alternatives, "curl-ensure.sh")], floorEnv(s2Name))()),
      },
      {
        label: "official CLI: search create",
        against: "cli",
        note: "the CLI only creates: no existence check, no confirm",
        run: s2(() =>
          command(
            "cli",
            process.execPath,
            [
              ...redirect,
              CLI,
              "search",
              "create",
              "--name",
              s2Name,
              "--region",
              "eu-west-1",
              "--type",
              "free",
            ],
            cliEnv,
          )(),
        ),
      },
    ],
  },
  {
    id: "S3a",
    title: "resume 1 queue (resume + read back)",
    prepare: repause,
    ours: ours(RESUME, { "queue-name": "q-0", "messaging-url": emulator.url }, messaging),
    others: [
      {
        label: "curl loop",
        against: "curl",
        run: command("curl", "bash", [join(alternatives, "curl-resume.sh")], {
          ...messaging,
          BENCH_QUEUES: "q-0",
        }),
      },
      {
        label: "official SDK script",
        against: "sdk",
        target: 1,
        run: command("sdk", process.execPath, [join(alternatives, "sdk-resume.mjs")], {
          ...messaging,
          BENCH_QUEUES: "q-0",
        }),
      },
    ],
  },
  {
    id: "S3b",
    title: "resume 20 queues (resume + read back each)",
    prepare: repause,
    ours: ours(RESUME, { "queue-name": QUEUES_20.join(","), "messaging-url": emulator.url }, messaging),
    others: [
      {
        label: "sequential curl loop",
        against: "curl",
        target: 0.25,
        run: command("curl", "bash", [join(alternatives, "curl-resume.sh")], {
          ...messaging,
          BENCH_QUEUES: QUEUES_20.join(","),
        }),
      },
      {
        label: "official SDK script, sequential",
        against: "sdk",
        target: 1,
        run: command("sdk", process.execPath, [join(alternatives, "sdk-resume.mjs")], {
          ...messaging,
          BENCH_QUEUES: QUEUES_20.join(","),
        }),
      },
    ],
  },
  // The stashkit CLI against the same floor as the action: a new Node process, one list.
  {
    id: "C1",
    title: "stashkit CLI: ensure, index exists (cold)",
    ours: command(
      "stashkit",
      process.execPath,
      [
        STASHKIT,
        "search",
        "ensure",
        "--name",
        "bench-existing",
        "--region",
        "eu-west-1",
        "--base-url",
        emulator.url,
      ],
      credentials,
    ),
    others: [
      {
        label: "floor: Node + fetch",
        against: "floor",
        target: 1.25,
        run: command(
          "floor",
          process.execPath,
          [join(alternatives, "floor-ensure.mjs")],
          floorEnv("bench-existing"),
        ),
      },
    ],
  },
  {
    id: "C2",
    title: "stashkit --version start-up",
    ours: command("stashkit", process.execPath, [STASHKIT, "--version"], {}),
    others: [
      { label: "node -e 0", against: "node", run: command("node", process.execPath, ["-e", "0"], {}) },
    ],
  },
  {
    id: "S4",
    title: "cold start: invalid input, no request",
    ours: ours(ENSURE, { name: "x", region: "mars" }, credentials, 1),
    others: [
      { label: "node -e 0", against: "node", run: command("node", process.execPath, ["-e", "0"], {}) },
    ],
  },
];

interface Row {
  scenario: string;
  title: string;
  against: string;
  oursMs: number;
  theirsMs: number;
  ratio: number;
  target: number | undefined;
  verdict: "PASS" | "MISS" | "-";
  note: string | undefined;
  oursRssMb: number;
}

const rows: Row[] = [];
for (const scenario of SCENARIOS) {
  for (const other of scenario.others) {
    const mine: Sample[] = [];
    const theirs: Sample[] = [];
    const ratios: number[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      // A B, then B A: neither side always goes first.
      const order = pair % 2 === 0 ? ["ours", "theirs"] : ["theirs", "ours"];
      const results: Record<string, Sample> = {};
      for (const side of order) {
        scenario.prepare?.(emulator);
        results[side] = side === "ours" ? await scenario.ours() : await other.run();
      }
      mine.push(results["ours"] as Sample);
      theirs.push(results["theirs"] as Sample);
      ratios.push((results["ours"] as Sample).ms / (results["theirs"] as Sample).ms);
    }
    const ratio = median(ratios);
    rows.push({
      scenario: scenario.id,
      title: scenario.title,
      against: other.label,
      oursMs: median(mine.map((s) => s.ms)),
      theirsMs: median(theirs.map((s) => s.ms)),
      ratio,
      target: other.target,
      verdict: other.target === undefined ? "-" : ratio <= other.target ? "PASS" : "MISS",
      note: other.note,
      oursRssMb: Math.max(...mine.map((s) => s.rssMb ?? 0)),
    });
  }
}
await emulator.stop();

const sizes = [ENSURE, RESUME].map((dir) => ({
  action: dir.split("/").at(-1) as string,
  bytes: statSync(join(dir, "dist/index.js")).size,
}));
const MB = 1024 * 1024;

const format = (n: number) => n.toFixed(0).padStart(6);
console.log(
  `\nstashkit benchmark (${quick ? "quick: " : ""}${PAIRS} pairs per comparison, 50 ms emulated latency)\n`,
);
console.log(
  "scen  against                             ours ms  theirs ms  ratio  target  verdict  ours peak RSS",
);
for (const r of rows) {
  const target = r.target === undefined ? "     -" : `≤ ${r.target.toFixed(2)}`;
  console.log(
    `${r.scenario.padEnd(4)}  ${r.against.padEnd(34)}  ${format(r.oursMs)}  ${format(r.theirsMs)}     ${r.ratio.toFixed(2)}  ${target}  ${r.verdict.padEnd(7)}  ${r.oursRssMb.toFixed(0)} MB${r.note ? `  (${r.note})` : ""}`,
  );
}
const peak = Math.max(...rows.map((r) => r.oursRssMb));
console.log("\nbundle sizes");
for (const s of sizes)
  console.log(
    `  ${s.action.padEnd(22)} ${(s.bytes / MB).toFixed(2)} MB  ${s.bytes <= MB ? "PASS" : "MISS"} (≤ 1.00 MB)`,
  );
console.log(`peak RSS of our runs: ${peak.toFixed(0)} MB  ${peak <= 80 ? "PASS" : "MISS"} (≤ 80 MB)`);

const machine = {
  cpus: cpus().length,
  cpu: cpus()[0]?.model ?? "unknown",
  memoryGb: Math.round(totalmem() / 1024 ** 3),
  node: process.version,
};
writeFileSync(
  join(import.meta.dirname, "../results.json"),
  `${JSON.stringify({ date: new Date().toISOString(), quick, pairs: PAIRS, latencyMs: 50, machine, rows, sizes, peakRssMb: peak }, null, 2)}\n`,
);
console.log(
  `\nmachine: ${machine.cpus} × ${machine.cpu}, ${machine.memoryGb} GB, node ${machine.node}; results in bench/results.json`,
);
