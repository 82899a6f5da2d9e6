import type { RunningEmulator } from "@stashkit/emulator";
import { type DesiredState, parseDeclaration, resolveEnvironment } from "../src/index.ts";

/** A declaration with a production environment (no prefix of its own: "production-") and per-pull-request previews. */
export function declarationText(base = "https://app.example"): string {
  return `version: 1
environments:
  production:
    protect: true
    vars:
      base_url: ${base}
  preview:
    prefix: "preview-{pr}-"
    vars:
      base_url: https://preview-{pr}.app.example
queues:
  - name: orders
    parallelism: 2
url_groups:
  - name: events
    endpoints:
      - name: billing
        url: "{base_url}/hooks/billing"
      - name: audit
        url: "{base_url}/hooks/audit"
schedules:
  - id: nightly-reindex
    cron: "0 3 * * *"
    destination: "{base_url}/api/reindex?full=1"
    body: { full: true, env: "{env}" }
    headers:
      Content-Type: application/json
      Authorization: "Bearer \${REINDEX_SECRET}"
    retries: 2
    timeout: 30s
    label: [reindex, deploy-window]
  - id: fan-out
    cron: "*/10 * * * *"
    destination: events
    queue: orders
  - id: prod-only
    cron: "0 0 * * 0"
    destination: "{base_url}/api/weekly"
    environments: [production]
`;
}

export const SECRET = "s3cr3t-reindex-value-0123456789";

export function desired(
  text: string,
  environment: string,
  options: { pr?: string; env?: Record<string, string>; vars?: Record<string, string> } = {},
): DesiredState {
  return resolveEnvironment(parseDeclaration(text, "stashkit.qstash.yaml"), {
    environment,
    values: options.pr === undefined ? {} : { pr: options.pr },
    env: options.env ?? { REINDEX_SECRET: SECRET },
    vars: options.vars,
  });
}

/** The requests the emulator logged, as `METHOD /path`. */
export function requestLines(server: RunningEmulator): string[] {
  return server.requests.map((r) => `${r.method} ${r.path}`);
}

export const writes = (server: RunningEmulator) => server.requests.filter((r) => r.method !== "GET");

/** A schedule made in the console: a random id the API gave it, no prefix. */
export async function consoleSchedule(server: RunningEmulator, destination: string): Promise<string> {
  const answer = await fetch(`${server.url}/v2/schedules/${destination}`, {
    method: "POST",
    headers: { authorization: `Bearer ${server.messagingToken}`, "upstash-cron": "* * * * *" },
  });
  if (!answer.ok) throw new Error(`console schedule: ${answer.status}`);
  return ((await answer.json()) as { scheduleId: string }).scheduleId;
}
