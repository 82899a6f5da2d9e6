import { ConfigurationError } from "@stashkit/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readPauseInputs, readPostInputs, shouldResume } from "../src/inputs.ts";
import { resumeCommand } from "../src/post-report.ts";

function withInputs(inputs: Record<string, string>) {
  for (const [name, value] of Object.entries(inputs)) vi.stubEnv(`INPUT_${name.toUpperCase()}`, value);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("readPauseInputs", () => {
  it("reads every list and applies the defaults", () => {
    withInputs({
      "queue-name": "a, b",
      "schedule-id": "s1",
      "schedule-label": "deploy\nbatch",
      "flow-control-key": "k",
    });
    expect(readPauseInputs()).toEqual({
      targets: {
        queues: ["a", "b"],
        schedules: { ids: ["s1"], labels: ["deploy", "batch"], destinationPrefixes: [] },
        flowControlKeys: ["k"],
      },
      ifMissing: "fail",
      resumeAfterJob: "never",
    });
  });

  it("reads destination-prefix like the CLI's --destination-prefix", () => {
    withInputs({ "queue-name": "", "destination-prefix": "https://a.example/hooks/, https://b.example/" });
    expect(readPauseInputs().targets.schedules.destinationPrefixes).toEqual([
      "https://a.example/hooks/",
      "https://b.example/",
    ]);
  });

  it("takes skip, the older spelling, as warn with a deprecation warning", () => {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      withInputs({ "queue-name": "orders", "if-missing": "skip" });
      expect(readPauseInputs().ifMissing).toBe("warn");
      expect(out).toHaveBeenCalledWith(
        "::warning::input if-missing skip is deprecated and will be removed; use warn, which does the same\n",
      );
    } finally {
      out.mockRestore();
    }
  });

  it.each([
    [{ "queue-name": "" }, "queue-name", /nothing to pause/],
    [
      { "resume-after-job": "later" },
      "resume-after-job",
      /must be one of never, success, always; got "later"/,
    ],
    [{ "if-missing": "maybe" }, "if-missing", /must be one of fail, warn, ignore; got "maybe"/],
    [{ "schedule-id": "a b" }, "schedule-id", /schedule-id "a b" is invalid/],
    [{ "flow-control-key": "pay\tments" }, "flow-control-key", /flow-control-key "pay\\tments" is invalid/],
  ])("refuses %j, naming %s", (override, input, message) => {
    withInputs({ "queue-name": "orders", ...override });
    expect(readPauseInputs).toThrow(message);
    try {
      readPauseInputs();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).input).toBe(input);
    }
  });
});

describe("the post step's decision", () => {
  it.each([
    ["never", "success", false],
    ["always", "failure", true],
    ["always", "cancelled", true],
    ["success", "success", true],
    ["success", "failure", false],
    ["success", "cancelled", false],
    ["success", "", false],
  ])("resume-after-job %s with job status %j resumes: %s", (resumeAfterJob, jobStatus, expected) => {
    withInputs({ "resume-after-job": resumeAfterJob, "job-status": jobStatus });
    expect(shouldResume(readPostInputs())).toBe(expected);
  });
});

it("gives one shell line that resumes each target at its own path", () => {
  expect(
    resumeCommand(
      [
        { kind: "queue", name: "orders" },
        { kind: "flow-control-key", name: "pay:ments" },
      ],
      () => "https://qstash.example",
    ),
  ).toBe(
    'curl -fsS -X POST -H "Authorization: Bearer $QSTASH_TOKEN" https://qstash.example/v2/queues/orders/resume && curl -fsS -X POST -H "Authorization: Bearer $QSTASH_TOKEN" https://qstash.example/v2/flowControl/pay%3Aments/resume',
  );
});

it("sends each region's target to its region's URL with its region's token variable", () => {
  const urls = { EU_CENTRAL_1: "https://eu.example", US_EAST_1: "https://us.example" };
  expect(
    resumeCommand(
      [
        { kind: "queue", name: "orders", region: "US_EAST_1" },
        { kind: "queue", name: "orders", region: "EU_CENTRAL_1" },
      ],
      (region) => (region === undefined ? "" : urls[region]),
    ),
  ).toBe(
    'curl -fsS -X POST -H "Authorization: Bearer $US_EAST_1_QSTASH_TOKEN" https://us.example/v2/queues/orders/resume && curl -fsS -X POST -H "Authorization: Bearer $EU_CENTRAL_1_QSTASH_TOKEN" https://eu.example/v2/queues/orders/resume',
  );
});
