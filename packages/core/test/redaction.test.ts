import { describe, expect, it } from "vitest";
import { ensureSearchIndex, Redactor, type StashkitError } from "../src/index.ts";
import { maskSecretText } from "../src/transport/redactor.ts";
import {
  capturedClock,
  caught,
  createQueue,
  emulator,
  emulatorSecrets,
  managementClient,
  messagingClient,
  recordingLogger,
} from "./helpers.ts";

/** Everything an error could show: its message, stack, string form and JSON form. */
function surfaces(error: Error): string {
  return [
    error.message,
    error.stack ?? "",
    String(error),
    JSON.stringify(error),
    JSON.stringify({ ...error }),
  ].join("\n");
}

describe("secrets never leak", () => {
  it("from any kind of error, even when the API echoes them back", async () => {
    const server = await emulator();
    const secrets = emulatorSecrets(server);
    await createQueue(server, "q");
    // A process holding both credentials shares one redactor, so each client masks the other's too.
    const redactor = new Redactor();
    managementClient(server, { redactor });
    const logger = recordingLogger();
    const echo = `you sent ${secrets.join(" and ")}`;
    const scenarios: [string, () => Promise<unknown>][] = [
      [
        "status with echo",
        async () => {
          server.inject("POST /v2/queues/:name/resume", {
            kind: "status",
            status: 400,
            body: { error: echo },
          });
          return messagingClient(server, { logger, redactor }).queues.resume("q");
        },
      ],
      [
        "retried 503s with echo",
        async () => {
          server.inject(
            "GET /v2/search",
            ...Array.from({ length: 3 }, () => ({ kind: "status" as const, status: 503, body: echo })),
          );
          return managementClient(server, {
            redactor,
            logger,
            clock: capturedClock(),
            retry: { maxAttempts: 3 },
          }).searchIndexes.list();
        },
      ],
      [
        "rate limit past the deadline",
        async () => {
          server.inject("GET /v2/search", {
            kind: "status",
            status: 429,
            headers: { "retry-after": "50" },
            body: echo,
          });
          return managementClient(server, { logger, redactor, deadlineMs: 1000 }).searchIndexes.list();
        },
      ],
      [
        "html page",
        async () => {
          server.inject("GET /v2/search", { kind: "html", status: 401 });
          return managementClient(server, { logger, redactor }).searchIndexes.list();
        },
      ],
      [
        "validation",
        async () => {
          server.inject("GET /v2/search", {
            kind: "status",
            status: 200,
            body: [{ token: secrets[0], note: echo }],
          });
          return managementClient(server, {
            logger,
            redactor,
            retry: { maxAttempts: 1 },
          }).searchIndexes.list();
        },
      ],
      [
        "connection reset",
        async () => {
          server.inject("GET /v2/queues", { kind: "reset" });
          return messagingClient(server, { logger, redactor, retry: { maxAttempts: 1 } }).queues.list();
        },
      ],
      [
        "attempt timeout",
        async () => {
          server.inject("GET /v2/queues", { kind: "hang" });
          return messagingClient(server, {
            redactor,
            logger,
            attemptTimeoutMs: 50,
            retry: { maxAttempts: 1 },
          }).queues.list();
        },
      ],
      [
        "deadline",
        async () => {
          server.inject("GET /v2/queues", { kind: "hang" });
          return messagingClient(server, { logger, redactor, deadlineMs: 50 }).queues.list();
        },
      ],
      [
        "aborted",
        () => messagingClient(server, { logger, redactor }).queues.list({ signal: AbortSignal.abort() }),
      ],
      [
        "refused",
        () =>
          messagingClient(server, {
            redactor,
            logger,
            baseUrl: "http://127.0.0.1:1",
            retry: { maxAttempts: 1 },
          }).queues.list(),
      ],
      [
        "not found with echo",
        async () => {
          server.inject("GET /v2/queues/:name", { kind: "status", status: 404, body: { error: echo } });
          return messagingClient(server, { logger, redactor }).queues.get("q");
        },
      ],
      [
        "unexpected status with echo",
        async () => {
          server.inject("GET /v2/search", { kind: "status", status: 418, body: { message: echo } });
          return managementClient(server, { logger, redactor }).searchIndexes.list();
        },
      ],
      [
        "authentication",
        () =>
          managementClient(server, {
            logger,
            redactor,
            apiKey: `${server.account.apiKey}-wrong`,
          }).searchIndexes.list(),
      ],
      [
        "configuration",
        async () =>
          messagingClient(server, { logger, redactor, baseUrl: `https://user:${secrets[0]}@example.com` }),
      ],
      [
        "mismatch",
        async () => {
          await managementClient(server).searchIndexes.create({
            name: "m",
            region: "us-central1",
            type: "free",
          });
          return ensureSearchIndex(managementClient(server, { logger, redactor }), {
            name: "m",
            region: "eu-west-1",
          });
        },
      ],
    ];
    const kinds = new Set<string>();
    for (const [name, scenario] of scenarios) {
      const error = await caught(scenario);
      kinds.add(error.name);
      for (const secret of secrets) expect(surfaces(error), `${name} leaked a secret`).not.toContain(secret);
    }
    // These cover every error class but one (conflict, tested below).
    expect([...kinds].sort()).toEqual([
      "AbortedError",
      "AttemptTimeoutError",
      "AuthenticationError",
      "ConfigurationError",
      "ConnectionError",
      "DeadlineExceededError",
      "IndexMismatchError",
      "InvalidRequestError",
      "NotFoundError",
      "RateLimitedError",
      "ResponseValidationError",
      "ServerError",
      "UnexpectedStatusError",
    ]);
    const log = logger.lines.join("\n");
    expect(log).toContain("retrying");
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it("including the index tokens the client has received", async () => {
    const server = await emulator({ duplicateNames: "reject" });
    const client = managementClient(server);
    const index = await client.searchIndexes.create({ name: "a", region: "eu-west-1", type: "free" });
    server.inject("POST /v2/search", {
      kind: "status",
      status: 409,
      body: `conflict with token ${index.token} / ${index.read_only_token}`,
    });
    const error = (await caught(() =>
      client.searchIndexes.create({ name: "b", region: "eu-west-1", type: "free" }),
    )) as StashkitError;
    expect(error.name).toBe("ConflictError");
    expect(surfaces(error)).not.toContain(index.token);
    expect(surfaces(error)).not.toContain(index.read_only_token);
    expect(error.apiMessage).toBe("conflict with token *** / ***");
    expect(client.redact(`x ${index.token} y`)).toBe("x *** y");
  });

  it("and clients do not reveal credentials when printed", async () => {
    const server = await emulator();
    const clients = [messagingClient(server), managementClient(server)];
    for (const client of clients) {
      const printed = `${JSON.stringify(client)} ${String(client)} ${Object.keys(client).join()}`;
      for (const secret of emulatorSecrets(server)) expect(printed).not.toContain(secret);
    }
  });
});

describe("Redactor", () => {
  it("masks the longest secret first and URL-encoded forms too", () => {
    const redactor = new Redactor();
    redactor.add("abc", "abc+def/ghi=", "", undefined);
    expect(redactor.redact("abc+def/ghi= and abc%2Bdef%2Fghi%3D and abc")).toBe("*** and *** and ***");
  });

  it("masks token-like pairs in text that is not JSON", () => {
    expect(maskSecretText('{"token": "s3cr3t", "name": "x", api_key=k&x=1')).toBe(
      '{"token": "***", "name": "x", api_key=***&x=1',
    );
  });
});
