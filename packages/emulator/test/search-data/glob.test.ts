import { describe, expect, it } from "vitest";
import { globMatches } from "../../src/search-data/filter/glob.ts";

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
    ["*a*a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false],
    ["(.*)+", "(.*)+", true],
  ])("%j against %j is %s", (pattern, text, expected) => {
    expect(globMatches(pattern, text)).toBe(expected);
  });
});
