import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RunningEmulator } from "@stashkit/emulator";
import { tempFolder } from "@stashkit/testing/vitest";
import { describe, expect, it } from "vitest";
import { ConfigurationError, NotFoundError } from "../src/index.ts";
import {
  checkEmulator,
  EmulatorClient,
  parseRewriteRules,
  planReplay,
  type ReplayRecord,
  readRecorded,
  recordedDlq,
  replayFileRecords,
  sendReplays,
  withholdRecordSecrets,
} from "../src/internal.ts";
import { capturedClock, caught, emulator, messagingClient } from "./helpers.ts";
import { recordingApp, until } from "./replay-helpers.ts";

const PROD = "https://app.example.com";
const PARTNER_KEY = "sk_live_0123456789abcdefghij";
const NAMES = { rewrite: "--rewrite", keepHeaders: "--keep-headers" };

async function publish(server: RunningEmulator, path: string, headers: Record<string, string>, body: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    body,
    headers: { authorization: `Bearer ${server.messagingToken}`, ...headers },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { messageId: string }).messageId;
}

/** The account: one message failed for good (in the DLQ), one delayed for an hour (still on its way). */
async function account() {
  const source = await emulator({ retryBackoffScale: 0.0001 });
  // The callback of the failed message is answered (200): only that message is in the DLQ.
  source.failDestination({ destination: `${PROD}/cb`, times: 100, status: 200 });
  source.failDestination({ destination: PROD, times: 100, status: 500 });
  await publish(
    source,
    `/v2/publish/${PROD}/hooks/order?x=1`,
    {
      "content-type": "application/json",
      "upstash-method": "PUT",
      "upstash-retries": "1",
      "upstash-callback": `${PROD}/cb`,
      "upstash-label": "billing",
      "upstash-forward-authorization": "Bearer prod-app-secret",
      "upstash-forward-x-partner": PARTNER_KEY,
      "upstash-forward-x-tenant": "acme",
    },
    '{"order":1}',
  );
  const pending = await publish(
    source,
    `/v2/publish/${PROD}/hooks/later`,
    { "upstash-delay": "1h" },
    "later",
  );
  await until(() => source.state.dlq.length === 1, "the failed message in the DLQ");
  const dlqId = source.state.dlq[0]?.dlqId ?? "";
  source.clearRequests();
  return { source, dlqId, pending };
}

function destination(server: RunningEmulator): EmulatorClient {
  return new EmulatorClient({ baseUrl: server.url, token: server.messagingToken, env: {} });
}

