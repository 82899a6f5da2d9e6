import { describe, expect, it } from "vitest";
import {
  failureHint,
  holdReason,
  type PendingDelivery,
  STALL_CODES,
  type StallFacts,
  whyStalled,
} from "../src/index.ts";

const NOW = Date.parse("2026-03-01T10:00:00.000Z");
const due = (offsetMs: number, more: Partial<PendingDelivery> = {}): PendingDelivery => ({
  dueAt: NOW + offsetMs,
  retried: 0,
  inFlight: false,
  ...more,
});
const facts = (more: Partial<StallFacts>): StallFacts => ({
  running: true,
  pending: [],
  waits: [],
  now: NOW,
  setting: "service",
  ...more,
});

describe("whyStalled", () => {
  it("says nothing of an ended run, of one with a delivery under way, or of one due now", () => {
    expect(whyStalled(facts({ running: false }))).toBeUndefined();
    expect(whyStalled(facts({ pending: [due(60_000), due(0, { inFlight: true })] }))).toBeUndefined();
    expect(whyStalled(facts({ pending: [due(0)] }))).toBeUndefined();
  });

  it("names every event waited for and when the wait times out, before anything pending", () => {
    const waits = [
      { eventId: "order-approved", deadline: NOW + 3_600_000 },
      { eventId: "b", deadline: NOW + 7_200_000 },
    ];
    expect(whyStalled(facts({ waits, pending: [due(10)] }))).toEqual({
      code: "waiting-for-event",
      message: 'waiting for event "order-approved", "b" (times out at 2026-03-01T11:00:00.000Z)',
    });
    expect(whyStalled(facts({ waits, setting: "emulator" }))?.message).toBe(
      'waiting for event "order-approved", "b" (times out at 2026-03-01T11:00:00.000Z on the emulator\'s clock)',
    );
  });

  it("says where the app should have published its next step when nothing is pending", () => {
    expect(whyStalled(facts({}))).toMatchObject({
      code: "nothing-pending",
      message: expect.stringMatching(/QStash account and region; .*QSTASH_REGION/),
    });
    expect(whyStalled(facts({ setting: "emulator" }))?.message).toMatch(
      /to this emulator; is its qstashClient pointed at it \(QSTASH_URL as the emulator printed\)\?$/,
    );
  });

  it("looks at the delivery due first: what holds it, its failure and retry, or its sleep", () => {
    const held = due(0, { heldBy: holdReason({ kind: "queue-paused", queue: "orders" }) });
    expect(whyStalled(facts({ pending: [due(60_000), held] }))).toEqual({
      code: "held",
      message: 'held: queue "orders" is paused',
    });
    const failing = due(12_000, { retried: 1, lastFailure: { status: 502, body: "bad\ngateway" } });
    expect(whyStalled(facts({ pending: [due(99_000), failing] }))).toEqual({
      code: "failing",
      message: "its endpoint answered 502: bad gateway; retrying at 2026-03-01T10:00:12.000Z",
    });
    const unreachable = due(1, { retried: 2, lastFailure: { error: "ECONNREFUSED" } });
    expect(whyStalled(facts({ pending: [unreachable] }))?.message).toMatch(
      /^its endpoint could not be reached \(ECONNREFUSED\); retrying at /,
    );
    expect(whyStalled(facts({ pending: [due(5, { retried: 1 })] }))?.message).toMatch(
      /^its last delivery failed; retrying/,
    );
    expect(whyStalled(facts({ pending: [due(86_400_000)] }))).toEqual({
      code: "sleeping",
      message: "sleeping until 2026-03-02T10:00:00.000Z",
    });
    expect(whyStalled(facts({ pending: [due(1000)], setting: "emulator" }))?.message).toBe(
      "sleeping until 2026-03-01T10:00:01.000Z (emulator clock)",
    );
  });

  it("uses only the codes it declares", () => {
    const seen = [
      facts({ waits: [{ eventId: "e", deadline: NOW }] }),
      facts({}),
      facts({ pending: [due(0, { heldBy: "held: x" })] }),
      facts({ pending: [due(0, { retried: 1 })] }),
      facts({ pending: [due(1)] }),
    ].map((f) => whyStalled(f)?.code);
    expect(seen).toEqual([...STALL_CODES]);
  });
});

describe("failureHint and holdReason", () => {
  it("reads the Workflow SDK's refusals and says what to do, in the words of each setting", () => {
    const rejected = "Failed to verify that the Workflow request comes from QStash: SignatureError: invalid";
    expect(failureHint(rejected, "emulator")).toMatch(/^: the app rejected .*as the emulator printed\)$/);
    expect(failureHint(rejected, "service")).toMatch(
      /^: the app rejected .*<REGION>_QSTASH_NEXT_SIGNING_KEY/,
    );
    expect(failureHint(`${rejected}: body hash does not match, want: a, got: b`, "service")).toMatch(
      /^: the app read another body than the one signed/,
    );
    expect(failureHint("Incompatible workflow sdk protocol version. Expected 1", "service")).toMatch(
      /^: the app speaks another Workflow protocol version/,
    );
    const steps = '{"error":"WorkflowError","message":"Incompatible step name. Expected \'a\', got \'b\'"}';
    expect(failureHint(steps, "service")).toMatch(/check-deploy/);
    expect(failureHint("  plain\n\ttext ", "service")).toBe(": plain text");
    expect(failureHint("x".repeat(500), "service")).toHaveLength(202);
    expect(failureHint("", "emulator")).toBe("");
  });

  it("words each hold", () => {
    expect(holdReason({ kind: "flow-control-paused", key: "k" })).toBe(
      'held: flow-control key "k" is paused',
    );
    expect(holdReason({ kind: "flow-control-full", key: "k" })).toBe(
      'held: flow-control key "k" is at its parallelism',
    );
  });
});
