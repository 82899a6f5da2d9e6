// `pnpm bench`: our committed bundles against the alternatives users have, side by side in one
// run, alternating A B A B …, reported as medians and the median of the pairwise ratios, with the
// requests each side sent. `--quick` (CI) runs two pairs per comparison (and the large scenarios
// at a tenth or a fifth of their size) only to prove everything works; nothing here asserts
// anything about time. To add a row, add a scenario (or a side of one) to SCENARIOS.
import { writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join, relative } from "node:path";
import { type RunningEmulator, startEmulator } from "@stashkit/emulator";
import {
  actionBundleBytes,
  type GitHubStandIn,
  prepareActionRun,
  startGitHubStandIn,
} from "@stashkit/testing";
import { type RunOptions, type Sample, timeCommand } from "./measure.ts";
import { median } from "./median.ts";
import { medianPhases, type PhasePoints, phaseTable } from "./phases.ts";
import { QSTASH_SCENARIOS, qstashRows } from "./qstash-scenarios.ts";
import type { Requests, Row } from "./row.ts";
import { seedScenarios } from "./seed-scenarios.ts";
import { STORAGE_SCENARIOS, storageRows } from "./storage-scenarios.ts";
import { type Judgement, type TargetKind, verdictOf } from "./verdict.ts";

const quick = process.argv.includes("--quick");
// --pairs=N: at most N pairs per comparison, for a look at a few scenarios on a busy machine.
const pairsAsked = Number(process.argv.find((arg) => arg.startsWith("--pairs="))?.slice("--pairs=".length));
const fewer = quick || pairsAsked > 0;
const PAIRS = quick ? 2 : pairsAsked > 0 ? pairsAsked : 15;
// Pairs timed by phase (src/phases.ts), after and apart from the timed pairs, so the probe's
// hooks never touch the times the ratios come from.
const PHASE_PAIRS = quick ? 1 : Math.min(PAIRS, 7);
// How busy the machine was (1, 5 and 15 minute load averages): ratios shrink toward 1 under load.
const loadAtStart = loadavg();
const root = join(import.meta.dirname, "../..");
const alternatives = join(import.meta.dirname, "../alternatives");
const ENSURE = join(root, "actions/ensure-search-index");
const RESUME = join(root, "actions/resume-queue");
const DELETE = join(root, "actions/delete-search-index");
const CLI = join(import.meta.dirname, "../node_modules/@upstash/cli/dist/cli.js");
const STASHKIT = join(root, "packages/cli/dist/bin.js");
const QUEUES_20 = Array.from({ length: 20 }, (_, n) => `q-${n}`);

const emulator = await startEmulator({ latency: { fixedMs: 50 } });
// The scale scenarios (S5–S8) get emulators of their own, so S1–S4 see the same account as before.
const LARGE_ACCOUNT = 20_000;
// Of the account's indexes, `candidates` match the prune pattern: `stale` of them have a closed pull request.
// --quick shrinks S6 and S7, whose sequential alternatives take a minute or more at full size.
const PRUNE = quick
  ? { indexes: 100, candidates: 20, stale: 15 }
  : { indexes: 2_000, candidates: 600, stale: 500 };
const MANY_QUEUES = Array.from({ length: quick ? 20 : 200 }, (_, n) => `many-${n}`);
// S8 keeps enough queues in --quick to cross the rate limit (40 queues: 80 requests at 50 a second).
const LIMITED_QUEUES =
  MANY_QUEUES.length >= 40 ? MANY_QUEUES : Array.from({ length: 40 }, (_, n) => `many-${n}`);
