// S9–S11: seeding and cloning a preview's search index with ensure-search-index, against the
// emulator with 50 ms latency. run.ts adds them to its table.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "@stashkit/emulator";
import { temporaryFolder } from "@stashkit/testing";
import type { Sample } from "./measure.ts";
import { median } from "./median.ts";

interface Deps {
  quick: boolean;
  ensureDir: string;
  alternatives: string;
  ours: (
    actionDir: string,
    inputs: Record<string, string>,
    env: Record<string, string>,
  ) => () => Promise<Sample>;
  command: (
    label: string,
    file: string,
    args: string[],
    env: Record<string, string>,
  ) => () => Promise<Sample>;
}

interface Requests {
  api: number;
  rateLimited: number;
}

/** A file of `count` documents of about 300 bytes as JSON, one a line. */
function seedFile(count: number): string {
  // Removed when the benchmark exits (temporaryFolder), however it ends.
  const file = join(temporaryFolder("stashkit-bench-seed-"), `${count}.ndjson`);
  const words = "a preview environment whose search index is empty is not a preview at all";
  const lines = Array.from({ length: count }, (_, n) =>
    JSON.stringify({
      id: `doc-${n}`,
      content: { title: `Document ${n}`, body: `${words} ${n} ${words}`.slice(0, 180) },
      metadata: { n, group: `g-${n % 10}` },
    }),
  );
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

async function createIndex(server: RunningEmulator, name: string) {
  const basic = Buffer.from(`${server.account.email}:${server.account.apiKey}`).toString("base64");
  const answer = await fetch(`${server.url}/v2/search`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}` },
    body: JSON.stringify({ name, region: "eu-west-1", type: "payg" }),
  });
  return (await answer.json()) as { endpoint: string; token: string };
}

/** Fills a namespace over HTTP, 20 batches at a time (setup, not measured). */
async function fill(index: { endpoint: string; token: string }, file: string, count: number) {
  const { readFileSync } = await import("node:fs");
  const lines = readFileSync(file, "utf8").trim().split("\n").slice(0, count);
  const batches: string[][] = [];
  for (let start = 0; start < lines.length; start += 100) batches.push(lines.slice(start, start + 100));
  for (let start = 0; start < batches.length; start += 20) {
    await Promise.all(
      batches.slice(start, start + 20).map((batch) =>
        fetch(`${index.endpoint}/upsert-data/movies`, {
          method: "POST",
          headers: { authorization: `Bearer ${index.token}` },
          body: `[${batch.join(",")}]`,
        }),
      ),
    );
  }
}

export async function seedScenarios(deps: Deps) {
  const SEED = 10_000;
  const LARGE_CLONE = deps.quick ? 20_000 : 100_000;
  const WRITES_PER_SECOND = 40;
  const file = seedFile(LARGE_CLONE);
  const tenThousand = seedFile(SEED);
  const seeding = await startEmulator({ latency: { fixedMs: 50 } });
  const limited = await startEmulator({ latency: { fixedMs: 50 }, search: { rateLimits: "index" } });
  const env = (server: RunningEmulator) => ({
    UPSTASH_EMAIL: server.account.email,
    UPSTASH_API_KEY: server.account.apiKey,
  });
  const target = await createIndex(seeding, "bench-seed");
  await createIndex(seeding, "bench-clone");
  await createIndex(seeding, "bench-clone-large");
  await fill(await createIndex(seeding, "bench-large-source"), file, LARGE_CLONE);
  await createIndex(limited, "bench-limited");
  for (const entry of limited.indexes.list()) {
    limited.indexes.put({ ...entry, index: { ...entry.index, max_writes_per_second: WRITES_PER_SECOND } });
  }

  const ensure = (server: RunningEmulator, inputs: Record<string, string>) =>
    deps.ours(
      deps.ensureDir,
      { region: "eu-west-1", type: "payg", "base-url": server.url, "seed-when": "always", ...inputs },
      env(server),
    );
  const s9Runs: number[] = [];
  const s9 = ensure(seeding, { name: "bench-seed", "seed-file": tenThousand, "seed-index": "movies" });
  const s9Recorded = async () => {
    const sample = await s9();
    s9Runs.push(sample.ms);
    return sample;
  };
  // Requests needed: one a batch of 100, the ensure's list, the seed record's write and one info poll.
  const needed = SEED / 100 + 3;
  return seedTable({
    deps,
    seeding,
    limited,
    target,
    tenThousand,
    ensure,
    s9Recorded,
    s9Runs,
    needed,
    SEED,
    LARGE_CLONE,
    WRITES_PER_SECOND,
  });
}

// size: table
function seedTable(parts: {
  deps: Deps;
  seeding: RunningEmulator;
  limited: RunningEmulator;
  target: { endpoint: string; token: string };
  tenThousand: string;
  ensure: (server: RunningEmulator, inputs: Record<string, string>) => () => Promise<Sample>;
  s9Recorded: () => Promise<Sample>;
  s9Runs: number[];
  needed: number;
  SEED: number;
  LARGE_CLONE: number;
  WRITES_PER_SECOND: number;
}) {
  const { deps, seeding, limited, target, tenThousand, ensure, s9Recorded, s9Runs, needed } = parts;
  const { SEED, LARGE_CLONE, WRITES_PER_SECOND } = parts;
  return {
    stop: () => Promise.all([seeding.stop(), limited.stop()]),
    scenarios: [
      {
        id: "S9",
        title: `seed ${SEED} documents (~300 B) from an NDJSON file`,
        server: seeding,
        ours: s9Recorded,
        others: [
          {
            label: "official SDK, batches of 100 in turn",
            against: "sdk",
            target: 0.25,
            pairs: deps.quick ? 1 : 5,
            run: deps.command("sdk seed", process.execPath, [join(deps.alternatives, "sdk-seed.mjs")], {
              BENCH_REST_URL: target.endpoint,
              BENCH_REST_TOKEN: target.token,
              BENCH_SEED_FILE: tenThousand,
            }),
          },
        ],
      },
      {
        id: "S10",
        title: `clone ${SEED} documents from one index to another`,
        server: seeding,
        ours: ensure(seeding, { name: "bench-clone", "clone-from": "bench-seed" }),
        others: [],
        pairs: deps.quick ? 1 : 5,
        own: {
          text: "≤ 1.5 × S9's own time",
          checks: [
            {
              judges: "time" as const,
              met: ({ ms }: { ms: number }) => s9Runs.length > 0 && ms <= 1.5 * median(s9Runs),
            },
          ],
        },
      },
      {
        id: "S10m",
        title: `clone ${LARGE_CLONE} documents: peak RSS, streamed`,
        server: seeding,
        ours: ensure(seeding, { name: "bench-clone-large", "clone-from": "bench-large-source" }),
        others: [],
        pairs: deps.quick ? 1 : 2,
        own: {
          text: "peak RSS ≤ 150 MB",
          checks: [{ judges: "memory" as const, met: ({ rssMb }: { rssMb: number }) => rssMb <= 150 }],
        },
      },
      {
        id: "S11",
        title: `S9 with max_writes_per_second ${WRITES_PER_SECOND} enforced (429 + Retry-After)`,
        server: limited,
        ours: ensure(limited, { name: "bench-limited", "seed-file": tenThousand, "seed-index": "movies" }),
        others: [],
        pairs: deps.quick ? 1 : 3,
        own: {
          text: `completes, ≤ ${Math.floor(needed * 1.1)} req`,
          checks: [
            {
              judges: "requests" as const,
              met: ({ requests }: { requests: Requests }) =>
                requests.api + requests.rateLimited <= needed * 1.1,
            },
          ],
        },
      },
    ],
  };
}
