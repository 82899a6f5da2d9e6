// The demo's QStash-as-code steps (scripts/demo.mjs calls them): apply-qstash, run as the runner
// runs it, plans pull request #43's preview (its schedule, URL group and queue, declared in a
// stashkit.qstash.yaml) on the pull request, applies it, and destroys it when the pull request
// closes. A console-made schedule in the same account is left alone throughout.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { runAction, temporaryFolder } from "@stashkit/testing";

const DECLARATION = `version: 1
environments:
  production:
    protect: true
    vars: { base_url: "https://shop.example" }
  preview:
    prefix: "preview-{pr}-"
queues:
  - name: emails
url_groups:
  - name: order-events
    endpoints:
      - { name: billing, url: "{base_url}/hooks/billing" }
schedules:
  - id: nightly-reindex
    cron: "0 3 * * *"
    destination: "{base_url}/api/reindex"
    headers:
      Authorization: "Bearer \${REINDEX_SECRET}"
`;

export async function qstashPreview({ emulator, heading, show, root }) {
  const config = join(temporaryFolder("stashkit-demo-qstash-"), "stashkit.qstash.yaml");
  writeFileSync(config, DECLARATION);
  await fetch(`${emulator.url}/v2/schedules/https://shop.example/made-in-the-console`, {
    method: "POST",
    headers: { authorization: `Bearer ${emulator.messagingToken}`, "upstash-cron": "0 * * * *" },
  });
  const pullRequest = (action) => ({
    name: "pull_request",
    payload: {
      action,
      number: 43,
      pull_request: { number: 43, head: { ref: "feature/emails", sha: "9b1c2d3e4f" } },
    },
  });
  const step = (mode, action) =>
    runAction({
      actionDir: join(root, "actions/apply-qstash"),
      inputs: {
        config,
        environment: "preview",
        mode,
        vars: "base_url=https://shop-pr-43.preview.example",
        "messaging-url": emulator.url,
      },
      // The secret the file names as ${REINDEX_SECRET}: masked as *** wherever it would show.
      env: { QSTASH_TOKEN: emulator.messagingToken, REINDEX_SECRET: "demo-reindex-secret" },
      event: pullRequest(action),
    });
  // What the preview owns: every name that starts with its prefix.
  const owned = () =>
    [emulator.state.schedules, emulator.state.urlGroups, emulator.state.queues]
      .flatMap((resources) => Object.keys(resources))
      .filter((name) => name.startsWith("preview-43-"));
  const fromConsole = () =>
    Object.values(emulator.state.schedules).filter((s) => s.destination.endsWith("/made-in-the-console"))
      .length;

  heading("apply-qstash on pull request #43: the plan of its preview's schedule, URL group and queue");
  show(await step("plan", "synchronize"));
  heading("apply-qstash applies it; a second apply would send three reads and no write");
  const applied = await step("apply", "synchronize");
  show(applied);
  const made = owned();
  console.log(`  on the emulator: ${made.join(", ")}`);
  heading("apply-qstash destroys the preview when pull request #43 closes; the console's schedule stays");
  const destroyed = await step("destroy", "closed");
  show(destroyed);
  console.log(`  left of the preview: ${owned().length}; schedules made in the console: ${fromConsole()}`);
  return (
    applied.exitCode === 0 &&
    destroyed.exitCode === 0 &&
    made.length === 3 &&
    owned().length === 0 &&
    fromConsole() === 1
  );
}