const RATE_LIMIT = 50;
const large = await startEmulator({ latency: { fixedMs: 50 } });
large.seedSearchIndexes({ count: LARGE_ACCOUNT, namePrefix: "load" });
const pruning = await startEmulator({ latency: { fixedMs: 50 } });
const pulls: Record<number, "open" | "closed"> = {};
for (let n = 0; n < PRUNE.candidates; n++) pulls[n] = n < PRUNE.stale ? "closed" : "open";
const github = await startGitHubStandIn({ pulls: { "acme/shop": pulls }, latencyMs: 50 });
const fleet = await startEmulator({ latency: { fixedMs: 50 } });
const limited = await startEmulator({
  latency: { fixedMs: 50 },
  rateLimit: { messaging: RATE_LIMIT, management: 0 },
});
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
  const run = async (options?: RunOptions): Promise<Sample> => {
    const prepared = prepareActionRun({ actionDir, inputs, env });
    const sample = await timeCommand(process.execPath, [prepared.entry], prepared.env, options);
    if (sample.exitCode !== expectExit) throw new Error(`our ${actionDir} exited ${sample.exitCode}`);
    return sample;
  };
  // The same run of the same action from another checkout, for --baseline.
  const from = (otherRoot: string) =>
    ours(join(otherRoot, relative(root, actionDir)), inputs, env, expectExit);
  return Object.assign(run, { from });
}

// --baseline=DIR (a checkout or an extract of another commit's actions/): S1 and S3 also run our
// action from there, so a change is measured against the bundles before it (target: within 5 %).
const baseline = process.argv.find((arg) => arg.startsWith("--baseline="))?.slice("--baseline=".length);
const againstBaseline = (run: ReturnType<typeof ours>): (Side & Comparison)[] =>
  baseline === undefined
    ? []
    : [{ label: "ours before (--baseline)", against: "baseline", target: 1.05, run: run.from(baseline) }];
// --against=baseline,floor: only the comparisons of these kinds (a change measured against its
// baseline alone, without the alternatives' pairs).
const againstOnly = process.argv
  .find((arg) => arg.startsWith("--against="))
  ?.slice("--against=".length)
  .split(",");

function command(label: string, file: string, args: string[], env: Record<string, string>) {
  return async (options?: RunOptions): Promise<Sample> => {
    const sample = await timeCommand(file, args, { ...baseEnv, ...env }, options);
    if (sample.exitCode !== 0) throw new Error(`${label} exited ${sample.exitCode}`);
    return sample;
  };
}

interface Side {
  label: string;
  run: (options?: RunOptions) => Promise<Sample>;
}
interface Comparison {
  against: string;
  /** The largest acceptable median ratio (ours / theirs), when there is a target. */
  target?: number;
  note?: string;
  /** Pairs for this comparison when not the default (a slow alternative). */
  pairs?: number;
  /** Also time both sides by phase, in PHASE_PAIRS pairs of their own. */
  phases?: boolean;
}
/** Targets on our runs alone (requests, time, memory), judged on the medians. */
interface OwnTarget {
  text: string;
  /** Each check says what it judges: a quick run leaves time out (see verdict.ts). */
  checks: { judges: TargetKind; met: (ours: { ms: number; requests: Requests; rssMb: number }) => boolean }[];
}
interface Scenario {
  id: string;
  title: string;
  /** Whose requests are counted. Default: the shared emulator of S1–S4. */
  server?: RunningEmulator;
  github?: GitHubStandIn;
  prepare?: (server: RunningEmulator) => void | Promise<void>;
  ours: (options?: RunOptions) => Promise<Sample>;
  /** Alternatives to compare with, pair by pair; none for a scenario judged by `own` alone. */
  others: (Side & Comparison)[];
  /** Runs of a scenario without alternatives, when not the default. */
  pairs?: number;
  own?: OwnTarget;
  /** Figures of its own the runs reported (in $GITHUB_OUTPUT), summed up for the table's note. */
  describe?: (ours: Sample[], theirs: Sample[]) => string;
}

let counter = 0;
const fresh = (prefix: string) => `${prefix}-${process.pid}-${counter++}`;
/** The prune account as it was before the run: other apps' indexes and the candidates. */
const resetPruning = (server: RunningEmulator) => {
  server.reset();
  server.seedSearchIndexes({ count: PRUNE.indexes - PRUNE.candidates, namePrefix: "other-app" });
  server.seedSearchIndexes({ count: PRUNE.candidates, namePrefix: "shop-pr" });
};
/** Pauses every queue again through the messaging API (its rate limit lifted meanwhile: not a measured run). */
const repause = async (server: RunningEmulator) => {
  const limit = server.settings.messagingRateLimit;
  server.settings.messagingRateLimit = 0;
  try {
    await Promise.all(
      Object.keys(server.state.queues).map((name) =>
        fetch(`${server.url}/v2/queues/${encodeURIComponent(name)}/pause`, {
          method: "POST",
          headers: { authorization: `Bearer ${server.messagingToken}` },
        }),
      ),
    );
  } finally {
    server.settings.messagingRateLimit = limit;
  }
};

