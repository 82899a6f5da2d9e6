import { ConfigurationError, NotFoundError, type QueueOutcome, ServerError } from "@stashkit/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readResumeInputs } from "../src/inputs.ts";
import { outcomeError, resumedNames, resumeSummary } from "../src/outcomes.ts";

function withInputs(inputs: Record<string, string>, env: Record<string, string> = {}) {
  for (const name of ["QSTASH_TOKEN", "QSTASH_URL"]) vi.stubEnv(name, "");
  for (const [name, value] of Object.entries(inputs)) vi.stubEnv(`INPUT_${name.toUpperCase()}`, value);
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("readResumeInputs", () => {
  it("applies the defaults and splits names on newlines and commas, once each", () => {
    withInputs({ "queue-name": " a,b\n\na , c,", token: "t" });
    expect(readResumeInputs()).toEqual({
      queueNames: ["a", "b", "c"],
      ifMissing: "fail",
      maskEndpoint: true,
    });
  });

  it.each([
    [{ "queue-name": "" }, "queue-name", /input queue-name is required/],
    [{ "queue-name": "ok,not/ok" }, "queue-name", /queue-name "not\/ok" is invalid/],
    [{ "mask-endpoint": "yes" }, "mask-endpoint", /input mask-endpoint must be true or false; got "yes"/],
    [{ "if-missing": "warn" }, "if-missing", /input if-missing must be one of fail, skip; got "warn"/],
  ])("refuses %j, naming %s", (override, input, message) => {
    withInputs({ "queue-name": "a", token: "t", ...override });
    expect(readResumeInputs).toThrow(ConfigurationError);
    expect(readResumeInputs).toThrow(message);
    try {
      readResumeInputs();
    } catch (error) {
      expect((error as ConfigurationError).input).toBe(input);
    }
  });
});

describe("outcomes", () => {
  const failure = new ServerError("resume queue c: POST /v2/queues/c/resume answered 500", { status: 500 });
  const outcomes: QueueOutcome[] = [
    { name: "a", outcome: "resumed", paused: false, lag: 3 },
    { name: "b", outcome: "missing" },
    { name: "c", outcome: "failed", error: failure },
  ];

  it("lists the resumed queues", () => {
    expect(resumedNames(outcomes)).toEqual(["a"]);
  });

  it("fails with the first failure before anything about missing queues", () => {
    expect(outcomeError(outcomes, "skip")).toBe(failure);
    expect(outcomeError(outcomes.slice(0, 2), "fail")).toBeInstanceOf(NotFoundError);
    expect(outcomeError(outcomes.slice(0, 2), "skip")).toBeUndefined();
  });

  it("summarises each queue in a row", () => {
    const summary = resumeSummary(outcomes);
    expect(summary).toContain("### Queues resumed: 1 of 3");
    expect(summary).toContain("| a | resumed | false | 3 |");
    expect(summary).toContain("| b | not found |  |  |");
    expect(summary).toContain("| c | failed: ServerError 500 |  |  |");
  });
});
