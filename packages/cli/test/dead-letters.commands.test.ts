import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { RunningEmulator } from "@stashkit/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiEnv, type CliRun, createQueue, credentialForms, emulatorFor, runCli, secrets } from "./cli.ts";

const s = secrets();
let emulator: RunningEmulator;
let failing: ReturnType<typeof createServer>;
let down: string;
const runs: CliRun[] = [];

beforeAll(async () => {
  emulator = await emulatorFor(s);
  // A destination that answers 500: a message with no retries lands in the DLQ at once.
  failing = createServer((_req, res) => res.writeHead(500).end("down"));
  await new Promise<void>((resolve) => failing.listen(0, "127.0.0.1", resolve));
  down = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await emulator.stop();
  await new Promise<void>((resolve) => failing.close(() => resolve()));
});

async function stashkit(...args: string[]): Promise<CliRun> {
  const run = await runCli(args, apiEnv(emulator, s));
  runs.push(run);
  return run;
}

async function send(path: string, headers: Record<string, string>) {
  const response = await fetch(`${emulator.url}${path}`, {
    method: "POST",
    body: "hello",
    headers: { authorization: `Bearer ${s.token}`, ...headers },
  });
  expect(response.ok).toBe(true);
}

async function until(condition: () => boolean) {
  for (let n = 0; n < 600 && !condition(); n++) await sleep(50);
  expect(condition()).toBe(true);
}

describe("queues messages", () => {
  it("lists what waits in a paused queue, by label, in text and json; a missing queue exits 1", async () => {
    await createQueue(emulator, s, "orders", true);
    await send("/v2/enqueue/orders/https://example.com/hook", { "upstash-label": "billing" });
    await send("/v2/enqueue/orders/https://example.com/hook", { "upstash-label": "::error::hostile" });
    const text = await stashkit("queues", "messages", "orders");
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(
      /^msg_\S+ {2}CREATED {2}\S+Z {2}https:\/\/example\.com\/hook {2}label billing$/m,
    );
    expect(text.stdout).toContain("orders: 2 messages waiting (paused).");
    expect(text.stdout.split("\n").some((line) => line.startsWith("::"))).toBe(false);
    const json = JSON.parse(
      (await stashkit("queues", "messages", "orders", "--label", "billing", "--format", "json")).stdout,
    );
    expect(json).toMatchObject({
      queue: "orders",
      paused: true,
      messages: [{ state: "CREATED", label: "billing" }],
    });
    expect(json.messages).toHaveLength(1);
    const missing = await stashkit("queues", "messages", "nowhere");
    expect(missing.code).toBe(1);
  });
});

