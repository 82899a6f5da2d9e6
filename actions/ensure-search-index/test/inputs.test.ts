import { type GitHubContext, templateExpander } from "@stashkit/action-kit";
import { ConfigurationError, type EnsureResult, type SearchIndex } from "@stashkit/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readEnsureInputs } from "../src/inputs.ts";
import { ensureOutputs, secretOutputs } from "../src/outputs.ts";
import { ensureSummary } from "../src/report.ts";

const push: GitHubContext = {
  eventName: "push",
  sha: "abc1234def",
  ref: "refs/heads/main",
  runId: 7,
  repo: { owner: "o", repo: "r" },
  payload: {},
};
const step = { expandName: templateExpander(push), context: push };

function withInputs(inputs: Record<string, string>, env: Record<string, string> = {}) {
  for (const name of ["UPSTASH_EMAIL", "UPSTASH_API_KEY"]) vi.stubEnv(name, "");
  for (const [name, value] of Object.entries(inputs)) vi.stubEnv(`INPUT_${name.toUpperCase()}`, value);
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

const required = { name: "app-{branch}", region: "us-central1" };

describe("readEnsureInputs", () => {
  it("applies the defaults", () => {
    withInputs(required);
    const { protect, ...inputs } = readEnsureInputs(step);
    expect(inputs).toEqual({
      name: "app-main",
      region: "us-central1",
      type: "free",
      onMismatch: "fail",
      maskEndpoint: true,
      exportEnv: false,
      ephemeral: false,
      comment: undefined,
      seedRequested: false,
    });
    expect(protect.entries).toEqual([]);
  });

  it("reads every input", () => {
    withInputs({
      ...required,
      type: "payg",
      "on-mismatch": "warn",
      "mask-endpoint": "False",
      "export-env": "TRUE",
      ephemeral: "true",
    });
    expect(readEnsureInputs(step)).toMatchObject({
      type: "payg",
      onMismatch: "warn",
      maskEndpoint: false,
      exportEnv: true,
      ephemeral: true,
    });
  });

  it.each([
    [{ region: "" }, "region", "input region is required and was empty"],
    [{ type: "paid" }, "type", 'input type must be one of free, payg, fixed; got "paid"'],
    [{ "mask-endpoint": "1" }, "mask-endpoint", 'input mask-endpoint must be true or false; got "1"'],
    [
      { name: "pr-{pr}" },
      "name",
      "name uses {pr}, which has no value on a push event (it is set for pull_request and pull_request_target events and pull request comments)",
    ],
    [
      { comment: "true" },
      "comment",
      'input comment is true, but this run (event "push") is about no pull request: run the step on pull_request events, or leave comment off',
    ],
    [{ comment: "yes" }, "comment", 'input comment must be true or false; got "yes"'],
    [
      { protect: "prod-{nope}" },
      "protect",
      "protect uses the unknown placeholder {nope}; the placeholders are {pr}, {branch}, {sha}, {run_id}, {repo}",
    ],
  ])("refuses %j, naming %s", (override, input, message) => {
    withInputs({ ...required, ...override });
    let error: unknown;
    try {
      readEnsureInputs(step);
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
    expect(ensureSummary(result, true)).toContain("| n | id-1 | eu-west-1 | payg | \\(masked\\) | false |");
    expect(ensureSummary(result, false)).toContain("| brave-otter-12345-eu1 |");
    expect(ensureSummary(result, false)).toContain("> careful");
    expect(ensureSummary(result, false)).not.toContain("tok");
  });

  it("escapes server values in the warnings block: a newline cannot leave it, markup does not render", () => {
    const hostile = {
      ...result,
      warnings: ['index in region "eu\n\n## pwned\r![x](https://evil.example/t.png)"'],
    };
    const summary = ensureSummary(hostile, true);
    const block = summary.slice(summary.indexOf("> [!WARNING]"));
    expect(block.trimEnd().split("\n")).toEqual([
      "> [!WARNING]",
      '> index in region "eu  \\#\\# pwned \\!\\[x\\]\\(https://evil.example/t.png\\)"',
    ]);
  });
});
