#!/usr/bin/env node
// The README's main command: everything runs on this machine against the emulator, so no
// credentials are needed. It starts the emulator, holds messages in a paused queue,
// makes sure a search index exists (twice: the second time finds it), resumes the queue
// and shows the messages arriving at a local destination in order.
import { createServer } from "node:http";
import { startEmulator } from "@stashkit/emulator";

const emulator = await startEmulator();
const received = [];
const destination = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => {
    body += chunk;
  });
  req.on("end", () => {
    received.push(body);
    res.end("ok");
  });
});
await new Promise((resolve) => destination.listen(0, "127.0.0.1", resolve));
const hook = `http://127.0.0.1:${destination.address().port}/deploy-hook`;

const bearer = { authorization: `Bearer ${emulator.messagingToken}`, "content-type": "application/json" };
const basic = {
  authorization: `Basic ${Buffer.from(`${emulator.account.email}:${emulator.account.apiKey}`).toString("base64")}`,
  "content-type": "application/json",
};
const call = async (path, init) => {
  const response = await fetch(`${emulator.url}${path}`, init);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
};

console.log(`emulator: ${emulator.url} (messaging and management APIs)\n`);

console.log("1. A deploy pauses queue 'orders'; three messages are held while it is paused.");
await call("/v2/queues", {
  method: "POST",
  headers: bearer,
  body: JSON.stringify({ queueName: "orders", parallelism: 1, paused: true }),
});
for (const n of [1, 2, 3]) {
  await call(`/v2/enqueue/orders/${hook}`, {
    method: "POST",
    headers: { ...bearer, "content-type": "text/plain" },
    body: `order #${n}`,
  });
}
const paused = await call("/v2/queues/orders", { headers: bearer });
console.log(`   queue orders: paused=${paused.paused} lag=${paused.lag}\n`);

async function ensureIndex(name) {
  const existing = (await call("/v2/search", { headers: basic })).find((index) => index.name === name);
  if (existing) return { index: existing, created: false };
  const index = await call("/v2/search", {
    method: "POST",
    headers: basic,
    body: JSON.stringify({ name, region: "eu-west-1", type: "free" }),
  });
  return { index, created: true };
}
console.log("2. Ensure search index 'myapp-pr-42' exists, twice.");
for (const attempt of [1, 2]) {
  const { index, created } = await ensureIndex("myapp-pr-42");
  console.log(`   run ${attempt}: id=${index.id} endpoint=${index.endpoint} created=${created} token=***`);
}

console.log("\n3. Resume queue 'orders'; the held messages are delivered oldest first.");
await call("/v2/queues/orders/resume", { method: "POST", headers: bearer });
while (received.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
const resumed = await call("/v2/queues/orders", { headers: bearer });
console.log(`   queue orders: paused=${resumed.paused} lag=${resumed.lag}`);
for (const body of received) console.log(`   delivered: ${body}`);

console.log(`\n${emulator.requests.length} API requests served; the emulator's log never holds credentials:`);
for (const r of emulator.requests)
  console.log(`   ${r.method} ${r.path} -> ${r.status} (${r.authorization})`);

await emulator.stop();
destination.close();
