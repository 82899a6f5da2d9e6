// Run by the release rehearsal in a new project that installed @stashkit/core, ci-context and
// emulator from the rehearsal's registry: each loads as an ES module, and core's clients drive
// the installed emulator over HTTP. Usage: node use.mjs <expected version>
import assert from "node:assert/strict";
import { detectCiRun } from "@stashkit/ci-context";
import { ensureSearchIndex, ManagementClient, MessagingClient, VERSION } from "@stashkit/core";
import { startEmulator } from "@stashkit/emulator";

const [expected] = process.argv.slice(2);
assert.equal(VERSION, expected, "@stashkit/core's VERSION is the version it was published as");

const emulator = await startEmulator();
try {
  const messaging = new MessagingClient({ token: emulator.messagingToken, baseUrl: emulator.url });
  await messaging.queues.upsert({ queueName: "rehearsal", parallelism: 1 });
  const queues = await messaging.queues.list();
  assert.deepEqual(
    queues.map((queue) => queue.name),
    ["rehearsal"],
  );

  const management = new ManagementClient({ ...emulator.account, baseUrl: emulator.url });
  const first = await ensureSearchIndex(management, { name: "rehearsal", region: "eu-west-1" });
  const again = await ensureSearchIndex(management, { name: "rehearsal", region: "eu-west-1" });
  assert.equal(first.created, true);
  assert.equal(again.index.id, first.index.id);
} finally {
  await emulator.stop();
}

const run = detectCiRun({ GITLAB_CI: "true", CI_COMMIT_BRANCH: "main", CI_PIPELINE_ID: "42" });
assert.equal(run.system, "GitLab CI");
assert.equal(run.values.branch, "main");
console.log(`core ${VERSION}: a queue and an index on the emulator; ci-context read ${run.system}`);
