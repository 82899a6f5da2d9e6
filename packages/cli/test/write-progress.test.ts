import { describe, expect, it } from "vitest";
import { duration, smoothedRate, writeProgress } from "../src/commands/write-progress.ts";

/** A clock the test moves, and a stderr that keeps what is written (a pipe: plain lines). */
function harness() {
  let at = 1_000_000;
  const lines: string[] = [];
  const stderr = { isTTY: false, write: (text: string) => lines.push(text) } as unknown as NodeJS.WriteStream;
  return { lines, stderr, now: () => at, advance: (ms: number) => (at += ms) };
}

describe("seeding progress", () => {
  it("times the seed from its first write: a slow start (an index created first) does not inflate the time left", () => {
    const { lines, stderr, now, advance } = harness();
    const progress = writeProgress({
      label: "seeding shop",
      total: 25_000,
      env: {},
      quiet: false,
      stderr,
      now,
    });
    // 20 s pass before the first batch lands (the ensure, the index being created).
    advance(20_000);
    progress.update(1_000);
    // Then 1,000 documents a second, a line every 5 s.
    for (let written = 2_000; written <= 6_000; written += 1_000) {
      advance(1_000);
      progress.update(written);
    }
    // Before, the 20 s counted as seeding: "50/s, ~480 s left" at 1,000, "240/s, ~80 s left" here.
    expect(lines).toEqual([
      "seeding shop: 1000/25000 documents\n",
      "seeding shop: 6000/25000 documents, 1000/s, ~19 s left\n",
    ]);
  });

  it("smooths the rate: one slow batch moves the time left a little, not tenfold", () => {
    const rate = smoothedRate();
    for (let n = 1; n <= 10; n++) rate.sample(n * 1_000, n * 1_000);
    expect(rate.perSecond()).toBeCloseTo(1_000);
    // One batch takes ten times as long (a retry, a 429).
    rate.sample(11_000, 20_000);
    const perSecond = rate.perSecond() ?? 0;
    expect(perSecond).toBeGreaterThan(600);
    expect(perSecond).toBeLessThan(1_000);
  });

  it("gives no time left once everything is written", () => {
    const { lines, stderr, now, advance } = harness();
    const progress = writeProgress({
      label: "replaying",
      total: 60,
      unit: "records",
      env: {},
      quiet: false,
      stderr,
      now,
    });
    for (const written of [20, 40, 60]) {
      advance(5_000);
      progress.update(written);
    }
    expect(lines).toEqual([
      "replaying: 20/60 records\n",
      "replaying: 40/60 records, 4/s, ~5 s left\n",
      "replaying: 60/60 records, 4/s\n",
    ]);
  });

  it("gives no rate and no time left until there are two samples", () => {
    const { lines, stderr, now, advance } = harness();
    const progress = writeProgress({ label: "seeding", total: 10, env: {}, quiet: false, stderr, now });
    advance(6_000);
    progress.update(5);
    expect(lines).toEqual(["seeding: 5/10 documents\n"]);
  });

  it("says a time left in seconds, minutes or hours", () => {
    expect([duration(0.2), duration(89), duration(1251), duration(3 * 3600 + 300)]).toEqual([
      "1 s",
      "89 s",
      "21 min",
      "3 h 5 min",
    ]);
  });
});
