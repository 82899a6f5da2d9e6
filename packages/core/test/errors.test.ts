import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  ManagementClient,
  ResponseValidationError,
  StashkitError,
  UnexpectedStatusError,
  VERSION,
} from "../src/index.ts";
import { capturedClock, caught, emulator, managementClient, messagingClient } from "./helpers.ts";

describe("error messages", () => {
  it("carry operation, method, path, status and the API's own message", async () => {
    const server = await emulator();
    const error = await caught(() => messagingClient(server).queues.resume("ghost"));
    expect(error).toBeInstanceOf(StashkitError);
    expect(error.name).toBe("NotFoundError");
    expect(error.message).toBe(
      'resume queue ghost: POST /v2/queues/ghost/resume answered 404: queue "ghost" not found',
    );
    expect(error).toMatchObject({
      status: 404,
      method: "POST",
      path: "/v2/queues/ghost/resume",
      apiMessage: 'queue "ghost" not found',
    });
  });

  it.each(["text", "json-string", "error-object", "message-object"] as const)(
    "read the management API's message when it answers in the %s style",
    async (style) => {
      const server = await emulator({ managementErrorStyle: style });
      const error = await caught(() =>
        managementClient(server).searchIndexes.get("00000000-0000-4000-8000-000000000000"),
      );
      expect((error as StashkitError).apiMessage).toBe("search index not found");
    },
  );

  it("reduce an HTML error page to its title", async () => {
    const server = await emulator();
    server.inject("GET /v2/search", { kind: "html", status: 418 });
    const error = await caught(() => managementClient(server).searchIndexes.list());
    expect(error).toBeInstanceOf(UnexpectedStatusError);
    expect((error as StashkitError).apiMessage).toBe("HTML error page: 502 Bad Gateway");
  });

  it("cut a long API message to 300 characters and keep it on one line", async () => {
    const server = await emulator();
    server.inject("GET /v2/search", { kind: "status", status: 400, body: `bad\n${"x".repeat(1000)}` });
    const error = (await caught(() => managementClient(server).searchIndexes.list())) as StashkitError;
    expect(error.apiMessage).toHaveLength(300);
    expect(error.apiMessage).toMatch(/^bad x+…$/);
  });

  it("carry the request id when the server sends one", async () => {
    const server = await emulator();
    server.inject("GET /v2/search", { kind: "status", status: 400, headers: { "x-request-id": "req-123" } });
    const error = (await caught(() => managementClient(server).searchIndexes.list())) as StashkitError;
    expect(error.requestId).toBe("req-123");
    expect(error.message).toMatch(/\(request id req-123\)$/);
  });

  it("never contain the query string or headers", async () => {
    const server = await emulator();
    const error = await caught(() => messagingClient(server, { token: "wrong-token" }).queues.list());
    expect(error.name).toBe("AuthenticationError");
    expect(error.message).toBe("list queues: GET /v2/queues answered 401: Unauthorized: invalid token");
  });
});

