import type { GitHubContext } from "@stashkit/action-kit";
import { ConfigurationError, type EnsureResult, type SearchIndex } from "@stashkit/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readEnsureInputs } from "../src/inputs.ts";
import { ensureOutputs, secretOutputs } from "../src/outputs.ts";
import { ensureSummary } from "../src/summary.ts";

const push: GitHubContext = {
  eventName: "push",
  sha: "abc1234def",
  ref: "refs/heads/main",
  runId: 7,
  repo: { owner: "o", repo: "r" },
  payload: {},
};

function withInputs(inputs: Record<string, string>, env: Record<string, string> = {}) {
  for (const name of ["UPSTASH_EMAIL", "UPSTASH_API_KEY"]) vi.stubEnv(name, "");
  for (const [name, value] of Object.entries(inputs)) vi.stubEnv(`INPUT_${name.toUpperCase()}`, value);
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

const required = { name: "app-{branch}", region: "us-central1", email: "me@x.io", "api-key": "key" };

describe("readEnsureInputs", () => {
  it("applies the defaults", () => {
    withInputs(required);
    expect(readEnsureInputs(push)).toEqual({
      name: "app-main",
      region: "us-central1",
      type: "free",
      email: "me@x.io",
      apiKey: "key",
      baseUrl: "https://api.upstash.com",
      onMismatch: "fail",
      maskEndpoint: true,
      exportEnv: false,
      ephemeral: false,
      maxAttempts: 5,
      timeoutSeconds: 120,
    });
  });

  it("reads every input", () => {
    withInputs({
      ...required,
      type: "payg",
      "base-url": "http://127.0.0.1:9",
      "on-mismatch": "warn",
      "mask-endpoint": "False",
      "export-env": "TRUE",
      "max-attempts": "2",
      "timeout-seconds": "30",
    });
    expect(readEnsureInputs(push)).toMatchObject({
      type: "payg",
      baseUrl: "http://127.0.0.1:9",
      onMismatch: "warn",
      maskEndpoint: false,
      exportEnv: true,
      maxAttempts: 2,
      timeoutSeconds: 30,
    });
  });

  it("falls back to UPSTASH_EMAIL and UPSTASH_API_KEY", () => {
    withInputs({ name: "n", region: "eu-west-1" }, { UPSTASH_EMAIL: "env@x.io", UPSTASH_API_KEY: "env-key" });
    expect(readEnsureInputs(push)).toMatchObject({ email: "env@x.io", apiKey: "env-key" });
  });

  it.each([
    [{ region: "" }, "region", "input region is required and was empty"],
    [{ type: "paid" }, "type", 'input type must be one of free, payg, fixed; got "paid"'],
    [
      { "max-attempts": "21" },
      "max-attempts",
      'input max-attempts must be a whole number from 1 to 20; got "21"',
    ],
    [
      { "timeout-seconds": "0" },
      "timeout-seconds",
      'input timeout-seconds must be a whole number from 1 to 3600; got "0"',
    ],
    [{ "mask-endpoint": "1" }, "mask-endpoint", 'input mask-endpoint must be true or false; got "1"'],
    [{ "base-url": "https://api.example.com#x" }, "base-url", "base-url must not contain a fragment (#…)"],
    [{ "api-key": "" }, "api-key", "input api-key is empty and UPSTASH_API_KEY is not set"],
    [{ email: "" }, "email", "input email is empty and UPSTASH_EMAIL is not set"],
  ])("refuses %j, naming %s", (override, input, message) => {
    withInputs({ ...required, ...override });
    let error: unknown;
    try {
      readEnsureInputs(push);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).input).toBe(input);
    expect((error as Error).message).toBe(message);
  });
});

describe("outputs and summary", () => {
  const index = {
    id: "id-1",
    name: "n",
    endpoint: "brave-otter-12345-eu1",
    token: "tok",
    read_only_token: "ro",
    region: "eu-west-1",
    type: "payg",
  } as SearchIndex;
  const result: EnsureResult = {
    index,
    created: false,
    mismatches: [],
    duplicates: [],
    warnings: ["careful"],
    createRequests: 0,
  };

  it("maps the result to the nine outputs", () => {
    expect(ensureOutputs(result)).toEqual({
      id: "id-1",
      name: "n",
      region: "eu-west-1",
      type: "payg",
      endpoint: "brave-otter-12345-eu1",
      "rest-url": "https://brave-otter-12345-eu1-search.upstash.io",
      token: "tok",
      "read-only-token": "ro",
      created: "false",
    });
  });

  it("masks the tokens always and the endpoint unless asked not to", () => {
    const outputs = ensureOutputs(result);
    expect(secretOutputs(outputs, false)).toEqual(["tok", "ro"]);
    expect(secretOutputs(outputs, true)).toEqual([
      "tok",
      "ro",
      "brave-otter-12345-eu1",
      "https://brave-otter-12345-eu1-search.upstash.io",
    ]);
  });

  it("writes a summary without tokens, hiding a masked endpoint", () => {
    expect(ensureSummary(result, true)).toContain("| n | id-1 | eu-west-1 | payg | (masked) | false |");
    expect(ensureSummary(result, false)).toContain("| brave-otter-12345-eu1 |");
    expect(ensureSummary(result, false)).toContain("> careful");
    expect(ensureSummary(result, false)).not.toContain("tok");
  });
});
