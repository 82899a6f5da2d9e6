// Q1–Q2: QStash resources as code (issue 44). A declaration file of 200 schedules, 20 URL groups
// (two endpoints each) and 20 queues, applied with `stashkit qstash apply` to an empty account and
// then again unchanged, beside the same resources made with the official SDK in a loop (which,
// run again, sends everything again). Against the emulator with 50 ms latency. Target of the
// unchanged apply: no write, and at most one read per list page (three lists of one page each).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startEmulator } from "@stashkit/emulator";
import { temporaryFolder } from "@stashkit/testing";
import { timeCommand } from "./measure.ts";
import { median } from "./median.ts";
import type { Requests, Row } from "./row.ts";
import { type Judgement, verdictOf } from "./verdict.ts";

/** The ids `--only=` knows these rows by. */
export const QSTASH_SCENARIOS = ["Q1", "Q2"];

const SIZES = { schedules: 200, urlGroups: 20, queues: 20 };

/** The declaration file and the same resources as plain data for the SDK script. */
function declaration(dir: string): { config: string; spec: string } {
  const queues = Array.from({ length: SIZES.queues }, (_, n) => ({
    name: `jobs-${n}`,
    parallelism: 1 + (n % 3),
  }));
  const urlGroups = Array.from({ length: SIZES.urlGroups }, (_, n) => ({
    name: `events-${n}`,
    endpoints: [
      { name: "billing", url: `https://app.example/hooks/${n}/billing` },
      { name: "audit", url: `https://app.example/hooks/${n}/audit` },
    ],
  }));
  const schedules = Array.from({ length: SIZES.schedules }, (_, n) => ({
    id: `job-${n}`,
    cron: `${n % 60} ${n % 24} * * *`,
    destination: `https://app.example/api/jobs/${n}`,
    body: JSON.stringify({ job: n }),
    retries: 2,
  }));
  const yaml = [
    "version: 1",
    "environments:",
    '  bench: { prefix: "" }',
    "queues:",
    ...queues.map((q) => `  - { name: ${q.name}, parallelism: ${q.parallelism} }`),
    "url_groups:",
    ...urlGroups.map(
      (g) =>
        `  - name: ${g.name}\n    endpoints:\n${g.endpoints.map((e) => `      - { name: ${e.name}, url: "${e.url}" }`).join("\n")}`,
    ),
    "schedules:",
    ...schedules.map(
      (s) =>
        `  - id: ${s.id}\n    cron: "${s.cron}"\n    destination: ${s.destination}\n    body: '${s.body}'\n    headers: { Content-Type: application/json }\n    retries: ${s.retries}`,
    ),
  ].join("\n");
  const config = join(dir, "stashkit.qstash.yaml");
  const spec = join(dir, "spec.json");
  writeFileSync(config, `${yaml}\n`);
  writeFileSync(spec, JSON.stringify({ queues, urlGroups, schedules }));
  return { config, spec };
}

interface Run {
  ms: number;
  reads: number;
  writes: number;
  cpuMs: number | undefined;
  rssMb: number | undefined;
}

type RunningServer = Awaited<ReturnType<typeof startEmulator>>;

/** Our CLI's apply and the SDK loop, each measured alone: time, and the reads and writes it sent. */
function sides(server: RunningServer, root: string, files: { config: string; spec: string }) {
  const env = {
    PATH: process.env["PATH"] ?? "",
    HOME: process.env["HOME"] ?? "/tmp",
    QSTASH_TOKEN: server.messagingToken,
    QSTASH_URL: server.url,
  };
  const cli = join(root, "packages/cli/dist/bin.js");
  const apply = ["qstash", "apply", "--config", files.config, "--env", "bench", "--timeout-seconds", "600"];
  const sdkLoop = join(import.meta.dirname, "../alternatives/sdk-qstash-apply.mjs");
  const measured = (command: string[], extraEnv: Record<string, string>) => async (): Promise<Run> => {
    server.clearRequests();
    const sample = await timeCommand(process.execPath, command, { ...env, ...extraEnv });
    if (sample.exitCode !== 0) throw new Error(`qstash bench: a run exited ${sample.exitCode}`);
    const reads = server.requests.filter((r) => r.method === "GET").length;
    const writes = server.requests.length - reads;
    return { ms: sample.ms, reads, writes, cpuMs: sample.cpuMs, rssMb: sample.rssMb };
  };
  return {
    ours: measured([cli, ...apply], {}),
    theirs: measured([sdkLoop], { BENCH_QSTASH_SPEC: files.spec }),
  };
}