describe("response validation", () => {
  it("names the missing field the product needs", async () => {
    const server = await emulator();
    await managementClient(server).searchIndexes.create({ name: "a", region: "eu-west-1", type: "free" });
    server.inject("GET /v2/search", { kind: "missing-fields", fields: ["endpoint"] });
    const client = managementClient(server, { retry: { maxAttempts: 1 } });
    const error = (await caught(() => client.searchIndexes.list())) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues[0]?.path).toEqual([0, "endpoint"]);
    expect(error.message).toMatch(
      /list search indexes: GET \/v2\/search answered 200 with an unexpected body \(0\.endpoint: /,
    );
  });

  it("retries a GET whose body could not be read, and succeeds", async () => {
    const server = await emulator();
    await managementClient(server).searchIndexes.create({ name: "a", region: "eu-west-1", type: "free" });
    server.inject(
      "GET /v2/search",
      { kind: "malformed-json" },
      { kind: "missing-fields", fields: ["token"] },
    );
    const clock = capturedClock();
    const indexes = await managementClient(server, { clock }).searchIndexes.list();
    expect(indexes.map((i) => i.name)).toEqual(["a"]);
    expect(clock.waits).toHaveLength(2);
  });

  it("never repeats a create whose answer could not be read, and names the id it did read", async () => {
    const server = await emulator();
    server.inject("POST /v2/search", { kind: "missing-fields", fields: ["token"] });
    const error = (await caught(() =>
      managementClient(server).searchIndexes.create({ name: "a", region: "eu-west-1", type: "free" }),
    )) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.resourceId).toBe(server.state.indexes[0]?.index.id);
    expect(server.requests.filter((r) => r.route === "POST /v2/search")).toHaveLength(1);
  });

  it("masks token fields in the body excerpt", async () => {
    const server = await emulator();
    server.inject("POST /v2/search", { kind: "missing-fields", fields: ["id"] });
    const error = (await caught(() =>
      managementClient(server).searchIndexes.create({ name: "a", region: "eu-west-1", type: "free" }),
    )) as ResponseValidationError;
    const { token, read_only_token } = server.state.indexes[0]?.index ?? { token: "?", read_only_token: "?" };
    expect(error.bodyExcerpt).toContain('"token":"***"');
    expect(JSON.stringify(error)).not.toContain(token);
    expect(JSON.stringify(error)).not.toContain(read_only_token);
  });

  it("reports malformed JSON and HTML pages as validation errors", async () => {
    const server = await emulator();
    server.inject("GET /v2/search", { kind: "malformed-json" }, { kind: "html", status: 200 });
    const client = managementClient(server, { retry: { maxAttempts: 1 } });
    const malformed = await caught(() => client.searchIndexes.list());
    expect(malformed).toBeInstanceOf(ResponseValidationError);
    expect(malformed.message).toMatch(/answered 200 with a body that is not JSON/);
    const html = await caught(() => client.searchIndexes.list());
    expect(html.message).toMatch(/answered 200 with an HTML page/);
  });

  it("lets unknown fields through and reads the plan 'paid' as 'payg'", async () => {
    const server = await emulator();
    await managementClient(server).searchIndexes.create({ name: "a", region: "eu-west-1", type: "payg" });
    server.inject("GET /v2/search", { kind: "extra-fields", fields: { type: "paid", brand_new: 1 } });
    const [index] = await managementClient(server).searchIndexes.list();
    expect(index?.type).toBe("payg");
    expect(index?.["brand_new"]).toBe(1);
  });

  it("tolerates absent fields the product does not use", async () => {
    const server = await emulator();
    await managementClient(server).searchIndexes.create({ name: "a", region: "eu-west-1", type: "free" });
    server.inject("GET /v2/search", {
      kind: "missing-fields",
      fields: ["creation_time", "customer_id", "max_vector_count"],
    });
    const [index] = await managementClient(server).searchIndexes.list();
    expect(index?.creation_time).toBeUndefined();
    expect(index?.name).toBe("a");
  });
});

describe("resources", () => {
  it("cover every queue call", async () => {
    const server = await emulator();
    const queues = messagingClient(server).queues;
    await queues.upsert({ queueName: "q", parallelism: 3 });
    await queues.pause("q");
    expect(await queues.get("q")).toMatchObject({ name: "q", paused: true, parallelism: 3, lag: 0 });
    expect((await queues.list()).map((q) => q.name)).toEqual(["q"]);
    await queues.delete("q");
    expect(await queues.list()).toEqual([]);
  });

  it("cover every search index call", async () => {
    const server = await emulator();
    const indexes = managementClient(server).searchIndexes;
    const created = await indexes.create({ name: "a", region: "us-central1", type: "fixed" });
    expect((await indexes.get(created.id)).id).toBe(created.id);
    await indexes.delete(created.id);
    expect(await indexes.list()).toEqual([]);
  });

  it("strip a trailing slash from the base URL and keep a path prefix", async () => {
    const server = await emulator();
    expect(managementClient(server, { baseUrl: `${server.url}/` }).baseUrl).toBe(server.url);
    expect(messagingClient(server, { baseUrl: `${server.url}/` }).baseUrl).toBe(server.url);
    const prefixed = managementClient(server, { baseUrl: `${server.url}/proxy/`, clock: capturedClock() });
    await caught(() => prefixed.searchIndexes.list());
    expect(server.requests.at(-1)?.path).toBe("/proxy/v2/search");
  });

  it("accepts the official default hosts", () => {
    const client = new ManagementClient({ email: "a@b.c", apiKey: "k", env: {} });
    expect(client.baseUrl).toBe("https://api.upstash.com");
  });
});

describe("version", () => {
  it("matches package.json", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    expect(VERSION).toBe(pkg.version);
  });
});
