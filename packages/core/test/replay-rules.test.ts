import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../src/index.ts";
import {
  isLocalUrl,
  isSecretHeader,
  looksSecret,
  parseHeaderNames,
  parseRewriteRules,
  planReplay,
  type RecordedMessage,
  type RecordedRun,
  type ReplayRules,
  rewriteUrl,
  withholdRecordSecrets,
  withholdSecretHeaders,
} from "../src/internal.ts";

/** What `fn` throws (it must throw). */
function caught(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the call to throw");
}

const NAMES = { rewrite: "--rewrite", keepHeaders: "--keep-headers" };

describe("--rewrite rules", () => {
  const rules = parseRewriteRules(
    [
      "https://app.example.com=http://localhost:3000",
      "https://app.example.com/api/v2/=http://localhost:4000/v2",
    ],
    "--rewrite",
  );

  it("moves a URL under the longest matching base, keeping its path below it, query and fragment", () => {
    expect(rewriteUrl("https://app.example.com/hooks/a?x=1&y=%20#f", rules)).toBe(
      "http://localhost:3000/hooks/a?x=1&y=%20#f",
    );
    expect(rewriteUrl("https://app.example.com/api/v2/orders", rules)).toBe(
      "http://localhost:4000/v2/orders",
    );
    expect(rewriteUrl("https://app.example.com/api/v2", rules)).toBe("http://localhost:4000/v2");
    expect(rewriteUrl("https://app.example.com", rules)).toBe("http://localhost:3000/");
  });

  it("matches whole path segments and the exact origin only", () => {
    const api = parseRewriteRules(["https://app.example.com/api=http://localhost:3000"], "--rewrite");
    expect(rewriteUrl("https://app.example.com/apix", api)).toBeUndefined();
    expect(rewriteUrl("http://app.example.com/api", api)).toBeUndefined();
    expect(rewriteUrl("https://app.example.com:8443/api", api)).toBeUndefined();
    expect(rewriteUrl("https://APP.example.com/api/x", api)).toBe("http://localhost:3000/x");
  });

  it.each([
    [
      "no separator",
      "https://app.example.com",
      /must look like https:\/\/app\.example\.com=http:\/\/localhost:3000/,
    ],
    ["an empty side", "https://app.example.com=", /must look like/],
    ["not a URL", "app=http://localhost:3000", /from is not a URL/],
    ["another scheme", "ftp://app=http://localhost:3000", /from must be an http\(s\) URL/],
    ["a query", "https://app/?x=1=http://localhost:3000", /base URL: no query/],
    [
      "credentials",
      "https://app=http://u:p@localhost:3000",
      /to is a base URL: no query, fragment or credentials/,
    ],
  ])("refuses %s, naming the flag", (_what, value, message) => {
    const error = caught(() => parseRewriteRules([value], "--rewrite"));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).input).toBe("--rewrite");
    expect((error as Error).message).toMatch(message);
  });

  it("refuses the same base twice, whichever way it is spelled", () => {
    const twice = ["https://app.example.com/=http://a:1", "https://app.example.com=http://b:2"];
    expect((caught(() => parseRewriteRules(twice, "--rewrite")) as Error).message).toMatch(/rewritten twice/);
  });

  it("knows this machine's URLs", () => {
    for (const url of [
      "http://localhost:3000/x",
      "http://127.0.0.2/",
      "http://[::1]:80/",
      "http://app.localhost/",
    ])
      expect(isLocalUrl(url)).toBe(true);
    for (const url of [
      "https://app.example.com/",
      "http://10.0.0.1/",
      "http://localhost.example.com/",
      "nope",
    ])
      expect(isLocalUrl(url)).toBe(false);
  });
});

