import { describe, expect, it } from "vitest";
import { control, emulator, management, messaging, searchIndexSchema } from "./helpers.ts";

const body = { name: "idx", region: "eu-west-1", type: "free" };

describe("fault injection", () => {
  it("answers scripted statuses in order, with their headers, then behaves normally", async () => {
    const server = await emulator();
    server.inject(
      "GET /v2/search",
      { kind: "status", status: 503 },
      { kind: "status", status: 429, headers: { "retry-after": "2", "burst-ratelimit-reset": "1700000000" } },
    );
    const api = management(server);

    const first = await api.list();
    expect(first.status).toBe(503);
    const second = await api.list();
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("2");
    expect(second.headers.get("burst-ratelimit-reset")).toBe("1700000000");
    expect((await api.list()).status).toBe(200);
    expect(server.pendingFaults()).toEqual({});
  });

  it("only affects the route it names", async () => {
    const server = await emulator();
    server.inject("POST /v2/queues/:name/resume", { kind: "status", status: 500 });
    const api = messaging(server);
    await api.upsert({ queueName: "q", parallelism: 1 });
    expect((await api.get("q")).status).toBe(200);
    expect((await api.resume("q")).status).toBe(500);
    expect((await api.resume("q")).status).toBe(200);
  });

  it("serves an HTML error page", async () => {
    const server = await emulator();
    server.inject("GET /v2/search", { kind: "html" });
    const answer = await management(server).list();
    expect(answer.status).toBe(502);
    expect(answer.headers.get("content-type")).toBe("text/html");
    expect(answer.text).toMatch(/^<!DOCTYPE html>/);
  });

  it("serves malformed JSON with the real status", async () => {
    const server = await emulator();
    server.inject("POST /v2/search", { kind: "malformed-json" });
    const answer = await management(server).create(body);
    expect(answer.status).toBe(200);
    expect(() => JSON.parse(answer.text)).toThrow(SyntaxError);
  });

  it("removes fields from a real answer, in each element of a list", async () => {
    const server = await emulator();
    const api = management(server);
    await api.create(body);
    server.inject("GET /v2/search", { kind: "missing-fields", fields: ["token", "endpoint"] });
    const [index] = (await api.list()).json as Record<string, unknown>[];
    expect(index).toBeDefined();
    expect(index).not.toHaveProperty("token");
    expect(index).not.toHaveProperty("endpoint");
    expect(index).toHaveProperty("id");
  });

  it("adds unknown fields to a real answer", async () => {
    const server = await emulator();
    server.inject("POST /v2/search", { kind: "extra-fields", fields: { shiny_new_field: { nested: true } } });
    const answer = await management(server).create(body);
    expect(answer.json).toMatchObject({ name: "idx", shiny_new_field: { nested: true } });
    expect(searchIndexSchema.safeParse(answer.json).success).toBe(false); // strict schema sees the extra field
  });

  it("resets the connection before handling: nothing is created", async () => {
    const server = await emulator();
    server.inject("POST /v2/search", { kind: "reset" });
    await expect(management(server).create(body)).rejects.toThrow(TypeError);
    expect(server.state.indexes).toHaveLength(0);
    expect(server.requests.at(-1)).toMatchObject({ route: "POST /v2/search", status: "reset" });
  });

  it("resets the connection after handling: the index exists though the client saw a failure", async () => {
    const server = await emulator();
    server.inject("POST /v2/search", { kind: "reset", phase: "after" });
    await expect(management(server).create(body)).rejects.toThrow(TypeError);
    expect(server.state.indexes.map((e) => e.index.name)).toEqual(["idx"]);
  });

  it("answers 503 after handling: an ambiguous failure", async () => {
    const server = await emulator();
    server.inject("POST /v2/search", { kind: "status", status: 503, phase: "after" });
    expect((await management(server).create(body)).status).toBe(503);
    expect(server.state.indexes).toHaveLength(1);
  });

  it("hangs without answering until the client gives up", async () => {
    const server = await emulator();
    server.inject("GET /v2/queues", { kind: "hang" });
    const hung = fetch(`${server.url}/v2/queues`, {
      headers: { authorization: `Bearer ${server.messagingToken}` },
      signal: AbortSignal.timeout(300),
    });
    await expect(hung).rejects.toThrow(/aborted|timeout/i);
    expect(server.requests.at(-1)?.status).toBe("hang");
  });

  it("delays create between the name check and the insert when asked (the race window)", async () => {
    const server = await emulator({ duplicateNames: "reject" });
    const api = management(server);
    // Long enough that all three requests pass the name check before the first inserts, even
    // on a loaded machine; the test's own length is the only cost.
    server.settings.createDelayMs = 1_500;
    const racing = await Promise.all([api.create(body), api.create(body), api.create(body)]);
    expect(racing.every((a) => a.status === 200)).toBe(true);
    server.settings.createDelayMs = 0;
    expect((await api.create(body)).status).toBe(409);
  });
});

