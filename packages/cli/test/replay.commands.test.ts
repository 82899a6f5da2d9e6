import { readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { RunningEmulator } from "@stashkit/emulator";
import { tempFolder } from "@stashkit/testing/vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiEnv, type CliRun, credentialForms, emulatorFor, runCli, secrets } from "./cli.ts";

// The account is one emulator, the local one another; the app is a node:http server on this
// machine. A message failed for good (in the DLQ), one waits an hour (still on its way); both
// carry secrets in their forwarded headers that must show nowhere.

const s = secrets();
const PROD = "https://app.example.com";
const APP_SECRET = `Bearer prod-app-${s.apiKey}`;
const PARTNER_KEY = `sk_live_${s.token.slice(4)}`;
const LEAKS = [...credentialForms(s), APP_SECRET, PARTNER_KEY];
let account: RunningEmulator;
let local: RunningEmulator;
let app: { url: string; close(): Promise<void> };
const received: { url: string; method: string; headers: IncomingHttpHeaders; body: string }[] = [];
const runs: CliRun[] = [];
let dlqId = "";
let pending = "";

async function publish(path: string, headers: Record<string, string>, body: string): Promise<string> {
  const response = await fetch(`${account.url}${path}`, {
    method: "POST",
    body,
    headers: { authorization: `Bearer ${s.token}`, ...headers },
  });
  expect(response.ok).toBe(true);
  return ((await response.json()) as { messageId: string }).messageId;
}

async function until(condition: () => boolean, what: string) {
  for (let n = 0; n < 600 && !condition(); n++) await sleep(50);
  expect(condition(), what).toBe(true);
}

beforeAll(async () => {
  account = await emulatorFor(s, { retryBackoffScale: 0.0001 });
  local = await emulatorFor(s, { messagingTokens: ["local-token"] });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({
        url: req.url ?? "",
        method: req.method ?? "",
        headers: req.headers,
        body: `${Buffer.concat(chunks)}`,
      });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  app = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  // The callback of the failed message is answered (200): only that message is in the DLQ.
  account.failDestination({ destination: `${PROD}/cb`, times: 100, status: 200 });
  account.failDestination({ destination: PROD, times: 100, status: 500 });
  await publish(
    `/v2/publish/${PROD}/hooks/order?x=1`,
    {
      "content-type": "application/json",
      "upstash-retries": "0",
      "upstash-callback": `${PROD}/cb`,
      "upstash-label": "billing",
      "upstash-forward-authorization": APP_SECRET,
      "upstash-forward-x-partner": PARTNER_KEY,
      "upstash-forward-x-tenant": "acme",
    },
    '{"order":1}',
  );
  pending = await publish(`/v2/enqueue/emails/${PROD}/hooks/mail`, { "upstash-delay": "1h" }, "welcome");
  await until(() => account.state.dlq.length === 1, "the failed message in the DLQ");
  dlqId = account.state.dlq[0]?.dlqId ?? "";
  account.clearRequests();
});

afterAll(async () => {
  await account.stop();
  await local.stop();
  await app.close();
});

async function stashkit(...args: string[]): Promise<CliRun> {
  const run = await runCli(args, apiEnv(account, s));
  runs.push(run);
  return run;
}

const toLocal = () => ["--to", local.url, "--to-token", "local-token", "--rewrite", `${PROD}=${app.url}`];

describe("stashkit replay", () => {
  it("replays a DLQ entry with an edited body and a waiting message into the local emulator, against the local app", async () => {
    const body = join(tempFolder(), "fixed.json");
    writeFileSync(body, '{"order":1,"fixed":true}');
    const entry = await stashkit("replay", "--dlq", dlqId, "--body-file", body, ...toLocal());
    expect(entry.code, entry.stderr).toBe(0);
    expect(entry.stdout).toMatch(
      new RegExp(
        `^DLQ message ${dlqId}: message msg_\\S+ to ${app.url}/hooks/order\\?x=1 \\(left out: Authorization, X-Partner\\)$`,
        "m",
      ),
    );
    expect(entry.stderr).toContain(
      "warning: secret headers left out: Authorization, X-Partner; name them in --keep-headers to send them",
    );
    const message = await stashkit("replay", "--message", pending, ...toLocal(), "--format", "json");
    expect(message.code, message.stderr).toBe(0);
    expect(JSON.parse(message.stdout)).toMatchObject({
      to: local.url,
      replayed: [{ kind: "message", ok: true, url: `${app.url}/hooks/mail`, withheldHeaders: [] }],
    });

    await until(
      () => received.some((r) => r.url === "/cb") && received.some((r) => r.url === "/hooks/mail"),
      "deliveries",
    );
    const order = received.find((r) => r.url === "/hooks/order?x=1");
    expect(order).toMatchObject({
      method: "POST",
      body: '{"order":1,"fixed":true}',
      headers: { "x-tenant": "acme" },
    });
    expect(order?.headers["authorization"]).toBeUndefined();
    expect(received.find((r) => r.url === "/hooks/mail")?.body).toBe("welcome");
    // Read with GETs only: a read-only token is enough, and nothing changed in the account.
    expect(account.requests.every((r) => r.method === "GET")).toBe(true);
    expect(account.state.dlq).toHaveLength(1);
  });

  it("exits 2 with nothing sent for flags it cannot use", async () => {
    const file = join(tempFolder(), "empty.ndjson");
    writeFileSync(file, "\n");
    for (const [args, text] of [
      [["replay"], "say what to replay: --dlq <id>, --message <id>, --run <id> or --from-file <path>"],
      [["replay", "--dlq", "a", "--from-file", file], "give --from-file or --dlq/--message/--run, not both"],
      [["replay", "--dlq", "a", "--dlq", "b", "--body-file", file], "--body-file replaces one payload"],
      [["replay", "--dlq", "a/../b"], "--dlq must be an id of the account"],
      [["replay", "--dlq", "a", "--rewrite", "app.example.com"], "--rewrite must look like"],
      [["replay", "--dlq", "a", "--rate", "0"], "--rate must be a whole number from 1 to 1000"],
      [["replay", "--from-file", file], "holds no records"],
      [["replay", "--dlq", dlqId, "--to", local.url], "which no --rewrite maps to this machine"],
      [
        ["replay", "--dlq", "a", "--dlq", "b", "--rate", "1", "--timeout-seconds", "1"],
        "more than --timeout-seconds 1",
      ],
    ] as const) {
      const before = local.requests.length;
      const run = await stashkit(...args);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain(text);
      expect(local.requests.length).toBe(before);
    }
  });

  it("--dry-run lists what it would send where, and sends nothing", async () => {
    const before = local.requests.length;
    const run = await stashkit("replay", "--dlq", dlqId, ...toLocal(), "--dry-run");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      `would replay DLQ message ${dlqId} to ${app.url}/hooks/order?x=1 (left out: Authorization, X-Partner)`,
    );
    expect(run.stdout).toContain("1 record would be replayed");
    expect(local.requests.length).toBe(before);
  });

  it("refuses to send anywhere but a stashkit emulator", async () => {
    const run = await stashkit(
      "replay",
      "--dlq",
      dlqId,
      "--rewrite",
      `${PROD}=${app.url}`,
      "--to",
      app.url,
      "--max-attempts",
      "1",
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`--to ${app.url} is not a stashkit emulator`);
    expect(received.filter((r) => r.url.startsWith("/__stashkit"))).toHaveLength(1);
  });
});

