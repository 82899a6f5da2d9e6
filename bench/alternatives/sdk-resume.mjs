// A short script on the official SDK: resume and read back each queue, sequentially.
import { appendFileSync } from "node:fs";
import { Client } from "@upstash/qstash";

const client = new Client({ token: process.env.QSTASH_TOKEN, baseUrl: process.env.QSTASH_URL });
const resumed = [];
for (const queueName of process.env.BENCH_QUEUES.split(",")) {
  const queue = client.queue({ queueName });
  await queue.resume();
  const state = await queue.get();
  if (state.paused) throw new Error(`${queueName} is still paused`);
  resumed.push(queueName);
}
appendFileSync(process.env.GITHUB_OUTPUT, `resumed=${JSON.stringify(resumed)}\n`);
