import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { apiReport, REPORTED_PACKAGES } from "../lib/api-report.ts";

const root = join(import.meta.dirname, "../..");

describe.each(REPORTED_PACKAGES)("%s/api-report.md", (dir) => {
  it("lists what the package's entries export (node scripts/api-report.mjs --write updates it)", () => {
    // toBe on the whole text: vitest prints the names that came or went as a diff.
    expect(apiReport(root, dir)).toBe(readFileSync(join(root, dir, "api-report.md"), "utf8"));
  });
});

it("names core's public entry and its internal one, no name in both", () => {
  const report = apiReport(root, "packages/core");
  const sections = report.split(/^## /m).slice(1);
  expect(sections.map((section) => section.split("\n")[0])).toEqual([
    expect.stringMatching(/^`@stashkit\/core` /),
    expect.stringMatching(/^`@stashkit\/core\/internal` /),
  ]);
  const [publicNames, internalNames] = sections.map(
    (section) => new Set([...section.matchAll(/^- `([^`]+)`/gm)].map((match) => match[1])),
  );
  expect([...(publicNames ?? [])].filter((name) => internalNames?.has(name))).toEqual([]);
});