describe("request log", () => {
  it("records method, path, route and status, with credentials and query strings redacted", async () => {
    const server = await emulator();
    await management(server).list();
    await fetch(`${server.url}/v2/queues?qstash_token=${server.messagingToken}`);
    await messaging(server, "wrong").list();
    await fetch(`${server.url}/v2/nothing-here`);

    expect(server.requests.map(({ at: _at, ...entry }) => entry)).toEqual([
      {
        method: "GET",
        path: "/v2/search",
        route: "GET /v2/search",
        status: 200,
        authorization: "Basic [redacted]",
      },
      {
        method: "GET",
        path: "/v2/queues",
        route: "GET /v2/queues",
        status: 200,
        authorization: "qstash_token [redacted]",
      },
      {
        method: "GET",
        path: "/v2/queues",
        route: "GET /v2/queues",
        status: 401,
        authorization: "Bearer [redacted]",
      },
      { method: "GET", path: "/v2/nothing-here", route: null, status: 404, authorization: "none" },
    ]);
    const logged = JSON.stringify(server.requests);
    expect(logged).not.toContain(server.messagingToken);
    expect(logged).not.toContain(server.account.apiKey);
  });
});

describe("control API over HTTP", () => {
  it("scripts faults, reads the request log and settings, and is never logged itself", async () => {
    const server = await emulator();
    const ctl = control(server);
    const scripted = await ctl.post("/faults", {
      route: "GET /v2/search",
      faults: ["503", "429:retry-after=1"],
    });
    expect(scripted.json).toEqual({ "GET /v2/search": 2 });

    const api = management(server);
    expect((await api.list()).status).toBe(503);
    const limited = await api.list();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("1");

    const log = await ctl.get("/requests");
    expect((log.json as { status: number }[]).map((e) => e.status)).toEqual([503, 429]);
    await ctl.remove("/requests");
    expect(server.requests).toEqual([]);
  });

  it("changes settings at run time and refuses unknown ones", async () => {
    const server = await emulator();
    const ctl = control(server);
    const changed = await ctl.patch("/settings", { duplicateNames: "reject", createDelayMs: 5 });
    expect(changed.json).toMatchObject({ duplicateNames: "reject", createDelayMs: 5 });
    expect(server.settings.duplicateNames).toBe("reject");
    expect((await ctl.patch("/settings", { nonsense: 1 })).status).toBe(400);
  });

  it("resets state, faults and the log", async () => {
    const server = await emulator();
    await management(server).create(body);
    await messaging(server).upsert({ queueName: "q", parallelism: 1 });
    server.inject("GET /v2/search", { kind: "status", status: 500 });
    await control(server).post("/reset", {});
    // Everything but the signing keys, which apps under test were configured with.
    const { signingKeys, ...rest } = server.state;
    expect(rest).toEqual({
      queues: {},
      indexes: [],
      messages: [],
      dlq: [],
      schedules: {},
      flowControl: {},
      deduplication: {},
      searchDocuments: {},
      workflowRuns: {},
      workflowWaiters: [],
      workflowEvents: [],
      messageEvents: [],
      urlGroups: {},
    });
    expect(signingKeys).toEqual(server.signingKeys);
    expect(server.pendingFaults()).toEqual({});
    expect((await management(server).list()).json).toEqual([]);
    expect((await messaging(server).upsert({ queueName: "q2", parallelism: 1 })).status).toBe(200);
    expect(Object.keys(server.state.queues)).toEqual(["q2"]);
  });

  it("refuses a fault spec it does not know", async () => {
    const server = await emulator();
    const answer = await control(server).post("/faults", { route: "GET /v2/search", faults: ["teapot"] });
    expect(answer.status).toBe(400);
    expect(String((answer.json as { error: string }).error)).toMatch(/unknown fault "teapot"/);
    expect(server.pendingFaults()).toEqual({});
  });
});