// An existing index, created well before the runs (as it is when a pull request is updated).
await fetch(`${emulator.url}/v2/search`, {
  method: "POST",
  headers: {
    authorization: `Basic ${Buffer.from(`${credentials.UPSTASH_EMAIL}:${credentials.UPSTASH_API_KEY}`).toString("base64")}`,
  },
  body: JSON.stringify({ name: "bench-existing", region: "eu-west-1", type: "free" }),
});
for (const entry of emulator.indexes.list()) {
  emulator.indexes.put({
    ...entry,
    index: { ...entry.index, creation_time: entry.index.creation_time - 3600 },
  });
}
for (const queueName of QUEUES_20) {
  await fetch(`${emulator.url}/v2/queues`, {
    method: "POST",
    headers: { authorization: `Bearer ${emulator.messagingToken}` },
    body: JSON.stringify({ queueName, parallelism: 1, paused: true }),
  });
}

// S7 and S8: many paused queues, on an emulator each (S8's answers 429 past 50 requests a second).
for (const [server, names] of [
  [fleet, MANY_QUEUES],
  [limited, LIMITED_QUEUES],
] as const) {
  for (let start = 0; start < names.length; start += 10) {
    await Promise.all(
      names.slice(start, start + 10).map((queueName) =>
        fetch(`${server.url}/v2/queues`, {
          method: "POST",
          headers: { authorization: `Bearer ${server.messagingToken}` },
          body: JSON.stringify({ queueName, parallelism: 1, paused: true }),
        }),
      ),
    );
    // Stay under the limit while setting up, so the runs start with a fresh window.
    if (server === limited) await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// S9–S11 (src/seed-scenarios.ts): emulators of their own, with the seed files written once.
const seeding = await seedScenarios({ quick, ensureDir: ENSURE, alternatives, ours, command });

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

const S1_OURS = ours(ENSURE, ensureInputs("bench-existing"), credentials);
const S5_OURS = ours(ENSURE, { name: "load-19999", region: "eu-west-1", "base-url": large.url }, credentials);
const S4_OURS = ours(ENSURE, { name: "x", region: "mars" }, credentials, 1);
const C1_OURS = (bin: string) =>
  command(
    "stashkit",
    process.execPath,
    [
      bin,
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
  );
const C2_OURS = (bin: string) => command("stashkit", process.execPath, [bin, "--version"], {});
const S3A_OURS = ours(RESUME, { "queue-name": "q-0", "messaging-url": emulator.url }, messaging);
const S3B_OURS = ours(
  RESUME,
  { "queue-name": QUEUES_20.join(","), "messaging-url": emulator.url },
  messaging,
);

// E1: the emulator itself, as a separate process (src/emulator-run.ts), in memory and persisted.
const EMULATOR_PUBLISHES = quick ? 200 : 1000;
const emulatorRun = (persisted: boolean) =>
  command("emulator run", process.execPath, [join(import.meta.dirname, "emulator-run.ts")], {
    BENCH_PUBLISHES: String(EMULATOR_PUBLISHES),
    BENCH_DATA_FILE: persisted ? "1" : "0",
    ...(process.env["BENCH_EMULATOR_BIN"] ? { BENCH_EMULATOR_BIN: process.env["BENCH_EMULATOR_BIN"] } : {}),
  });
/** Median start time and publish rate of the runs, from what each wrote to its output. */
const emulatorFigures = (samples: Sample[]): string => {
  const figure = (name: string) =>
    median(samples.map((sample) => Number(new RegExp(`^${name}=(\\d+)$`, "m").exec(sample.output)?.[1])));
  return `start ${figure("start-ms")} ms, ${figure("publishes-per-second")} publishes/s`;
};

const SCENARIOS: Scenario[] = [
  {
    id: "S1",
    title: "ensure, index exists (one list)",
    ours: S1_OURS,
    others: [
      ...againstBaseline(S1_OURS),
      {
        label: "floor: Node + fetch",
        against: "floor",
        target: 1.1,
        phases: true,
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
    ours: S3A_OURS,
    others: [
      ...againstBaseline(S3A_OURS),
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
    ours: S3B_OURS,
    others: [
      ...againstBaseline(S3B_OURS),
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
    ours: C1_OURS(STASHKIT),
    others: [
      ...(baseline === undefined
        ? []
        : [
            {
              label: "ours before (--baseline)",
              against: "baseline",
              target: 1.05,
              run: C1_OURS(join(baseline, relative(root, STASHKIT))),
            },
          ]),
      {
        label: "floor: Node + fetch",
        against: "floor",
        target: 1.1,
        phases: true,
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
    ours: C2_OURS(STASHKIT),
    others: [
      ...(baseline === undefined
        ? []
        : [
            {
              label: "ours before (--baseline)",
              against: "baseline",
              target: 1.05,
              run: C2_OURS(join(baseline, relative(root, STASHKIT))),
            },
          ]),
      {
        label: "node -e 0",
        against: "node",
        target: 1.5,
        run: command("node", process.execPath, ["-e", "0"], {}),
      },
    ],
  },
  {
    id: "S5",
    title: `ensure, index exists among ${LARGE_ACCOUNT.toLocaleString("en")} (one list)`,
    server: large,
    ours: S5_OURS,
    others: [
      ...againstBaseline(S5_OURS),
      {
        label: "floor: Node + fetch",
        against: "floor",
        target: 1.15,
        // Each run moves 15 MB; 9 pairs keep the full run within a few minutes.
        pairs: 9,
        phases: true,
        run: command("floor", process.execPath, [join(alternatives, "floor-ensure.mjs")], {
          ...credentials,
          FLOOR_BASE_URL: large.url,
          FLOOR_NAME: "load-19999",
        }),
      },
    ],
  },
  {
    id: "S6",
    title: `prune ${PRUNE.stale} stale of ${PRUNE.candidates} candidates among ${PRUNE.indexes} (GitHub 50 ms)`,
    server: pruning,
    github,
    prepare: resetPruning,
    ours: ours(
      DELETE,
      { "prune-pattern": "shop-pr-{pr}", "base-url": pruning.url, "github-token": "bench-token" },
      { ...credentials, GITHUB_API_URL: github.url, GITHUB_GRAPHQL_URL: github.graphqlUrl },
    ),
    others: [
      {
        label: "sequential gh-style loop",
        against: "gh loop",
        pairs: quick ? 1 : 2,
        run: command("gh loop", "bash", [join(alternatives, "gh-prune.sh")], {
          ...credentials,
          FLOOR_BASE_URL: pruning.url,
          BENCH_PREFIX: "shop-pr-",
          GITHUB_API_URL: github.url,
          GITHUB_TOKEN: "bench-token",
          GITHUB_REPOSITORY: "acme/shop",
        }),
      },
    ],
    own: {
      text: "≤ 6 GitHub req, ≤ 3 s",
      checks: [
        { judges: "requests", met: ({ requests }) => requests.github <= 6 },
        { judges: "time", met: ({ ms }) => ms <= 3000 },
      ],
    },
  },
  {
    id: "S7",
    title: `resume ${MANY_QUEUES.length} queues (resume + read back each)`,
    server: fleet,
    prepare: repause,
    ours: ours(
      RESUME,
      { "queue-name": MANY_QUEUES.join(","), "messaging-url": fleet.url },
      {
        QSTASH_TOKEN: fleet.messagingToken,
        QSTASH_URL: fleet.url,
      },
    ),
    others: [
      {
        label: "sequential curl loop",
        against: "curl",
        target: 0.1,
        pairs: quick ? 1 : 3,
        run: command("curl", "bash", [join(alternatives, "curl-resume.sh")], {
          QSTASH_TOKEN: fleet.messagingToken,
          QSTASH_URL: fleet.url,
          BENCH_QUEUES: MANY_QUEUES.join(","),
        }),
      },
    ],
  },
  {
    id: "S8",
    title: `resume ${LIMITED_QUEUES.length} queues, API limited to ${RATE_LIMIT} req/s`,
    server: limited,
    prepare: repause,
    ours: ours(
      RESUME,
      { "queue-name": MANY_QUEUES.join(","), "messaging-url": limited.url },
      {
        QSTASH_TOKEN: limited.messagingToken,
        QSTASH_URL: limited.url,
      },
    ),
    others: [],
    pairs: 5,
    own: {
      text: `completes, ≤ ${Math.floor(LIMITED_QUEUES.length * 2 * 1.1)} req`,
      checks: [
        {
          judges: "requests",
          met: ({ requests }) => requests.api + requests.rateLimited <= LIMITED_QUEUES.length * 2 * 1.1,
        },
      ],
    },
  },
  ...seeding.scenarios,
  {
    id: "E1",
    title: `the emulator: start, then ${EMULATOR_PUBLISHES} publishes (10 at a time), in memory`,
    ours: emulatorRun(false),
    others: [
      {
        label: "the same with --data-file",
        against: "--data-file",
        pairs: quick ? 1 : 5,
        run: emulatorRun(true),
      },
    ],
    describe: (inMemory, persisted) =>
      `in memory ${emulatorFigures(inMemory)}; with --data-file ${emulatorFigures(persisted)}`,
  },
  {
    id: "S4",
    title: "cold start: invalid input, no request",
    ours: S4_OURS,
    others: [
      ...againstBaseline(S4_OURS),
      {
        label: "node -e 0",
        against: "node",
        target: 1.5,
        run: command("node", process.execPath, ["-e", "0"], {}),
      },
    ],
  },
];

const rows: Row[] = [];
const only = process.argv
  .find((arg) => arg.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",");

/** Runs one side once, after the scenario's preparation, counting the requests it sent. */
async function measured(
  scenario: Scenario,
  run: (options?: RunOptions) => Promise<Sample>,
  options?: RunOptions,
): Promise<Sample & { requests: Requests }> {
  const server = scenario.server ?? emulator;
  await scenario.prepare?.(server);
  const before = server.requestCounts();
  const githubBefore = scenario.github?.requests.length ?? 0;
  const sample = await run(options);
  const after = server.requestCounts();
  return {
    ...sample,
    requests: {
      api: after.served - before.served,
      rateLimited: after.rateLimited - before.rateLimited,
      github: (scenario.github?.requests.length ?? 0) - githubBefore,
    },
  };
}

/** Both sides timed by phase, alternating as the timed pairs do: the medians of each phase. */
async function byPhase(scenario: Scenario, other: Side): Promise<NonNullable<Row["phases"]>> {
  const mine: PhasePoints[] = [];
  const theirs: PhasePoints[] = [];
  for (let pair = 0; pair < PHASE_PAIRS; pair++) {
    const order = pair % 2 === 0 ? [scenario.ours, other.run] : [other.run, scenario.ours];
    for (const run of order) {
      const { phases } = await measured(scenario, run, { phases: true });
      if (phases) (run === scenario.ours ? mine : theirs).push(phases);
    }
  }
  return { pairs: PHASE_PAIRS, ours: medianPhases(mine), theirs: medianPhases(theirs) };
}

/** The median CPU time of a side's runs; NaN when they are not Node processes (curl, bash). */
const medianCpu = (samples: Sample[]): number =>
  samples.length > 0 && samples.every((s) => s.cpuMs !== undefined)
    ? median(samples.map((s) => s.cpuMs as number))
    : Number.NaN;

const medianRequests = (samples: { requests: Requests }[]): Requests => ({
  api: median(samples.map((s) => s.requests.api)),
  rateLimited: median(samples.map((s) => s.requests.rateLimited)),
  github: median(samples.map((s) => s.requests.github)),
});

for (const scenario of SCENARIOS) {
  if (only && !only.includes(scenario.id)) continue;
  const others = scenario.others.filter((o) => !againstOnly || againstOnly.includes(o.against));
  if (againstOnly && others.length === 0) continue;
  const sides: ((Side & Comparison) | undefined)[] = others.length > 0 ? others : [undefined];
  for (const other of sides) {
    const mine: (Sample & { requests: Requests })[] = [];
    const theirs: (Sample & { requests: Requests })[] = [];
    const ratios: number[] = [];
    const wanted = other?.pairs ?? scenario.pairs ?? PAIRS;
    const pairs = fewer ? Math.min(PAIRS, wanted) : wanted;
    for (let pair = 0; pair < pairs; pair++) {
      // A B, then B A: neither side always goes first.
      const order = pair % 2 === 0 ? ["ours", "theirs"] : ["theirs", "ours"];
      for (const side of order) {
        if (side === "ours") mine.push(await measured(scenario, scenario.ours));
        else if (other) theirs.push(await measured(scenario, other.run));
      }
      const last = mine.at(-1);
      const lastTheirs = theirs.at(-1);
      if (last && lastTheirs) ratios.push(last.ms / lastTheirs.ms);
    }
    const ratio = ratios.length > 0 ? median(ratios) : Number.NaN;
    const oursMs = median(mine.map((s) => s.ms));
    const oursRequests = medianRequests(mine);
    const oursRssMb = Math.max(...mine.map((s) => s.rssMb ?? 0));
    const figures = { ms: oursMs, requests: oursRequests, rssMb: oursRssMb };
    const judgements: Judgement[] = [
      ...(other?.target === undefined ? [] : [{ judges: "time" as const, met: ratio <= other.target }]),
      ...(scenario.own?.checks.map((check) => ({ judges: check.judges, met: check.met(figures) })) ?? []),
    ];
    rows.push({
      scenario: scenario.id,
      title: scenario.title,
      against: other?.label ?? "(own targets)",
      oursMs,
      theirsMs: theirs.length > 0 ? median(theirs.map((s) => s.ms)) : Number.NaN,
      ratio,
      target: other?.target,
      ownTarget: scenario.own?.text,
      verdict: verdictOf(judgements, quick),
      note: [other?.note, scenario.describe?.(mine, theirs)].filter(Boolean).join("; ") || undefined,
      oursRssMb,
      oursCpuMs: medianCpu(mine),
      theirsCpuMs: medianCpu(theirs),
      pairs,
      oursRequests,
      theirsRequests: theirs.length > 0 ? medianRequests(theirs) : undefined,
      ...(other?.phases ? { phases: await byPhase(scenario, other) } : {}),
    });
  }
}
// E2–E5 (src/storage-scenarios.ts): the emulator's storage at scale, each store in a process of its own.
if (!only || only.some((id) => STORAGE_SCENARIOS.includes(id))) rows.push(...(await storageRows(quick)));
// Q1–Q2 (src/qstash-scenarios.ts): QStash resources as code beside the official SDK in a loop.
if (!only || only.some((id) => QSTASH_SCENARIOS.includes(id))) rows.push(...(await qstashRows(quick, root)));
await Promise.all([emulator, large, pruning, fleet, limited].map((server) => server.stop()));
await seeding.stop();
await github.stop();

const sizes = [ENSURE, RESUME, DELETE].map(bundleSize);
// Issue 28: each action's bundle at most 300 KB: the entry and every chunk it may load, except
// undici's (loaded only behind a proxy). The entry alone is what a step refusing an input compiles.
const BUNDLE_LIMIT = 300 * 1024;

/** An action's bundle (`dist/` but undici's chunk) and its `dist/index.js`, in bytes. */
function bundleSize(dir: string): { action: string; bytes: number; entryBytes: number } {
  return { action: dir.split("/").at(-1) as string, ...actionBundleBytes(dir) };
}

const cpuFigure = (ms: number | undefined) => (ms === undefined || Number.isNaN(ms) ? "-" : ms.toFixed(0));
const cpuText = (r: Row) => `${cpuFigure(r.oursCpuMs)}/${cpuFigure(r.theirsCpuMs)}`.padEnd(18);
const format = (n: number) => (Number.isNaN(n) ? "-" : n.toFixed(0)).padStart(6);
const requestText = (r: Requests | undefined) =>
  r === undefined
    ? "-"
    : `${r.api}${r.rateLimited > 0 ? `+${r.rateLimited}×429` : ""}${r.github > 0 ? ` gh ${r.github}` : ""}`;
console.log(
  `\nstashkit benchmark (${quick ? "quick: " : ""}${PAIRS} pairs per comparison unless noted, 50 ms emulated latency)\n`,
);
// The verdict column is as wide as its longest entry ("not judged in quick mode" in a quick run).
const verdictWidth = Math.max(7, ...rows.map((r) => r.verdict.length));
console.log(
  `scen  against                             ours ms  theirs ms  ratio  target                      ${"verdict".padEnd(verdictWidth)}  ours req           theirs req    ours peak RSS  CPU ms ours/theirs`,
);
for (const r of rows) {
  const target = [r.target === undefined ? "" : `≤ ${r.target.toFixed(2)}`, r.ownTarget ?? ""]
    .filter(Boolean)
    .join("; ");
  const ratio = Number.isNaN(r.ratio) ? "    -" : r.ratio.toFixed(2).padStart(5);
  const notes = [r.pairs !== PAIRS ? `${r.pairs} pairs` : "", r.note ?? ""].filter(Boolean).join("; ");
  console.log(
    `${r.scenario.padEnd(4)}  ${r.against.padEnd(34)}  ${format(r.oursMs)}  ${format(r.theirsMs)}  ${ratio}  ${(target || "-").padEnd(26)}  ${r.verdict.padEnd(verdictWidth)}  ${requestText(r.oursRequests).padEnd(17)}  ${requestText(r.theirsRequests).padEnd(12)}  ${(Number.isNaN(r.oursRssMb) ? "-" : `${r.oursRssMb.toFixed(0)} MB`).padEnd(13)}  ${cpuText(r)}${notes ? `  (${notes})` : ""}`,
  );
}
// The RSS target is the actions' and the CLI's; E1's figure is the emulator bench's driver script.
// E1 measures the emulator, not our runs; S9–S11's memory has a target of its own (S10m).
const SEEDING = ["S9", "S10", "S10m", "S11"];
const peak = Math.max(
  ...rows.filter((r) => !r.scenario.startsWith("E") && !SEEDING.includes(r.scenario)).map((r) => r.oursRssMb),
);
console.log("\nbundle sizes (dist/index.js and every chunk but undici's, loaded only behind a proxy)");
for (const s of sizes)
  console.log(
    `  ${s.action.padEnd(22)} ${(s.bytes / 1024).toFixed(0)} KB  ${s.bytes <= BUNDLE_LIMIT ? "PASS" : "MISS"} (≤ 300 KB); dist/index.js alone ${(s.entryBytes / 1024).toFixed(0)} KB`,
  );
if (Number.isFinite(peak)) {
  // Reported, not judged: Node's own fetch peaks at 62-74 MB, and a 20-way fan-out adds ~18 MB
  // (README, "Peak memory with requests in flight"); S10m's memory has a target of its own.
  console.log(`peak RSS of our runs: ${peak.toFixed(0)} MB (reported, no target)`);
}
for (const r of rows) {
  if (!r.phases) continue;
  const title = `\n${r.scenario} by phase: median ms over ${r.phases.pairs} pair(s) run apart from the timed ones (each phase its own median: they need not add up to the total)`;
  console.log(phaseTable(title, r.phases.ours, r.phases.theirs, r.against.split(":")[0] ?? r.against));
}

const machine = {
  cpus: cpus().length,
  cpu: cpus()[0]?.model ?? "unknown",
  memoryGb: Math.round(totalmem() / 1024 ** 3),
  node: process.version,
  loadAverage: { start: loadAtStart, end: loadavg() },
};
writeFileSync(
  join(import.meta.dirname, "../results.json"),
  `${JSON.stringify({ date: new Date().toISOString(), quick, pairs: PAIRS, latencyMs: 50, machine, rows, sizes, peakRssMb: peak }, null, 2)}\n`,
);
console.log(
  `\nmachine: ${machine.cpus} × ${machine.cpu}, ${machine.memoryGb} GB, node ${machine.node}; load average ${loadAtStart.map((n) => n.toFixed(2)).join(" ")} at the start, ${machine.loadAverage.end.map((n) => n.toFixed(2)).join(" ")} at the end; results in bench/results.json`,
);
