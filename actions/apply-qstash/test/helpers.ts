import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RunningEmulator } from "@stashkit/emulator";
import { type ActionRun, runAction } from "@stashkit/testing";
import { tempFolder } from "@stashkit/testing/vitest";

export const actionDir = join(import.meta.dirname, "..");
export const SECRET = "reindex-secret-0f3c9a7b5d";

/** A declaration: production (protected) and per-pull-request previews whose URLs come from `vars`. */
export const FILE = `version: 1
environments:
  production:
    protect: true
    vars: { base_url: "https://shop.example" }
  preview:
    prefix: "preview-{pr}-"
queues:
  - name: orders
url_groups:
  - name: events
    endpoints:
      - { name: billing, url: "{base_url}/hooks/billing" }
schedules:
  - id: nightly
    cron: "0 3 * * *"
    destination: "{base_url}/api/reindex"
    headers:
      Authorization: "Bearer \${REINDEX_SECRET}"
    label: deploy-window
`;

/** The file in a folder of its own, removed after the test. */
export function declarationFile(text = FILE): string {
  const path = join(tempFolder("apply-qstash-"), "stashkit.qstash.yaml");
  writeFileSync(path, text);
  return path;
}

export function pullRequest(number: number, action = "synchronize") {
  return {
    name: "pull_request",
    payload: { action, number, pull_request: { number, head: { ref: "feature/x", sha: "4f2a9c1e7b" } } },
  };
}

/** The action run as the runner runs it, against the emulator, with the secret the file names set. */
export function applyStep(
  server: RunningEmulator,
  inputs: Record<string, string>,
  options: {
    event?: ReturnType<typeof pullRequest>;
    env?: Record<string, string | undefined>;
    githubToken?: string;
  } = {},
): Promise<ActionRun> {
  return runAction({
    actionDir,
    inputs: { "messaging-url": server.url, ...inputs },
    env: { QSTASH_TOKEN: server.messagingToken, REINDEX_SECRET: SECRET, ...options.env },
    ...(options.event ? { event: options.event } : {}),
    ...(options.githubToken ? { githubToken: options.githubToken } : {}),
  });
}

export const writes = (server: RunningEmulator) => server.requests.filter((r) => r.method !== "GET");
