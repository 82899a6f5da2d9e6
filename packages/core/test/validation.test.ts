import { describe, expect, it } from "vitest";
import {
  ConfigurationError,
  ensureSearchIndex,
  ManagementClient,
  MessagingClient,
  resumeQueues,
} from "../src/index.ts";
import { caught, emulator, managementClient, messagingClient } from "./helpers.ts";

describe("base URL policy", () => {
  it.each([
    ["http://127.0.0.1:8787", true],
    ["http://127.8.9.10", true],
    ["http://localhost:3000/", true],
    ["http://[::1]:8080", true],
    ["https://qstash.upstash.io", true],
    ["https://qstash-us-east-1.upstash.io/", true],
    ["http://qstash.upstash.io", false],
    ["http://10.0.0.1", false],
    ["http://localhost.evil.com", false],
    // Node resolves these through DNS: not loopback whatever the name says.
    ["http://api.localhost:8787", false],
    ["http://x.localhost", false],
    ["http://localhost.", false],
    ["ftp://example.com", false],
    ["https://user:pass@example.com", false],
    ["https://example.com/?token=x", false],
    ["https://example.com/#frag", false],
    ["not a url", false],
    ["", false],
  ])("%j accepted: %s", (baseUrl, accepted) => {
    const build = () => new MessagingClient({ token: "t", baseUrl, env: {} });
    if (accepted) {
      expect(build().baseUrl).not.toMatch(/\/$/);
    } else {
      const error = (() => {
        try {
          build();
        } catch (e) {
          return e as ConfigurationError;
        }
        throw new Error("accepted");
      })();
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.input).toBe("baseUrl");
      expect(error.message).toMatch(/^baseUrl must/);
      expect(error.message).not.toContain("pass@");
    }
  });
});

describe("inputs are checked before anything is sent", () => {
  it.each([
    ["a queue name with a slash", (c: MessagingClient) => c.queues.resume("a/b"), "queueName"],
    ["a queue name with a space", (c: MessagingClient) => c.queues.get("a b"), "queueName"],
    ["a unicode queue name", (c: MessagingClient) => c.queues.pause("naïve"), "queueName"],
    ["an empty queue name", (c: MessagingClient) => c.queues.delete(""), "queueName"],
    ["an upsert with a bad name", (c: MessagingClient) => c.queues.upsert({ queueName: "x y" }), "queueName"],
    [
      "several queues, one bad",
      (c: MessagingClient) => resumeQueues(c, { names: ["ok", "not ok"] }),
      "queue name",
    ],
  ])("refuses %s", async (_case, call, input) => {
    const server = await emulator();
    const error = await caught(() => call(messagingClient(server)));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).input).toBe(input);
    expect(error.message).toMatch(/may contain only letters, digits, "-", "." and "_"/);
    expect(server.requests).toEqual([]);
  });

  it.each([
    ["an empty index name", { name: "", region: "eu-west-1" }, "name", /name must not be empty/],
    ["a whitespace index name", { name: "  ", region: "eu-west-1" }, "name", /name must not be empty/],
    ["a name with surrounding spaces", { name: " a ", region: "eu-west-1" }, "name", /whitespace/],
    [
      "an unknown region",
      { name: "a", region: "mars" },
      "region",
      /region must be one of eu-west-1, us-central1; got "mars"/,
    ],
    [
      "an unknown type",
      { name: "a", region: "eu-west-1", type: "gold" },
      "type",
      /type must be one of free, payg, fixed/,
    ],
    [
      "an unknown onMismatch",
      { name: "a", region: "eu-west-1", onMismatch: "ignore" },
      "onMismatch",
      /fail, warn/,
    ],
  ])("refuses %s", async (_case, input, name, message) => {
    const server = await emulator();
    const error = await caught(() => ensureSearchIndex(managementClient(server), input as never));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).input).toBe(name);
    expect(error.message).toMatch(message);
    expect(server.requests).toEqual([]);
  });

  it("refuses an empty id", async () => {
    const server = await emulator();
    const error = await caught(() => managementClient(server).searchIndexes.get(" "));
    expect((error as ConfigurationError).input).toBe("id");
  });

  it.each([
    ["an empty token", () => new MessagingClient({ token: " ", env: {} }), "token", /QSTASH_TOKEN/],
    [
      "an empty email",
      () => new ManagementClient({ email: "", apiKey: "k", env: {} }),
      "email",
      /UPSTASH_EMAIL/,
    ],
    [
      "an empty API key",
      () => new ManagementClient({ email: "e", apiKey: "", env: {} }),
      "apiKey",
      /UPSTASH_API_KEY/,
    ],
    [
      "zero attempts",
      () => new MessagingClient({ token: "t", retry: { maxAttempts: 0 }, env: {} }),
      "retry.maxAttempts",
      /1 to 50/,
    ],
    [
      "a fractional timeout",
      () => new MessagingClient({ token: "t", attemptTimeoutMs: 1.5, env: {} }),
      "attemptTimeoutMs",
      /whole number/,
    ],
    [
      "a negative deadline",
      () => new MessagingClient({ token: "t", deadlineMs: -1, env: {} }),
      "deadlineMs",
      /whole number/,
    ],
  ])("refuses %s when the client is built", (_case, build, input, message) => {
    expect(build).toThrow(ConfigurationError);
    try {
      build();
    } catch (error) {
      expect((error as ConfigurationError).input).toBe(input);
      expect((error as Error).message).toMatch(message);
    }
  });
});
