// The same resources as the benchmark's declaration file, made with the official SDK in a loop,
// one request after another: every queue upserted, every URL group's endpoints added, every
// schedule created with its id. Run again, it sends all of it again: it has no plan.
import { readFileSync } from "node:fs";
import { Client } from "@upstash/qstash";

const client = new Client({ token: process.env.QSTASH_TOKEN, baseUrl: process.env.QSTASH_URL });
const spec = JSON.parse(readFileSync(process.env.BENCH_QSTASH_SPEC, "utf8"));
for (const queue of spec.queues)
  await client.queue({ queueName: queue.name }).upsert({ parallelism: queue.parallelism });
for (const group of spec.urlGroups)
  await client.urlGroups.addEndpoints({ name: group.name, endpoints: group.endpoints });
for (const schedule of spec.schedules) {
  await client.schedules.create({
    scheduleId: schedule.id,
    destination: schedule.destination,
    cron: schedule.cron,
    body: schedule.body,
    headers: { "Content-Type": "application/json" },
    retries: schedule.retries,
  });
}
