import { describe, expect, it } from "vitest";
import { QSTASH_REGION_NAMES } from "../src/schemas/qstash-regions.ts";
import { TARGET_KINDS, targetListIssue } from "../src/schemas/target.ts";
import * as z from "../src/schemas/zod.ts";

// `targetListIssue` writes out what this schema (the one `parseTargetList` used before) says of a
// target list, so that the pause and resume steps load no zod at start. Held to it here: the same
// verdict, and for a list zod refuses, the same first issue, path and message.
const targetListSchema = z.array(
  z.strictObject({
    kind: z.enum(TARGET_KINDS),
    name: z.string().check(z.minLength(1)),
    region: z.optional(z.enum(QSTASH_REGION_NAMES)),
  }),
);

function zodsFirstIssue(value: unknown) {
  const result = targetListSchema.safeParse(value);
  if (result.success) return undefined;
  const [issue] = result.error.issues;
  return { path: issue?.path, message: issue?.message };
}

/** A small deterministic generator (mulberry32), so a failing case can be found again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SCALARS = [
  null,
  true,
  false,
  0,
  -1.5,
  7,
  "",
  "queue",
  "schedule",
  "flow-control-key",
  "orders",
  "Queue",
  " queue",
];
const KEYS = ["kind", "name", "extra", "__proto__", "constructor", "Kind", "a\nb", ""];

/** A JSON value shaped like a target list, right or wrong in any of the ways one can be. */
function jsonValue(next: () => number, depth = 0): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const roll = next();
  if (depth > 2 || roll < 0.25) return pick(SCALARS);
  if (roll < 0.55) return Array.from({ length: Math.floor(next() * 4) }, () => jsonValue(next, depth + 1));
  const entry: Record<string, unknown> = {};
  for (let i = Math.floor(next() * 4); i > 0; i--) entry[pick(KEYS)] = jsonValue(next, depth + 1);
  if (next() < 0.6) entry["kind"] = pick([...TARGET_KINDS, ...SCALARS]);
  if (next() < 0.6) entry["name"] = pick(SCALARS);
  if (next() < 0.3) entry["region"] = pick([...QSTASH_REGION_NAMES, ...SCALARS]);
  // Through JSON, as a step reads it: "__proto__" becomes an own key, as JSON.parse makes it.
  return JSON.parse(JSON.stringify(entry).replace('"constructor"', '"__proto__"'));
}

describe("targetListIssue, against the zod schema it stands for", () => {
  it.each([
    ["not an array", { kind: "queue", name: "a" }],
    ["null", null],
    ["a string entry", ["queue"]],
    ["an array entry", [[]]],
    ["null entry", [{ kind: "queue", name: "a" }, null]],
    ["an unknown kind", [{ kind: "topic", name: "a" }]],
    ["no kind", [{ name: "a" }]],
    ["no name", [{ kind: "queue" }]],
    ["a number name", [{ kind: "queue", name: 5 }]],
    ["an empty name", [{ kind: "schedule", name: "" }]],
    ["one unknown key", [{ kind: "queue", name: "a", extra: 1 }]],
    ["two unknown keys", [{ kind: "queue", name: "a", x: 1, y: 2 }]],
    ["a bad kind and an unknown key", [{ kind: 1, name: "a", x: 1 }]],
    ["a region", [{ kind: "queue", name: "a", region: "US_EAST_1" }]],
    ["an unknown region", [{ kind: "queue", name: "a", region: "us-east-1" }]],
    ["an unknown region and an unknown key", [{ kind: "queue", name: "a", region: 1, x: 1 }]],
    ["an own __proto__ key", JSON.parse('[{"kind":"queue","name":"a","__proto__":{"x":1}}]')],
    [
      "a valid list",
      [
        { kind: "queue", name: "a" },
        { kind: "flow-control-key", name: "k" },
      ],
    ],
    ["an empty list", []],
  ])("%s", (_, value) => {
    expect(targetListIssue(value)).toEqual(zodsFirstIssue(value));
  });

  it("agrees on 5,000 generated values, refused and accepted ones both", () => {
    const next = random(28);
    let refused = 0;
    for (let i = 0; i < 5000; i++) {
      const value = next() < 0.7 ? [jsonValue(next, 1), jsonValue(next, 1)] : jsonValue(next);
      const expected = zodsFirstIssue(value);
      if (expected) refused++;
      expect(targetListIssue(value), JSON.stringify(value)).toEqual(expected);
    }
    // Both kinds of answer were exercised, not only one.
    expect(refused).toBeGreaterThan(500);
    expect(refused).toBeLessThan(4900);
  });
});
