import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../src/index.ts";
import {
  clientLimits,
  ensureResultFields,
  IF_MISSING,
  parseIfMissing,
  readTargetSelection,
  STEP_LIMITS,
} from "../src/internal.ts";

// The rules the CLI and the actions both follow: one surface's words and checks are the other's.
describe("the rules the CLI and the actions share", () => {
  it("if-missing: fail, warn, ignore; skip is warn with a deprecation note; the same for an input and a flag", () => {
    for (const mode of IF_MISSING) {
      expect(parseIfMissing(mode, "if-missing")).toEqual({ mode });
      expect(parseIfMissing(mode, "--if-missing")).toEqual({ mode });
    }
    expect(parseIfMissing("", "if-missing")).toEqual({ mode: "fail" });
    expect(parseIfMissing("skip", "--if-missing")).toEqual({
      mode: "warn",
      deprecation: "--if-missing skip is deprecated and will be removed; use warn, which does the same",
    });
    expect(() => parseIfMissing("maybe", "if-missing", "input if-missing")).toThrow(
      'input if-missing must be one of fail, warn, ignore; got "maybe"',
    );
  });

  it("targets: the same lists give the same selection from inputs and from flags", () => {
    const lists = {
      queues: ["orders, emails", "orders"],
      scheduleIds: ["s1\ns2"],
      destinationPrefixes: ["https://a.example/"],
    };
    const fromInputs = readTargetSelection({ lists }, "input", "pause");
    expect(readTargetSelection({ lists }, "flag", "pause")).toEqual(fromInputs);
    expect(fromInputs).toEqual({
      queues: ["orders", "emails"],
      schedules: { ids: ["s1", "s2"], labels: [], destinationPrefixes: ["https://a.example/"] },
      flowControlKeys: [],
    });
  });

  it("targets: a bad value names the input or the flag it came from", () => {
    const lists = { destinationPrefixes: ["two words"] };
    for (const [surface, name] of [
      ["input", "destination-prefix"],
      ["flag", "--destination-prefix"],
    ] as const) {
      try {
        readTargetSelection({ lists }, surface, "resume");
        expect.unreachable();
      } catch (error) {
        expect((error as ConfigurationError).input).toBe(name);
      }
    }
  });

  it("targets: only-if-paused-by alone, and its JSON read first", () => {
    const paused = '[{"kind":"queue","name":"orders"}]';
    expect(readTargetSelection({ lists: {}, onlyIfPausedBy: paused }, "flag", "resume").queues).toEqual([
      "orders",
    ]);
    expect(() =>
      readTargetSelection({ lists: { queues: ["a"] }, onlyIfPausedBy: paused }, "input", "resume"),
    ).toThrow("only-if-paused-by resumes exactly what a pause reported; give it alone");
    expect(() =>
      readTargetSelection({ lists: { queues: ["a"] }, onlyIfPausedBy: "x" }, "input", "resume"),
    ).toThrow("only-if-paused-by must be JSON");
    expect(() => readTargetSelection({ lists: {} }, "input", "pause")).toThrow(ConfigurationError);
  });

  it("limits: each attempt gets its share of the time limit, 1 s to 30 s", () => {
    const defaults = {
      timeoutSeconds: STEP_LIMITS.timeoutSeconds.default,
      maxAttempts: STEP_LIMITS.maxAttempts.default,
    };
    expect(clientLimits(defaults)).toEqual({ retry: { maxAttempts: 5 }, attemptTimeoutMs: 24_000 });
    expect(clientLimits({ timeoutSeconds: 600, maxAttempts: 5 }).attemptTimeoutMs).toBe(30_000);
    expect(clientLimits({ timeoutSeconds: 2, maxAttempts: 5 }).attemptTimeoutMs).toBe(1_000);
  });

  it("ensure's result fields: one name for each output and environment variable, tokens marked secret", () => {
    const fields = ensureResultFields({
      index: {
        id: "i",
        name: "n",
        region: "eu-west-1",
        type: "free",
        endpoint: "e-1",
        token: "t",
        read_only_token: "r",
      },
      created: true,
      mismatches: [],
      duplicates: [],
      warnings: [],
      createRequests: 1,
    });
    expect(fields.map((f) => f.output)).toEqual([
      "id",
      "name",
      "region",
      "type",
      "endpoint",
      "rest-url",
      "token",
      "read-only-token",
      "created",
    ]);
    expect(fields.filter((f) => f.sensitivity === "secret").map((f) => f.value)).toEqual(["t", "r"]);
  });
});