describe("stashkit dlq export, then replay --from-file", () => {
  it("writes the DLQ as NDJSON without secrets, and replays the file, paced, with progress", async () => {
    const folder = tempFolder();
    const file = join(folder, "dlq.ndjson");
    const exported = await stashkit(
      "dlq",
      "export",
      "--label",
      "billing",
      "--output",
      file,
      "--keep-headers",
      "X-Tenant",
    );
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain(`1 DLQ message exported to ${file}.`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, "utf8");
    for (const secret of LEAKS) expect(text).not.toContain(secret);
    expect(JSON.parse(text)).toMatchObject({
      kind: "message",
      dlqId,
      withheldHeaders: ["Authorization", "X-Partner"],
    });

    // Six copies, "many at once", sent at most one a second: the sixth starts 5 s in, when a
    // progress line is due outside a terminal (one every 5 s).
    const many = join(folder, "many.ndjson");
    writeFileSync(many, text.repeat(6));
    const before = received.filter((r) => r.url === "/hooks/order?x=1").length;
    const replayed = await stashkit("replay", "--from-file", many, ...toLocal(), "--rate", "1");
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(replayed.stdout).toContain(`${many} line 2 (DLQ message ${dlqId}): message msg_`);
    expect(replayed.stdout).toContain(`Replayed 6 of 6 into ${local.url}.`);
    expect(replayed.stderr).toMatch(/^replaying into http:\/\/127\.0\.0\.1:\d+: 6\/6 records, \d+\/s$/m);
    await until(
      () => received.filter((r) => r.url === "/hooks/order?x=1").length === before + 6,
      "six deliveries",
    );
  });

  it("streams to stdout, and a bad line stops the replay with nothing sent, naming its line", async () => {
    const run = await stashkit("dlq", "export");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("1 DLQ message exported.");
    const file = join(tempFolder(), "edited.ndjson");
    writeFileSync(file, `${run.stdout}{"kind": "message", "url": "${PROD}/x"}\n`);
    const before = local.requests.length;
    const bad = await stashkit("replay", "--from-file", file, ...toLocal());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`--from-file: ${file} line 2: from: Invalid option`);
    expect(local.requests.length).toBe(before);
  });
});

it("shows its flags and examples in --help", async () => {
  const replay = await runCli(["replay", "--help"], apiEnv(account, s));
  for (const flag of [
    "--dlq",
    "--message",
    "--run",
    "--from-file",
    "--to",
    "--rewrite",
    "--body-file",
    "--keep-headers",
    "--rate",
    "--dry-run",
  ])
    expect(replay.stdout).toContain(`${flag} `);
  expect(replay.stdout).toContain(
    "$ stashkit replay --dlq dlq_123 --rewrite https://app.example.com=http://localhost:3000",
  );
  const exported = await runCli(["dlq", "export", "--help"], apiEnv(account, s));
  expect(exported.stdout).toContain("--keep-headers ");
  expect(exported.stdout).toContain("$ stashkit dlq export --queue orders --output dlq.ndjson");
});

it("prints no credential and no recorded secret in any run", () => {
  expect(runs.length).toBeGreaterThan(10);
  for (const run of runs)
    for (const secret of LEAKS) expect(`${run.stdout}${run.stderr}`).not.toContain(secret);
});
