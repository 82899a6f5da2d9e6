#!/usr/bin/env node
// The README's main command. Everything runs on this machine against the emulator, so no
// credentials are needed: the committed action bundles run exactly as the GitHub runner runs
// them, and what they print is shown the way the runner shows it (masked values as ***).
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { styleText } from "node:util";
import { startEmulator } from "@stashkit/emulator";
import { runAction, temporaryFolder } from "@stashkit/testing";
import { deployWindow } from "./demo-deploy-window.mjs";
import { qstashPreview } from "./demo-qstash.mjs";
import { seedPreviews } from "./demo-seed-previews.mjs";
import { summaryText } from "./lib/summary-text.ts";

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
// styleText drops the bold when stdout is not a terminal, or with NO_COLOR; FORCE_COLOR keeps it.
let step = 0;
const heading = (text) => console.log(`\n${styleText("bold", `${++step}. ${text}`)}`);

/** What a user sees in the runner's log: every registered secret replaced by ***. */
function asTheRunnerShowsIt(run, text) {
  const masks = run.stdout
    .split("\n")
    .filter((line) => line.startsWith("::add-mask::"))
    .map((line) => line.slice("::add-mask::".length))
    .sort((a, b) => b.length - a.length);
  return masks.reduce((shown, secret) => shown.split(secret).join("***"), text);
}

/**
 * The log lines the runner shows with debug logging off: no mask or debug commands, a group as
 * its title with its lines indented under it, and a group left with no lines not at all.
 */
function visibleLog(stdout) {
  const shown = [];
  let group;
  for (const line of stdout.split("\n")) {
    if (line === "" || line.startsWith("::add-mask::") || line.startsWith("::debug::")) continue;
    if (line.startsWith("::group::")) group = { title: line.slice("::group::".length), lines: [] };
    else if (line === "::endgroup::") {
      if (group?.lines.length) shown.push(`▾ ${group.title}`, ...group.lines.map((l) => `  ${l}`));
      group = undefined;
    } else if (group) group.lines.push(line);
    else shown.push(line);
  }
  return shown;
}

function show(run) {
  console.log(`  exit code ${run.exitCode}`);
  for (const [name, value] of Object.entries(run.outputs))
    console.log(`  output ${name} = ${asTheRunnerShowsIt(run, value)}`);
  for (const line of visibleLog(run.stdout)) console.log(`  log    ${asTheRunnerShowsIt(run, line)}`);
  // The job summary is Markdown for GitHub to render; a terminal gets its text. Masked after
  // rendering: an escaped secret (a "\_" in it) would not match its mask.
  const summary = asTheRunnerShowsIt(run, summaryText(run.summary).trimEnd());
  console.log(`  summary:\n${summary.replace(/^(?=.)/gm, "    ")}`);
}

console.log(`emulator: ${emulator.url} (messaging and management APIs, 20 ms latency per request)`);

heading("A deploy has paused queue 'orders'; three messages wait in it.");
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
// The preview's documents, as a repository would keep them: one JSON document a line. The folder
// goes when the demo exits, as do the runs' folders (temporaryFolder).
const seedFile = join(temporaryFolder("stashkit-demo-"), "movies.ndjson");
const titles = ["Space Station Nine", "Heat", "The Long Station", "Deep Space Cargo", "Harbour Lights"];
writeFileSync(
  seedFile,
  titles.map((title, n) => JSON.stringify({ id: `movie-${n + 1}`, content: { title } })).join("\n"),
);
const ensureInputs = {
  name: "shop-pr-{pr}",
  region: "eu-west-1",
  "base-url": emulator.url,
  "seed-file": seedFile,
  "seed-index": "movies",
};
const managementEnv = { UPSTASH_EMAIL: emulator.account.email, UPSTASH_API_KEY: emulator.account.apiKey };
for (const attempt of ["first run: creates and seeds it", "second run: finds it, seeded already"]) {
  heading(`ensure-search-index for pull request #42 (${attempt})`);
  show(
    await runAction({
      actionDir: join(root, "actions/ensure-search-index"),
      inputs: ensureInputs,
      env: managementEnv,
      event: pullRequest,
    }),
  );
}

heading("resume-queue after the deploy");
show(
  await runAction({
    actionDir: join(root, "actions/resume-queue"),
    inputs: { "queue-name": "orders", "messaging-url": emulator.url },
    env: { QSTASH_TOKEN: emulator.messagingToken },
  }),
);

const deadline = Date.now() + 10_000;
while (delivered.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
heading("The held messages reached the destination, in order:");
for (const body of delivered) console.log(`  ${body}`);

// A separate step, in its own module: the deploy window with pause-queue.
const windowWorked = await deployWindow({ emulator, root, heading, show });

const seededWorked = await seedPreviews({ emulator, root, heading, show, managementEnv, from: "shop-pr-42" });

heading("delete-search-index when pull request #42 closes: the preview's end of life");
show(
  await runAction({
    actionDir: join(root, "actions/delete-search-index"),
    inputs: { name: "shop-pr-{pr}", "base-url": emulator.url },
    env: managementEnv,
    event: { name: "pull_request", payload: { ...pullRequest.payload, action: "closed" } },
  }),
);
const indexesLeft = emulator.state.indexes.length;
console.log(`  search indexes left on the emulator: ${indexesLeft}`);

// QStash resources as code, in their own module: plan on the pull request, apply, destroy on close.
const qstashWorked = await qstashPreview({ emulator, heading, show, root });

await emulator.stop();
destination.close();
if (!qstashWorked) {
  console.error("demo: apply-qstash did not make and then remove the preview's resources");
  process.exit(1);
}
if (!seededWorked) {
  console.error("demo: the cloned preview was not searchable through the official SDK");
  process.exit(1);
}
if (!windowWorked) {
  console.error("demo: the deploy window did not resume what it paused");
  process.exit(1);
}
if (delivered.length !== 3) {
  console.error("demo: the messages were not all delivered");
  process.exit(1);
}
if (indexesLeft !== 0) {
  console.error("demo: delete-search-index left the preview's index in place");
  process.exit(1);
}
