import { ConfigurationError, type ResumeOutcome, ServerError } from "@stashkit/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readResumeInputs } from "../src/inputs.ts";
import { resumedNames, resumeSummary } from "../src/outcomes.ts";

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
      targets: {
        queues: ["a", "b", "c"],
        schedules: { ids: [], labels: [], destinationPrefixes: [] },
        flowControlKeys: [],
      },
      ifMissing: "fail",
      maskEndpoint: true,
    });
  });

  it("takes exactly what a pause step paused from only-if-paused-by", () => {
    withInputs({
      "only-if-paused-by":
        '[{"kind":"queue","name":"a"},{"kind":"schedule","name":"s1"},{"kind":"flow-control-key","name":"k"}]',
    });
    expect(readResumeInputs().targets).toEqual({
      queues: ["a"],
      schedules: { ids: ["s1"], labels: [], destinationPrefixes: [] },
      flowControlKeys: ["k"],
    });
  });

  it("reads destination-prefix like the CLI's --destination-prefix", () => {
    withInputs({ "destination-prefix": "https://a.example/hooks/\nhttps://b.example/", token: "t" });
    expect(readResumeInputs().targets.schedules).toEqual({
      ids: [],
      labels: [],
      destinationPrefixes: ["https://a.example/hooks/", "https://b.example/"],
    });
  });

  it("takes warn and ignore, and skip as warn with a deprecation warning", () => {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      for (const mode of ["fail", "warn", "ignore"]) {
        withInputs({ "queue-name": "a", "if-missing": mode });
        expect(readResumeInputs().ifMissing).toBe(mode);
      }
      expect(out).not.toHaveBeenCalled();
      withInputs({ "queue-name": "a", "if-missing": "skip" });
      expect(readResumeInputs().ifMissing).toBe("warn");
      expect(out).toHaveBeenCalledWith(
        "::warning::input if-missing skip is deprecated and will be removed; use warn, which does the same\n",
      );
    } finally {
      out.mockRestore();
    }
  });

  it.each([
    [
      { "queue-name": "" },
      "queue-name",
      /nothing to resume: give at least one of queue-name, schedule-id, schedule-label, destination-prefix, flow-control-key \(or only-if-paused-by\)/,
    ],
    [{ "queue-name": "ok,not/ok" }, "queue-name", /queue-name "not\/ok" is invalid/],
    [{ "mask-endpoint": "yes" }, "mask-endpoint", /input mask-endpoint must be true or false; got "yes"/],
    [
      { "if-missing": "maybe" },
      "if-missing",
      /input if-missing must be one of fail, warn, ignore; got "maybe"/,
    ],
    [{ "schedule-label": "two words" }, "schedule-label", /schedule-label "two words" is invalid/],
    [{ "only-if-paused-by": "orders" }, "only-if-paused-by", /only-if-paused-by must be JSON/],
    [
      { "queue-name": "", "only-if-paused-by": '[{"kind":"topic","name":"x"}]' },
      "only-if-paused-by",
      /kind one of queue, schedule, flow-control-key/,
    ],
    [
      { "only-if-paused-by": "[]" },
      "only-if-paused-by",
      /give it alone, without queue-name, schedule-id, schedule-label, destination-prefix, flow-control-key/,
    ],
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
  const outcomes: ResumeOutcome[] = [
    { kind: "queue", name: "a", outcome: "resumed", paused: false, lag: 3 },
    { kind: "queue", name: "b", outcome: "missing", by: "name" },
    { kind: "queue", name: "c", outcome: "failed", error: failure },
  ];

  it("lists the resumed queues", () => {
    expect(resumedNames(outcomes)).toEqual(["a"]);
  });

  it("summarises each queue in a row", () => {
    const summary = resumeSummary(outcomes);
    expect(summary).toContain("### Resumed: 1 of 3");
    expect(summary).toContain("| queue | a | resumed | false | 3 |");
    expect(summary).toContain("| queue | b | not found |  |  |");
    expect(summary).toContain("| queue | c | failed: ServerError 500 |  |  |");
  });
});