describe("secret headers", () => {
  it.each([
    ["Authorization", "anything"],
    ["Proxy-Authorization", "x"],
    ["Cookie", "a=b"],
    ["X-Api-Key", "short"],
    ["X-Auth-Token", "abc"],
    ["Upstash-Forward-X-Client-Secret", "v"],
    ["X-Session", "v"],
    ["X-Partner", "Bearer abc"],
    ["X-Partner", "sk_live_abcdefgh12345678"],
    ["X-Partner", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4eXoxMjMifQ.c2ln"],
    ["X-Callback", "https://user:pa55@hooks.example.com/x"],
    ["X-Opaque", "Q2x1ZXMgYXJlIGhlcmUgMTIzNDU2Nzg5MA"],
  ])("%s: %s is a secret", (name, value) => {
    expect(isSecretHeader(name, value)).toBe(true);
  });

  it.each([
    ["Content-Type", "application/json"],
    ["X-Tenant", "acme"],
    ["X-Request-Time", "2026-01-01T00:00:00.000Z"],
    ["Accept-Language", "en-GB,en;q=0.9"],
    ["Upstash-Workflow-Sdk-Version", "1"],
    ["Upstash-Telemetry-Sdk", "@upstash/workflow@v0.2.22"],
    ["X-Count", "1717171717171717171717"],
  ])("%s: %s is not", (name, value) => {
    expect(isSecretHeader(name, value)).toBe(false);
  });

  it("leaves out the secrets but those named, and says which by name", () => {
    const headers = { Authorization: "Bearer s3cr3t", "X-Tenant": "acme", Cookie: "sid=1" };
    expect(withholdSecretHeaders(headers, new Set())).toEqual({
      headers: { "X-Tenant": "acme" },
      withheld: ["Authorization", "Cookie"],
    });
    expect(withholdSecretHeaders(headers, parseHeaderNames(["authorization"], "--keep-headers"))).toEqual({
      headers: { Authorization: "Bearer s3cr3t", "X-Tenant": "acme" },
      withheld: ["Cookie"],
    });
    expect(looksSecret("plain words here")).toBe(false);
  });

  it("reads --keep-headers lists, commas included, and refuses a name HTTP does not allow", () => {
    expect([...parseHeaderNames(["Authorization, X-Key", "cookie"], "--keep-headers")]).toEqual([
      "authorization",
      "x-key",
      "cookie",
    ]);
    const error = caught(() => parseHeaderNames(["X Key"], "--keep-headers")) as ConfigurationError;
    expect(error.input).toBe("--keep-headers");
    expect(error.message).toMatch(/"X Key" is not a header name/);
  });
});

describe("planning a replay", () => {
  const record: RecordedMessage = {
    kind: "message",
    from: "dlq",
    dlqId: "dlq-1",
    messageId: "msg-1",
    url: "https://app.example.com/hooks/order?x=1",
    method: "PUT",
    headers: { "Content-Type": "application/json", "X-Tenant": "acme", Authorization: "Bearer prod" },
    body: '{"order":1}',
    retries: 2,
    retryDelay: "1000 * retried",
    callback: "https://app.example.com/cb",
    failureCallback: "https://other.example.com/failed",
    queue: "orders",
    labels: ["billing", "eu"],
    flowControl: { key: "tenant-acme", parallelism: 2, period: 60 },
  };
  const rules: ReplayRules = {
    rewrite: parseRewriteRules(
      ["https://app.example.com=http://localhost:3000", "https://other.example.com=http://localhost:4000"],
      "--rewrite",
    ),
    keepHeaders: new Set(),
    names: NAMES,
  };

  it("publishes as recorded: method, headers forwarded, retries, callbacks rewritten, labels, queue, flow control", () => {
    const plan = planReplay(record, rules);
    expect(plan).toMatchObject({ kind: "message", label: "DLQ message dlq-1", withheld: ["Authorization"] });
    if (plan.kind !== "message") throw new Error("a message");
    expect(plan.message.url).toBe("http://localhost:3000/hooks/order?x=1");
    expect(plan.message.queue).toBe("orders");
    expect(Buffer.from(plan.message.body).toString()).toBe('{"order":1}');
    expect(plan.message.headers).toEqual({
      "Content-Type": "application/json",
      "Upstash-Forward-X-Tenant": "acme",
      "Upstash-Method": "PUT",
      "Upstash-Retries": "2",
      "Upstash-Retry-Delay": "1000 * retried",
      "Upstash-Callback": "http://localhost:3000/cb",
      "Upstash-Failure-Callback": "http://localhost:4000/failed",
      "Upstash-Label": "billing,eu",
      "Upstash-Flow-Control-Key": "tenant-acme",
      "Upstash-Flow-Control-Value": "parallelism=2, period=60s",
    });
  });

  it("replaces the body with --body-file's bytes and keeps a secret --keep-headers names", () => {
    const plan = planReplay(record, {
      ...rules,
      body: Buffer.from([0xff, 0x00]),
      keepHeaders: new Set(["authorization"]),
    });
    if (plan.kind !== "message") throw new Error("a message");
    expect([...plan.message.body]).toEqual([0xff, 0x00]);
    expect(plan.message.headers["Upstash-Forward-Authorization"]).toBe("Bearer prod");
    expect(plan.withheld).toEqual([]);
  });

  it("refuses a destination or callback that would reach beyond this machine, naming --rewrite", () => {
    const none = { ...rules, rewrite: [] };
    const error = caught(() => planReplay(record, none, "dlq.ndjson line 3")) as ConfigurationError;
    expect(error.input).toBe("--rewrite");
    expect(error.message).toBe(
      "dlq.ndjson line 3 (DLQ message dlq-1) goes to https://app.example.com/hooks/order, which no --rewrite maps to this machine: add --rewrite https://app.example.com=http://localhost:3000 (or map it to itself to deliver there)",
    );
    const onlyApp = {
      ...rules,
      rewrite: parseRewriteRules(["https://app.example.com=http://localhost:3000"], "--rewrite"),
    };
    expect((caught(() => planReplay(record, onlyApp)) as Error).message).toMatch(
      /^DLQ message dlq-1's failure callback goes to https:\/\/other\.example\.com\/failed/,
    );
    const local = {
      ...record,
      url: "http://localhost:3000/x",
      callback: undefined,
      failureCallback: undefined,
    };
    expect(planReplay(local, none)).toMatchObject({ message: { url: "http://localhost:3000/x" } });
  });

  it("refuses a header HTTP cannot carry, without quoting its value", () => {
    const hostile = { ...record, headers: { "X-Note": "a\r\nX-Injected: 1" } };
    const error = caught(() => planReplay(hostile, rules)) as ConfigurationError;
    expect(error.message).toBe('DLQ message dlq-1: header "X-Note" cannot be sent over HTTP');
  });

  it("leaves out the secrets a failed callback's body repeats: the source message's headers and the answer's", () => {
    const callback = {
      status: 500,
      header: { "Set-Cookie": ["sid=abc"], "Content-Type": ["text/plain"] },
      sourceMessageId: "msg-0",
      sourceHeader: { Authorization: ["Bearer prod"], "X-Tenant": ["acme"] },
      sourceBody: "e30=",
    };
    const failed = { ...record, callback: undefined, body: JSON.stringify(callback) };
    const cleaned = withholdRecordSecrets(failed, new Set());
    expect(cleaned.withheldHeaders).toEqual([
      "Authorization",
      "header.Set-Cookie",
      "sourceHeader.Authorization",
    ]);
    expect(JSON.parse(cleaned.body ?? "")).toEqual({
      ...callback,
      header: { "Content-Type": ["text/plain"] },
      sourceHeader: { "X-Tenant": ["acme"] },
    });
    const plan = planReplay(failed, rules);
    if (plan.kind !== "message") throw new Error("a message");
    expect(Buffer.from(plan.message.body).toString()).not.toContain("Bearer prod");
    expect(withholdRecordSecrets({ ...record, body: '{"sourceMessageId": broken' }, new Set()).body).toBe(
      '{"sourceMessageId": broken',
    );
  });

  it("writes a record without its secrets, their names kept", () => {
    expect(withholdRecordSecrets(record, new Set())).toMatchObject({
      headers: { "Content-Type": "application/json", "X-Tenant": "acme" },
      withheldHeaders: ["Authorization"],
    });
  });
});

describe("planning a run's replay", () => {
  const run: RecordedRun = {
    kind: "run",
    workflowRunId: "wfr_1",
    url: "https://app.example.com/api/workflow",
    state: "RUN_FAILED",
    payload: '{"order":7}',
    steps: [{ stepId: 1, stepName: "prepare", stepType: "Run", out: '"ok"', concurrent: 1 }],
    next: {
      messageId: "msg_2",
      headers: { "Upstash-Workflow-Sdk-Version": "1", Authorization: "Bearer prod" },
      body: '{"stepId":2}',
      trigger: false,
      retries: 3,
    },
  };
  const rules: ReplayRules = {
    rewrite: parseRewriteRules(["https://app.example.com=http://localhost:3000"], "--rewrite"),
    keepHeaders: new Set(),
    names: NAMES,
  };
  const base64 = (text: string) => Buffer.from(text).toString("base64");

  it("imports the steps done and delivers the one it stopped at, secrets left out", () => {
    const plan = planReplay(run, { ...rules, body: Buffer.from('{"order":8}') });
    expect(plan).toMatchObject({ kind: "run", label: "workflow run wfr_1", withheld: ["Authorization"] });
    if (plan.kind !== "run") throw new Error("a run");
    expect(plan.run).toEqual({
      workflowRunId: "wfr_1",
      url: "http://localhost:3000/api/workflow",
      payload: base64('{"order":8}'),
      steps: run.steps,
      next: { body: base64('{"stepId":2}'), headers: { "Upstash-Workflow-Sdk-Version": "1" } },
      retries: 3,
    });
  });

  it("starts a run that stopped at its first delivery from its payload, with that delivery's headers", () => {
    const first = {
      ...run,
      steps: [],
      next: { ...run.next, trigger: true, body: '{"order":7}' },
    } as RecordedRun;
    const plan = planReplay(first, rules);
    if (plan.kind !== "run") throw new Error("a run");
    expect(plan.run).toMatchObject({ steps: [], headers: { "Upstash-Workflow-Sdk-Version": "1" } });
    expect(plan.run.next).toBeUndefined();
    const { next: _, ...succeeded } = run;
    const fresh = planReplay({ ...succeeded, state: "RUN_SUCCESS", steps: [] }, rules);
    expect(fresh).toMatchObject({ run: { steps: [], headers: {} }, withheld: [] });
  });

  it("refuses a run whose URL no rule moves to this machine", () => {
    expect(caught(() => planReplay(run, { ...rules, rewrite: [] })).message).toMatch(
      /^workflow run wfr_1 goes to https:\/\/app\.example\.com\/api\/workflow, which no --rewrite maps/,
    );
  });
});
