// S9's alternative: what a team writes by hand on the official @upstash/search SDK, reading the
// NDJSON file and upserting batches of 100 one after another.
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { Search } from "@upstash/search";

const client = new Search({
  url: process.env.BENCH_REST_URL,
  token: process.env.BENCH_REST_TOKEN,
  enableTelemetry: false,
});
const index = client.index(process.env.BENCH_INDEX ?? "movies");
let batch = [];
for await (const line of createInterface({ input: createReadStream(process.env.BENCH_SEED_FILE) })) {
  if (line.trim() === "") continue;
  batch.push(JSON.parse(line));
  if (batch.length === 100) {
    await index.upsert(batch);
    batch = [];
  }
}
if (batch.length > 0) await index.upsert(batch);
