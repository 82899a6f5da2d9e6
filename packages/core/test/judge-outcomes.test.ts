import { describe, expect, it } from "vitest";
import { NotFoundError, type PauseOutcome, type ResumeOutcome, ServerError } from "../src/index.ts";
import { describeTarget, judgeOutcomes } from "../src/internal.ts";

// The if-missing verdict the actions and the CLI share: one rule, the same words from both.
describe("judgeOutcomes", () => {
  const failure = new ServerError("resume queue c: POST /v2/queues/c/resume answered 500", { status: 500 });
  const resumed: ResumeOutcome = { kind: "queue", name: "a", outcome: "resumed", paused: false, lag: 3 };
  const missing: ResumeOutcome = { kind: "queue", name: "b", outcome: "missing", by: "name" };
  const failed: ResumeOutcome = { kind: "queue", name: "c", outcome: "failed", error: failure };
  const resume = { mode: "resume", surface: "input" } as const;

  it("fails with the first failure before anything about missing targets, whatever if-missing says", () => {
    for (const ifMissing of ["fail", "warn", "ignore"] as const)
      expect(judgeOutcomes([resumed, missing, failed], ifMissing, resume).failure).toBe(failure);
  });

  it("fails over missing targets under fail, saying what became of the others and the way out", () => {
    const verdict = judgeOutcomes([resumed, missing], "fail", resume);
    expect(verdict.failure).toBeInstanceOf(NotFoundError);
    expect(verdict.failure?.message).toBe(
      "not found: queue b; 1 other was resumed. Set if-missing: warn or ignore to go on without them",
    );
    expect(verdict.warnings).toEqual([]);
    const flag = judgeOutcomes([missing], "fail", { mode: "pause", surface: "flag", advice: "; try this" });
    expect(flag.failure?.message).toBe(
      "not found: queue b; nothing was paused. Pass --if-missing warn or ignore to go on without them; try this",
    );
  });

  it("warns about each missing target under warn, and says nothing under ignore", () => {
    const label: PauseOutcome = { kind: "schedule", name: "batch", outcome: "missing", by: "label" };
    const warn = judgeOutcomes([missing, label], "warn", { mode: "pause", surface: "flag" });
    expect(warn).toEqual({
      warnings: ["queue b not found; skipped", "schedules labelled batch not found; skipped"],
    });
    expect(judgeOutcomes([missing, label], "ignore", resume)).toEqual({ warnings: [] });
    const note = judgeOutcomes([missing], "warn", { ...resume, missingNote: "nothing to resume" });
    expect(note.warnings).toEqual(["queue b not found; nothing to resume"]);
  });

  it("notes a target resumed that still reads paused, in the order of the outcomes", () => {
    const slow: ResumeOutcome = { ...resumed, name: "slow", paused: true };
    expect(judgeOutcomes([slow, missing], "warn", resume).warnings).toEqual([
      "queue slow still reports paused; resuming can take up to a minute to take effect",
      "queue b not found; skipped",
    ]);
  });

  it("names each kind of target the way every log line does", () => {
    const key: PauseOutcome = { kind: "flow-control-key", name: "pay", outcome: "paused", lag: 0 };
    const prefix: PauseOutcome = {
      kind: "schedule",
      name: "https://a/",
      outcome: "missing",
      by: "destination",
    };
    expect([key, prefix, missing].map(describeTarget)).toEqual([
      "flow-control key pay",
      "schedules to https://a/*",
      "queue b",
    ]);
  });
});
