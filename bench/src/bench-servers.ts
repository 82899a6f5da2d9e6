// The emulators and the GitHub stand-in the scenarios run against (50 ms of latency each), set up
// once before the runs: S1–S4 share one; the scale scenarios (S5–S8) get their own, so S1–S4 see
// the same account as before.
import { type RunningEmulator, startEmulator } from "@stashkit/emulator";
import { startGitHubStandIn } from "@stashkit/testing";

/** The account of S5: its listing is 15 MB. */
export const LARGE_ACCOUNT = 20_000;
export const QUEUES_20 = Array.from({ length: 20 }, (_, n) => `q-${n}`);
/** S8's messaging rate limit, requests a second. */
export const RATE_LIMIT = 50;

export type BenchServers = Awaited<ReturnType<typeof startBenchServers>>;

export async function startBenchServers(quick: boolean) {
  const latency = { latency: { fixedMs: 50 } };
  // Of the account's indexes, `candidates` match the prune pattern: `stale` of them have a closed
  // pull request. --quick shrinks S6 and S7, whose sequential alternatives take a minute or more.
  const prune = quick
    ? { indexes: 100, candidates: 20, stale: 15 }
    : { indexes: 2_000, candidates: 600, stale: 500 };
  const manyQueues = Array.from({ length: quick ? 20 : 200 }, (_, n) => `many-${n}`);
  // S8 keeps enough queues in --quick to cross the rate limit (40 queues: 80 requests at 50 a second).
  const limitedQueues =
    manyQueues.length >= 40 ? manyQueues : Array.from({ length: 40 }, (_, n) => `many-${n}`);
  const emulator = await startEmulator(latency);
  const large = await startEmulator(latency);
  large.seedSearchIndexes({ count: LARGE_ACCOUNT, namePrefix: "load" });
  const pruning = await startEmulator(latency);
  const pulls: Record<number, "open" | "closed"> = {};
  for (let n = 0; n < prune.candidates; n++) pulls[n] = n < prune.stale ? "closed" : "open";
  const github = await startGitHubStandIn({ pulls: { "acme/shop": pulls }, latencyMs: 50 });
  const fleet = await startEmulator(latency);
  const limited = await startEmulator({ ...latency, rateLimit: { messaging: RATE_LIMIT, management: 0 } });
  const credentials = { UPSTASH_EMAIL: emulator.account.email, UPSTASH_API_KEY: emulator.account.apiKey };
  await existingIndexAndQueues(emulator, credentials);
  await pausedQueues(fleet, manyQueues, false);
  await pausedQueues(limited, limitedQueues, true);
  return {
    ...{ emulator, large, pruning, github, fleet, limited, prune, manyQueues, limitedQueues, credentials },
    messaging: { QSTASH_TOKEN: emulator.messagingToken, QSTASH_URL: emulator.url },
    /** The prune account as it was before the run: other apps' indexes and the candidates. */
    resetPruning(server: RunningEmulator): void {
      server.reset();
      server.seedSearchIndexes({ count: prune.indexes - prune.candidates, namePrefix: "other-app" });
      server.seedSearchIndexes({ count: prune.candidates, namePrefix: "shop-pr" });
    },
    async stop(): Promise<void> {
      await Promise.all([emulator, large, pruning, fleet, limited].map((server) => server.stop()));
      await github.stop();
    },
  };
}

/** An existing index, created well before the runs (as it is when a pull request is updated), and 20 paused queues. */
async function existingIndexAndQueues(
  emulator: RunningEmulator,
  credentials: { UPSTASH_EMAIL: string; UPSTASH_API_KEY: string },
): Promise<void> {
  const basic = Buffer.from(`${credentials.UPSTASH_EMAIL}:${credentials.UPSTASH_API_KEY}`).toString("base64");
  await fetch(`${emulator.url}/v2/search`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}` },
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
}

/** S7 and S8: many paused queues, ten at a time (staying under S8's limit while setting up). */
async function pausedQueues(server: RunningEmulator, names: readonly string[], limited: boolean) {
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
    // So the runs start with a fresh window.
    if (limited) await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Pauses every queue again through the messaging API (its rate limit lifted meanwhile: not a measured run). */
export async function repause(server: RunningEmulator): Promise<void> {
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
}
