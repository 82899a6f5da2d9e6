#!/usr/bin/env node
// The README's main command. Everything runs on this machine against the emulator, so no
// credentials are needed: the committed action bundles run exactly as the GitHub runner runs
// them, and what they print is shown the way the runner shows it (masked values as ***).
import { createServer } from "node:http";
import { join } from "node:path";
import { startEmulator } from "@stashkit/emulator";
import { runAction } from "@stashkit/testing";
import { deployWindow } from "./demo-deploy-window.mjs";

const root = new URL("..", import.meta.url).pathname;
const emulator = await startEmulator({ latency: { fixedMs: 20 } });

// A local service the queue delivers to.
const delivered = [];
const destination = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => {
    body += chunk;
  });
  req.on("end", () => {
    delivered.push(body);
    res.end("ok");
  });
});
await new Promise((resolve) => destination.listen(0, "127.0.0.1", resolve));
const hook = `http://127.0.0.1:${destination.address().port}/orders-hook`;

const messaging = { authorization: `Bearer ${emulator.messagingToken}` };
const heading = (text) => console.log(`\n\x1b[1m${text}\x1b[0m`);

/** What a user sees in the runner's log: every registered secret replaced by ***. */
function asTheRunnerShowsIt(run, text) {
  const masks = run.stdout
    .split("\n")
    .filter((line) => line.startsWith("::add-mask::"))
    .map((line) => line.slice("::add-mask::".length))
    .sort((a, b) => b.length - a.length);
  return masks.reduce((shown, secret) => shown.split(secret).join("***"), text);
}

function show(run) {
  console.log(`  exit code ${run.exitCode}`);
  for (const [name, value] of Object.entries(run.outputs))
    console.log(`  output ${name} = ${asTheRunnerShowsIt(run, value)}`);
  const log = run.stdout
    .split("\n")
    .filter((l) => l && !l.startsWith("::add-mask::") && !l.startsWith("::debug::"));
  for (const line of log) console.log(`  log    ${asTheRunnerShowsIt(run, line)}`);
  console.log(`  summary:\n${asTheRunnerShowsIt(run, run.summary).replace(/^/gm, "    ")}`);
}

console.log(`emulator: ${emulator.url} (messaging and management APIs, 20 ms latency per request)`);

heading("1. A deploy has paused queue 'orders'; three messages wait in it.");
await fetch(`${emulator.url}/v2/queues`, {
  method: "POST",
  headers: messaging,
  body: JSON.stringify({ queueName: "orders", parallelism: 1, paused: true }),
});
for (const n of [1, 2, 3]) {
  await fetch(`${emulator.url}/v2/enqueue/orders/${hook}`, {
    method: "POST",
    headers: messaging,
    body: `order #${n}`,
  });
}
console.log(
  `  queue orders: paused, lag ${emulator.state.queues.orders.messages.length}; delivered so far: ${delivered.length}`,
);

const pullRequest = {
  name: "pull_request",
  payload: { number: 42, pull_request: { number: 42, head: { ref: "feature/search", sha: "4f2a9c1e7b" } } },
};
const ensureInputs = { name: "shop-pr-{pr}", region: "eu-west-1", "base-url": emulator.url };
const managementEnv = { UPSTASH_EMAIL: emulator.account.email, UPSTASH_API_KEY: emulator.account.apiKey };
for (const attempt of ["first run: creates it", "second run: finds it"]) {
  heading(`2. ensure-search-index for pull request #42 (${attempt})`);
  show(
    await runAction({
      actionDir: join(root, "actions/ensure-search-index"),
      inputs: ensureInputs,
      env: managementEnv,
      event: pullRequest,
    }),
  );
}

heading("3. resume-queue after the deploy");
show(
  await runAction({
    actionDir: join(root, "actions/resume-queue"),
    inputs: { "queue-name": "orders", "messaging-url": emulator.url },
    env: { QSTASH_TOKEN: emulator.messagingToken },
  }),
);

const deadline = Date.now() + 10_000;
while (delivered.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
heading("4. The held messages reached the destination, in order:");
for (const body of delivered) console.log(`  ${body}`);

// A separate step, in its own module: the deploy window with pause-queue.
const windowWorked = await deployWindow({ emulator, root, heading, show });

await emulator.stop();
destination.close();
if (!windowWorked) {
  console.error("demo: the deploy window did not resume what it paused");
  process.exit(1);
}
if (delivered.length !== 3) {
  console.error("demo: the messages were not all delivered");
  process.exit(1);
}
