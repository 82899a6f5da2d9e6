import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigurationError, ManagementClient, MessagingClient } from "../src/index.ts";
import { emulator } from "./helpers.ts";

afterEach(() => {
  vi.unstubAllEnvs();
});

/** What the thrown error says; fails the test when nothing was thrown. */
function configurationErrorOf(build: () => unknown): ConfigurationError {
  try {
    build();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error("expected a ConfigurationError");
}

describe("MessagingClient.fromEnv", () => {
  it("sends to QSTASH_URL with QSTASH_TOKEN, the variables the emulator prints", async () => {
    const server = await emulator();
    const client = MessagingClient.fromEnv({
      env: { QSTASH_URL: server.url, QSTASH_TOKEN: server.messagingToken },
    });
    await client.queues.upsert({ queueName: "from-env", parallelism: 1 });

    expect(client.baseUrl).toBe(server.url);
    expect(server.requests.map((r) => `${r.route} ${r.status}`)).toEqual(["POST /v2/queues 200"]);
    expect(server.state.queues["from-env"]).toBeDefined();
  });

  it("reads process.env when no env is given", async () => {
    const server = await emulator();
    vi.stubEnv("QSTASH_URL", server.url);
    vi.stubEnv("QSTASH_TOKEN", server.messagingToken);
    vi.stubEnv("HTTPS_PROXY", "");
    vi.stubEnv("HTTP_PROXY", "");

    expect(await MessagingClient.fromEnv().queues.list()).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("uses the hosted API when QSTASH_URL is unset or blank", () => {
    expect(MessagingClient.fromEnv({ env: { QSTASH_TOKEN: "t" } }).baseUrl).toBe("https://qstash.upstash.io");
    expect(MessagingClient.fromEnv({ env: { QSTASH_TOKEN: "t", QSTASH_URL: " " } }).baseUrl).toBe(
      "https://qstash.upstash.io",
    );
  });

  it("lets an explicit baseUrl win over QSTASH_URL", () => {
    const client = MessagingClient.fromEnv({
      env: { QSTASH_TOKEN: "t", QSTASH_URL: "https://qstash-us-east-1.upstash.io" },
      baseUrl: "http://127.0.0.1:9",
    });
    expect(client.baseUrl).toBe("http://127.0.0.1:9");
  });

  it.each([
    ["unset", {}],
    ["blank", { QSTASH_TOKEN: "  " }],
  ])("names QSTASH_TOKEN when it is %s, and sends nothing", async (_case, env) => {
    const server = await emulator();
    const error = configurationErrorOf(() =>
      MessagingClient.fromEnv({ env: { ...env, QSTASH_URL: server.url } }),
    );

    expect(error.input).toBe("QSTASH_TOKEN");
    expect(error.message).toMatch(/^QSTASH_TOKEN is not set: MessagingClient\.fromEnv\(\) reads/);
    expect(server.requests).toEqual([]);
  });

  it("names QSTASH_URL when its value is refused, without echoing it", () => {
    const error = configurationErrorOf(() =>
      MessagingClient.fromEnv({
        env: { QSTASH_TOKEN: "t", QSTASH_URL: "http://user:hunter2@qstash.example" },
      }),
    );
    expect(error.input).toBe("QSTASH_URL");
    expect(error.message).toMatch(/^QSTASH_URL must not contain user info/);
    expect(error.message).not.toContain("hunter2");
  });
});

describe("ManagementClient.fromEnv", () => {
  it("authenticates with UPSTASH_EMAIL and UPSTASH_API_KEY at the given baseUrl", async () => {
    const server = await emulator();
    const client = ManagementClient.fromEnv({
      env: { UPSTASH_EMAIL: server.account.email, UPSTASH_API_KEY: server.account.apiKey },
      baseUrl: server.url,
    });
    const created = await client.searchIndexes.create({
      name: "from-env",
      region: "eu-west-1",
      type: "free",
    });

    expect(await client.searchIndexes.list()).toEqual([created]);
    expect(server.requests.map((r) => `${r.route} ${r.status}`)).toEqual([
      "POST /v2/search 200",
      "GET /v2/search 200",
    ]);
  });

  it("sends to STASHKIT_BASE_URL, the variable the emulator prints beside the credentials", async () => {
    const server = await emulator();
    const client = ManagementClient.fromEnv({
      env: {
        UPSTASH_EMAIL: server.account.email,
        UPSTASH_API_KEY: server.account.apiKey,
        STASHKIT_BASE_URL: server.url,
      },
    });
    // Checked first: without the variable the client would send the credentials to the hosted API.
    expect(client.baseUrl).toBe(server.url);
    const created = await client.searchIndexes.create({
      name: "from-env-url",
      region: "eu-west-1",
      type: "free",
    });
    expect(await client.searchIndexes.list()).toEqual([created]);
  });

  it("uses https://api.upstash.com when STASHKIT_BASE_URL is unset or blank; QSTASH_URL is not its URL", () => {
    const env = { UPSTASH_EMAIL: "me@example.com", UPSTASH_API_KEY: "k", QSTASH_URL: "http://127.0.0.1:9" };
    expect(ManagementClient.fromEnv({ env }).baseUrl).toBe("https://api.upstash.com");
    expect(ManagementClient.fromEnv({ env: { ...env, STASHKIT_BASE_URL: " " } }).baseUrl).toBe(
      "https://api.upstash.com",
    );
  });

  it("lets an explicit baseUrl win over STASHKIT_BASE_URL", () => {
    const env = {
      UPSTASH_EMAIL: "me@example.com",
      UPSTASH_API_KEY: "k",
      STASHKIT_BASE_URL: "http://127.0.0.1:9",
    };
    expect(ManagementClient.fromEnv({ env, baseUrl: "https://api.example.com" }).baseUrl).toBe(
      "https://api.example.com",
    );
  });

  it("names STASHKIT_BASE_URL when its value is refused, without echoing it", () => {
    const error = configurationErrorOf(() =>
      ManagementClient.fromEnv({
        env: {
          UPSTASH_EMAIL: "me@example.com",
          UPSTASH_API_KEY: "k",
          STASHKIT_BASE_URL: "http://u:hunter2@x.io",
        },
      }),
    );
    expect(error.input).toBe("STASHKIT_BASE_URL");
    expect(error.message).not.toContain("hunter2");
  });

  it.each([
    [{ UPSTASH_EMAIL: "me@example.com" }, "UPSTASH_API_KEY", /^UPSTASH_API_KEY is not set: /],
    [{ UPSTASH_API_KEY: "secret-key-1" }, "UPSTASH_EMAIL", /^UPSTASH_EMAIL is not set: /],
    [{}, "UPSTASH_EMAIL", /^UPSTASH_EMAIL and UPSTASH_API_KEY are not set: /],
  ])("with %j names %s, and never a value", (env, input, message) => {
    const error = configurationErrorOf(() => ManagementClient.fromEnv({ env }));

    expect(error.input).toBe(input);
    expect(error.message).toMatch(message);
    expect(error.message).toContain("new ManagementClient({ … })");
    expect(error.message).not.toMatch(/me@example\.com|secret-key-1/);
  });
});