describe("replay of messages and DLQ entries", () => {
  it("reads them with GETs only and replays them into another emulator as recorded, against a local app", async () => {
    const { source, dlqId, pending } = await account();
    const records = await readRecorded(messagingClient(source), { dlqIds: [dlqId], messageIds: [pending] });
    expect(source.requests.map((r) => r.method)).toEqual(["GET", "GET"]);
    expect(records[0]).toMatchObject({
      kind: "message",
      from: "dlq",
      dlqId,
      url: `${PROD}/hooks/order?x=1`,
      method: "PUT",
      body: '{"order":1}',
      retries: 1,
      callback: `${PROD}/cb`,
      labels: ["billing"],
      responseStatus: 500,
    });
    expect(records[1]).toMatchObject({
      kind: "message",
      from: "message",
      url: `${PROD}/hooks/later`,
      body: "later",
    });

    const target = await emulator({ retryBackoffScale: 0.0001 });
    const app = await recordingApp();
    const rules = {
      rewrite: parseRewriteRules([`${PROD}=${app.url}`], "--rewrite"),
      keepHeaders: new Set<string>(),
      names: NAMES,
    };
    const plans = records.map((record) => planReplay(record, rules));
    const result = await sendReplays(destination(target), plans, { ratePerSecond: 100, nonce: "t1" });
    expect(result.stopped).toBeUndefined();
    expect(result.outcomes.map((o) => [o.ok, o.url, o.withheld])).toEqual([
      [true, `${app.url}/hooks/order?x=1`, ["Authorization", "X-Partner"]],
      [true, `${app.url}/hooks/later`, []],
    ]);

    await until(() => app.received.filter((r) => r.url === "/cb").length === 1, "the callback");
    const order = app.received.find((r) => r.url === "/hooks/order?x=1");
    expect(order).toMatchObject({
      method: "PUT",
      body: '{"order":1}',
      headers: { "content-type": "application/json", "x-tenant": "acme" },
    });
    expect(order?.headers["authorization"]).toBeUndefined();
    expect(order?.headers["x-partner"]).toBeUndefined();
    expect(app.received.find((r) => r.url === "/hooks/later")?.body).toBe("later");
    // Nothing was written to the account.
    expect(source.requests.map((r) => r.method)).toEqual(["GET", "GET"]);
  });

  it("keeps a recorded retry count: a local app that still fails sends it to the emulator's DLQ after as many retries", async () => {
    const { source, dlqId } = await account();
    const [record] = await readRecorded(messagingClient(source), { dlqIds: [dlqId] });
    const target = await emulator({ retryBackoffScale: 0.0001 });
    target.failDestination({ destination: "http://localhost:3999/hooks/order", times: 10, status: 503 });
    const rules = {
      rewrite: parseRewriteRules([`${PROD}=http://localhost:3999`], "--rewrite"),
      keepHeaders: new Set(["x-partner"]),
      body: Buffer.from('{"order":2}'),
      names: NAMES,
    };
    await sendReplays(destination(target), [planReplay(record as ReplayRecord, rules)], {
      ratePerSecond: 1,
      nonce: "t2",
    });
    await until(() => target.state.dlq.length === 1, "the replayed message in the emulator's DLQ");
    const { message } = target.state.dlq[0] ?? { message: undefined };
    expect(message).toMatchObject({
      destination: "http://localhost:3999/hooks/order?x=1",
      method: "PUT",
      maxRetries: 1,
      retried: 1,
      labels: ["billing"],
      headers: { "content-type": "application/json", "x-tenant": "acme", "x-partner": PARTNER_KEY },
      callback: { url: "http://localhost:3999/cb" },
    });
    expect(Buffer.from(message?.body ?? "", "base64").toString()).toBe('{"order":2}');
  });

  it("exports the DLQ as records without secrets, and reads them back from a file", async () => {
    const { source } = await account();
    const lines: string[] = [];
    const records = recordedDlq(messagingClient(source), { filter: {} });
    for await (const record of records) lines.push(JSON.stringify(withholdRecordSecrets(record, new Set())));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/prod-app-secret|sk_live/);
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({ withheldHeaders: ["Authorization", "X-Partner"] });
    expect(source.requests.every((r) => r.method === "GET")).toBe(true);

    const file = join(tempFolder(), "dlq.ndjson");
    writeFileSync(file, `${lines[0]}\n\n${lines[0]}\n`);
    const read = [];
    for await (const { record, line } of replayFileRecords(file, "--from-file"))
      read.push([record.kind, line]);
    expect(read).toEqual([
      ["message", 1],
      ["message", 3],
    ]);
  });

  it.each([
    [
      "not JSON",
      '{"kind": "message", sk_live_secret}',
      /line 2 column 21: not JSON: expected a property name in double quotes$/,
    ],
    [
      "not a record",
      '{"kind": "letter"}',
      /line 2: kind: Invalid discriminator value\. Expected 'message' \| 'run'; a line is a record of stashkit dlq export/,
    ],
    ["a record without its URL", '{"kind": "message", "from": "dlq", "messageId": "m"}', /line 2: url: /],
  ])(
    "refuses a file line that is %s, naming the file and line, never its text",
    async (_what, bad, message) => {
      const file = join(tempFolder(), "bad.ndjson");
      writeFileSync(file, `{"kind":"run","workflowRunId":"wfr_1","url":"http://localhost/w"}\n${bad}\n`);
      const error = await caught(async () => {
        for await (const _ of replayFileRecords(file, "--from-file"));
      });
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.message).toMatch(new RegExp(`^--from-file: ${file.replaceAll(".", "\\.")} `));
      expect(error.message).toMatch(message);
      expect(error.message).not.toContain("sk_live");
    },
  );

  it("sends at most --rate records a second", async () => {
    const target = await emulator();
    const clock = capturedClock();
    const record = {
      kind: "message",
      from: "message",
      messageId: "m",
      url: "http://localhost:3999/x",
      headers: {},
      body: "b",
    } as const;
    const rules = { rewrite: [], keepHeaders: new Set<string>(), names: NAMES };
    const plan = planReplay(record, rules);
    const result = await sendReplays(destination(target), [plan, plan, plan], {
      ratePerSecond: 2,
      nonce: "t3",
      clock,
    });
    expect(result.outcomes.map((o) => o.ok)).toEqual([true, true, true]);
    expect(clock.waits).toEqual([500, 500]);
  });
});

