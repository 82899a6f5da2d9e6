import { describe, expect, it } from "vitest";
import { globMatches } from "../../src/search-data/filter/glob.ts";
import { sqliteModule } from "../../src/storage/sqlite/load-sqlite.ts";

describe("globMatches", () => {
  it.each([
    ["*", "", true],
    ["*", "anything", true],
    ["a*", "abc", true],
    ["*c", "abc", true],
    ["a*c", "ac", true],
    ["a*c", "abcd", false],
    ["a?c", "abc", true],
    ["a?c", "ac", false],
    ["[abc]x", "bx", true],
    ["[a-c]x", "dx", false],
    ["[^a-c]x", "dx", true],
    ["[!a-c]x", "ax", false],
    ["[]]", "]", true],
    ["\\*", "*", true],
    ["\\*", "a", false],
    ["[unclosed", "[unclosed", true],
    ["A*", "abc", false],
    ["*.tar.gz", "x.tar.gz", true],
    ["?", "😀", true],
    ["**a**", "xax", true],
    ["*a*a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false],
    ["(.*)+", "(.*)+", true],
    // More than 32 elements: the automaton's states span words.
    [`${"a?".repeat(40)}*z`, `${"ab".repeat(40)}xyz`, true],
    [`${"a?".repeat(40)}*z`, `${"ab".repeat(39)}xyz`, false],
  ])("%j against %j is %s", (pattern, text, expected) => {
    expect(globMatches(pattern, text)).toBe(expected);
  });

  it("agrees with SQLite's GLOB on thousands of random patterns and texts", () => {
    // SQLite's GLOB is the reference for what the two share: *, ?, [set], [^set], ranges (it has
    // no backslash escape and no [!set]). A seeded generator, so a failure is reproducible.
    const db = new (sqliteModule().DatabaseSync)(":memory:");
    const glob = db.prepare("SELECT ? GLOB ? AS matched");
    const random = seeded(34);
    const pick = <T>(choices: readonly T[]): T => choices[Math.floor(random() * choices.length)] as T;
    const pieces = ["a", "b", "c", "*", "?", "[ab]", "[^a]", "[a-b]", "😀"];
    const letters = ["a", "b", "c", "😀"];
    let disagreements = 0;
    for (let round = 0; round < 4000; round++) {
      const pattern = Array.from({ length: 1 + Math.floor(random() * 8) }, () => pick(pieces)).join("");
      const text = Array.from({ length: Math.floor(random() * 10) }, () => pick(letters)).join("");
      const expected = (glob.get(text, pattern) as { matched: number }).matched === 1;
      if (globMatches(pattern, text) !== expected) {
        disagreements++;
        expect.soft(globMatches(pattern, text), `${pattern} against ${text}`).toBe(expected);
      }
    }
    db.close();
    expect(disagreements).toBe(0);
  });

  it("matches a long text against a long pattern in one pass (the worst case of the old walk)", () => {
    const text = "a".repeat(40_000);
    const pattern = `${"*a".repeat(500)}*b`;
    expect(globMatches(pattern, text)).toBe(false);
    expect(globMatches(`${"*a".repeat(500)}*`, text)).toBe(true);
  });
});

/** mulberry32: a small seeded generator for reproducible random cases. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