describe("dlq list, retry and delete", () => {
  it("lists by --queue, --label and --url; --dry-run changes nothing; delete and retry act on what they list", async () => {
    await send(`/v2/publish/${down}/a`, { "upstash-retries": "0", "upstash-label": "billing" });
    await send(`/v2/enqueue/jobs/${down}/b`, { "upstash-retries": "0", "upstash-label": "billing" });
    await send(`/v2/publish/${down}/c`, { "upstash-retries": "0", "upstash-label": "mail" });
    await until(() => emulator.state.dlq.length === 3);

    const byQueue = JSON.parse((await stashkit("dlq", "list", "--queue", "jobs", "--format", "json")).stdout);
    expect(byQueue.messages.map((m: { url: string }) => m.url)).toEqual([`${down}/b`]);
    const listed = await stashkit("dlq", "list", "--label", "billing");
    expect(listed.stdout).toContain("2 messages in the DLQ.");

    const dry = await stashkit("dlq", "delete", "--url", `${down}/c`, "--dry-run");
    expect(dry.stdout).toMatch(/^\S+ {2}http:\/\/127\.0\.0\.1:\d+\/c {2}label mail {2}status 500 {2}\S+Z$/m);
    expect(dry.stdout).toContain("1 message would be deleted.");
    expect(emulator.state.dlq).toHaveLength(3);
    const deleted = await stashkit("dlq", "delete", "--url", `${down}/c`, "--format", "dotenv");
    expect(deleted.stdout).toContain("STASHKIT_DLQ_COUNT=1\n");
    expect(emulator.state.dlq).toHaveLength(2);

    const retried = await stashkit("dlq", "retry", "--label", "billing");
    expect(retried.code, retried.stderr).toBe(0);
    expect(retried.stdout).toContain("2 messages retried.");
  });

  it("says why a message got no answer (a refused connection), never `status none`", async () => {
    // A port that was free a moment ago: nothing listens there now.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await send(`/v2/publish/http://127.0.0.1:${port}/refused`, {
      "upstash-retries": "0",
      "upstash-label": "refused",
    });
    await until(() => emulator.state.dlq.some((entry) => entry.message.destination.endsWith("/refused")));

    const listed = await stashkit("dlq", "list", "--label", "refused");
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).not.toContain("status none");
    expect(listed.stdout).toMatch(
      new RegExp(
        `^\\S+ {2}http://127\\.0\\.0\\.1:${port}/refused {2}label refused {2}no answer: could not connect to 127\\.0\\.0\\.1:${port}: the connection was refused: .+ \\(ECONNREFUSED\\) {2}\\S+Z$`,
        "m",
      ),
    );
    const json = JSON.parse((await stashkit("dlq", "list", "--label", "refused", "--format", "json")).stdout);
    expect(json.messages[0]).toMatchObject({
      responseStatus: null,
      deliveryError: expect.stringContaining("ECONNREFUSED"),
    });
  });

  it("says where and why the messaging API itself cannot be reached", async () => {
    const run = await runCli(
      ["dlq", "list", "--max-attempts", "1", "--url", "https://app.example/hook?secret=q1"],
      {
        ...apiEnv(emulator, s),
        QSTASH_URL: "https://stashkit-test.invalid",
      },
    );
    runs.push(run);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^error: stashkit dlq list: list the DLQ: GET \/v2\/dlq could not connect to stashkit-test\.invalid: the host name (does not resolve \(DNS\): check the URL's host \(ENOTFOUND\)|could not be resolved just now \(DNS lookup failed\) \(EAI_AGAIN\))\n$/,
    );
    expect(run.stderr).not.toContain("secret=q1");
  });

  it("deletes by a --url holding a comma exactly that message, not the one its first part names", async () => {
    await send(`/v2/publish/${down}/hook?ids=1`, { "upstash-retries": "0" });
    await send(`/v2/publish/${down}/hook?ids=1,2`, { "upstash-retries": "0" });
    const hooks = () =>
      emulator.state.dlq.filter((entry) => entry.message.destination.startsWith(`${down}/hook`));
    await until(() => hooks().length === 2);
    const deleted = await stashkit("dlq", "delete", "--url", `${down}/hook?ids=1,2`);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toContain("1 message deleted.");
    expect(hooks().map((entry) => entry.message.destination)).toEqual([`${down}/hook?ids=1`]);
  });

  it("leaves alone, and names, what a listing holds that the filters do not select", async () => {
    // A messaging API that lists every entry whatever the filter, and records what it is asked.
    const asked: string[] = [];
    const entries = [
      { dlqId: "dlq-a", messageId: "m1", url: "https://example.com/hook?ids=1" },
      { dlqId: "dlq-b", messageId: "m2", url: "https://example.com/hook?ids=1,2" },
    ];
    const api = createServer((req, res) => {
      asked.push(`${req.method} ${decodeURIComponent(req.url ?? "")}`);
      const body = req.method === "GET" ? { messages: entries } : {};
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
      const run = await runCli(
        ["dlq", "delete", "--url", "https://example.com/hook?ids=1,2"],
        apiEnv(emulator, s, { QSTASH_URL: url }),
      );
      runs.push(run);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("1 message deleted.");
      expect(run.stderr).toContain(
        "the DLQ listing held 1 message the filters do not select, left alone: dlq-a",
      );
      expect(asked.at(-1)).toBe("DELETE /v2/dlq?dlqIds=dlq-b");
    } finally {
      await new Promise<void>((resolve) => api.close(() => resolve()));
    }
  });

  it("exits 2 with nothing sent without a filter or --all, or with a bad filter", async () => {
    for (const [args, message] of [
      [["dlq", "delete"], "say which DLQ messages: --label, --url or --queue, or --all for every one"],
      [["dlq", "retry", "--all", "--label", "x"], "give filters or --all, not both"],
      [["dlq", "list", "--url", "ftp://x"], '--url must be an http(s) URL; got "ftp://x"'],
      [["dlq", "list", "--queue", "a b"], '--queue "a b" is invalid'],
    ] as const) {
      const before = emulator.requests.length;
      const run = await stashkit(...args);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(message);
      expect(emulator.requests.length).toBe(before);
    }
  });
});

it("lists every flag of every new command in its --help", async () => {
  const commands = [
    ["queues", "messages", ["--label", "--url", "--all", "--format", "--token"]],
    ["dlq", "list", ["--label", "--url", "--queue", "--format"]],
    ["dlq", "retry", ["--label", "--url", "--queue", "--all", "--dry-run"]],
    ["dlq", "delete", ["--label", "--url", "--queue", "--all", "--dry-run"]],
    ["search", "export", ["--name", "--index", "--output-file", "--allow-empty", "--pr"]],
    [
      "search",
      "ensure",
      [
        "--seed-file",
        "--seed-index",
        "--clone-from",
        "--clone-index",
        "--seed-when",
        "--wait-until-indexed",
        "--protect",
      ],
    ],
    ["search", "prune", ["--max-age", "--protect", "--name", "--dry-run"]],
    ["search", "seed", ["--protect"]],
    ["search", "clone", ["--protect"]],
    ["search", "delete", ["--protect"]],
  ] as const;
  for (const [group, name, flags] of commands) {
    const help = await runCli([group, name, "--help"], apiEnv(emulator, s));
    for (const flag of flags) expect(help.stdout, `${group} ${name}`).toContain(`${flag} `);
  }
});

it("prints no credential in any run", () => {
  for (const run of runs)
    for (const secret of credentialForms(s)) expect(`${run.stdout}${run.stderr}`).not.toContain(secret);
});
