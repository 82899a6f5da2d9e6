/**
 * Measures the data plane on one emulator: upserting 100,000 documents of about 300 bytes in
 * batches of 100, then 1,000 searches, through the official SDK over loopback HTTP.
 * Run: `node test/search-data/benchmark.ts` (in packages/emulator). Not part of the test run.
 */
import { Search } from "@upstash/search";
import { startEmulator } from "../../src/index.ts";

const DOCUMENTS = Number(process.env["DOCUMENTS"] ?? 100_000);
const SEARCHES = Number(process.env["SEARCHES"] ?? 1_000);
const BATCH = 100;

// A fixed pseudo-random sequence, so every run measures the same documents and queries.
let seed = 42;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
}

const LETTERS = "etaoinshrdlcumwfgypbvkjxqz";
const VOCABULARY = Array.from({ length: 5_000 }, () =>
  Array.from({ length: 3 + Math.floor(random() * 7) }, () => LETTERS[Math.floor(random() ** 1.5 * 26)]).join(
    "",
  ),
);
/** Word frequency falls with rank (Zipf), as in natural text. */
function word(): string {
  const rank = Math.floor(Math.exp(random() * Math.log(VOCABULARY.length + 1))) - 1;
  return VOCABULARY[Math.min(rank, VOCABULARY.length - 1)] as string;
}
const words = (count: number) => Array.from({ length: count }, word).join(" ");

function document(n: number) {
  return {
    id: `doc-${n}`,
    content: { title: words(4), description: words(28), category: word() },
    metadata: { n, price: Math.floor(random() * 1000) },
  };
}

const server = await startEmulator({});
try {
  const created = await fetch(`${server.url}/v2/search`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${server.account.email}:${server.account.apiKey}`).toString("base64")}`,
      "content-type": "application/json",
    },
    body: JSON.stringify({ name: "bench", region: "eu-west-1", type: "payg" }),
  });
  const index = (await created.json()) as { endpoint: string; token: string };
  const client = new Search({
    url: index.endpoint, // the data plane URL: the emulator gives the endpoint in its URL form by default
    token: index.token,
    enableTelemetry: false,
  });
  const bench = client.index("bench");
  const sample = JSON.stringify(document(0)).length;
  const heapBefore = process.memoryUsage().heapUsed;

  const upsertStart = performance.now();
  for (let at = 0; at < DOCUMENTS; at += BATCH) {
    await bench.upsert(Array.from({ length: Math.min(BATCH, DOCUMENTS - at) }, (_, i) => document(at + i)));
  }
  const upsertSeconds = (performance.now() - upsertStart) / 1000;

  const searchStart = performance.now();
  let hits = 0;
  for (let i = 0; i < SEARCHES; i++) {
    const query = `${VOCABULARY[Math.floor(random() * VOCABULARY.length)]} ${VOCABULARY[Math.floor(random() * VOCABULARY.length)]}`;
    hits += (await bench.search({ query, limit: 10 })).length;
  }
  const searchSeconds = (performance.now() - searchStart) / 1000;

  globalThis.gc?.();
  const memory = process.memoryUsage();
  console.log(
    JSON.stringify(
      {
        documents: DOCUMENTS,
        documentBytes: sample,
        upsertSeconds: Number(upsertSeconds.toFixed(1)),
        documentsPerSecond: Math.round(DOCUMENTS / upsertSeconds),
        searches: SEARCHES,
        searchSeconds: Number(searchSeconds.toFixed(1)),
        searchesPerSecond: Math.round(SEARCHES / searchSeconds),
        hitsPerSearch: Number((hits / SEARCHES).toFixed(1)),
        heapUsedMB: Math.round(memory.heapUsed / 1e6),
        heapGrowthMB: Math.round((memory.heapUsed - heapBefore) / 1e6),
        rssMB: Math.round(memory.rss / 1e6),
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