/** The rows: an apply to an empty account, and one with nothing to change, ours beside the SDK loop. */
export async function qstashRows(quick: boolean, root: string): Promise<Row[]> {
  const pairs = quick ? 1 : 3;
  const server = await startEmulator({ latency: { fixedMs: 50 } });
  const { ours, theirs } = sides(server, root, declaration(temporaryFolder("stashkit-bench-qstash-")));
  const runs = {
    oursEmpty: [] as Run[],
    oursAgain: [] as Run[],
    theirsEmpty: [] as Run[],
    theirsAgain: [] as Run[],
  };
  try {
    for (let pair = 0; pair < pairs; pair++) {
      server.reset();
      runs.oursEmpty.push(await ours());
      runs.oursAgain.push(await ours());
      server.reset();
      runs.theirsEmpty.push(await theirs());
      runs.theirsAgain.push(await theirs());
    }
  } finally {
    await server.stop();
  }
  const made = `${SIZES.schedules} schedules, ${SIZES.urlGroups} URL groups, ${SIZES.queues} queues`;
  const again = runs.oursAgain.at(-1) as Run;
  const common = { pairs, quick };
  return [
    toRow({
      ...{ id: "Q1", title: `apply ${made} to an empty account`, against: "apply, empty: CLI vs SDK loop" },
      ...{ ours: runs.oursEmpty, theirs: runs.theirsEmpty, ...common },
    }),
    toRow({
      ...{ id: "Q2", title: "apply the same file again, nothing changed" },
      ...{
        against: "apply, unchanged: CLI vs SDK loop",
        ours: runs.oursAgain,
        theirs: runs.theirsAgain,
        ...common,
      },
      own: {
        text: "no write, ≤ 3 reads (one per list)",
        judges: "requests",
        met: runs.oursAgain.every((r) => r.writes === 0 && r.reads <= 3),
      },
      note: `ours sent ${again.reads} reads and ${again.writes} writes`,
    }),
  ];
}

interface RowFields {
  id: string;
  title: string;
  against: string;
  ours: Run[];
  theirs: Run[];
  pairs: number;
  quick: boolean;
  own?: { text: string } & Judgement;
  note?: string;
}

function toRow(fields: RowFields): Row {
  const oursMs = median(fields.ours.map((r) => r.ms));
  const theirsMs = median(fields.theirs.map((r) => r.ms));
  const requests = (runs: Run[]): Requests => ({
    api: median(runs.map((r) => r.reads + r.writes)),
    rateLimited: 0,
    github: 0,
  });
  const judgements: Judgement[] = fields.own ? [{ judges: fields.own.judges, met: fields.own.met }] : [];
  const cpu = (runs: Run[]) => median(runs.map((r) => r.cpuMs ?? Number.NaN));
  return {
    scenario: fields.id,
    title: fields.title,
    against: fields.against,
    oursMs,
    theirsMs,
    ratio: oursMs / theirsMs,
    target: undefined,
    ownTarget: fields.own?.text,
    verdict: verdictOf(judgements, fields.quick),
    note: fields.note,
    oursRssMb: median(fields.ours.map((r) => r.rssMb ?? Number.NaN)),
    oursCpuMs: cpu(fields.ours),
    theirsCpuMs: cpu(fields.theirs),
    pairs: fields.pairs,
    oursRequests: requests(fields.ours),
    theirsRequests: requests(fields.theirs),
  };
}