describe("a replay that meets a refusal", () => {
  const rules = { rewrite: [], keepHeaders: new Set<string>(), names: NAMES };
  const message = (url: string) =>
    planReplay({ kind: "message", from: "message", messageId: url, url, headers: {}, body: "b" }, rules);

  it("reports a record the emulator refuses and sends the others", async () => {
    const target = await emulator();
    const app = await recordingApp();
    // The emulator never delivers under its own control path: a publish there answers 400.
    const plans = [message(`${app.url}/a`), message(`${app.url}/__stashkit/x`), message(`${app.url}/c`)];
    const result = await sendReplays(destination(target), plans, { ratePerSecond: 100, nonce: "t4" });
    expect(result.stopped).toBeUndefined();
    expect(result.outcomes.map((o) => [o.url.slice(app.url.length), o.ok])).toEqual([
      ["/a", true],
      ["/__stashkit/x", false],
      ["/c", true],
    ]);
    await until(() => app.received.length === 2, "the two others delivered");
  });

  it("stops when the emulator goes away, saying what was sent before", async () => {
    const target = await emulator();
    const client = new EmulatorClient({
      baseUrl: target.url,
      token: target.messagingToken,
      env: {},
      retry: { maxAttempts: 1 },
    });
    let firstSent = () => {};
    const first = new Promise<void>((resolve) => {
      firstSent = resolve;
    });
    const plans = async function* () {
      yield message("http://localhost:3999/a");
      await first;
      await target.stop();
      yield message("http://localhost:3999/b");
      yield message("http://localhost:3999/c");
    };
    const result = await sendReplays(client, plans(), {
      ratePerSecond: 1000,
      nonce: "t5",
      onProgress: (done) => done === 1 && firstSent(),
    });
    expect(result.outcomes.map((o) => [o.url, o.ok])).toEqual([["http://localhost:3999/a", true]]);
    expect(result.stopped?.name).toBe("ConnectionError");
  });
});

describe("the emulator replay sends into", () => {
  it("must be a stashkit emulator: another server is refused before anything is sent", async () => {
    const app = await recordingApp();
    const once = { retry: { maxAttempts: 1 }, env: {} };
    const other = new EmulatorClient({ baseUrl: app.url, token: "t", ...once });
    const names = { needsControl: false, name: "--to", controlTokenName: "--to-control-token" };
    // The recording app answers everything 200 "ok": not the emulator's health answer.
    const error = await caught(() => checkEmulator(other, names));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe(
      `--to ${app.url} is not a stashkit emulator (GET /__stashkit/health answered something else): replay sends only into an emulator`,
    );
    const target = await emulator();
    await checkEmulator(destination(target), { ...names, needsControl: true });
    const notFound = await emulator();
    const client = new EmulatorClient({ baseUrl: `${notFound.url}/prefix`, token: "t", ...once });
    const missing = await caught(() => checkEmulator(client, names));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing.message).toMatch(/is not a stashkit emulator \(GET \/__stashkit\/health answered 404\)/);
  });
});
