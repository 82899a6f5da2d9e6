import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "@stashkit/emulator";
import { runAction } from "@stashkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summaryText } from "../lib/summary-text.ts";

const root = join(import.meta.dirname, "../..");
let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.stop());

describe("summaryText: the demo's job summaries, as a terminal shows them", () => {
  it("renders ensure-search-index's summary as text: no escapes, no table or heading syntax", async () => {
    const run = await runAction({
      actionDir: join(root, "actions/ensure-search-index"),
      inputs: { name: "shop-pr-{pr}", region: "eu-west-1", "base-url": emulator.url },
      env: { UPSTASH_EMAIL: emulator.account.email, UPSTASH_API_KEY: emulator.account.apiKey },
      event: { name: "pull_request", payload: { number: 42, pull_request: { number: 42 } } },
    });
    expect(run.exitCode, run.stdout).toBe(0);
    // The job summary file keeps its Markdown: that is what GitHub renders.
    expect(run.summary).toContain("\\(masked\\)");
    expect(run.summary).toContain("| name |");

    const id = emulator.state.indexes[0]?.index.id ?? "";
    const text = summaryText(run.summary);
    expect(text).not.toMatch(/\\|\||#|---/);
    expect(text.trim().split("\n")).toEqual([
      "Search index created",
      "",
      `name        id${" ".repeat(id.length - 2)}  region     type  endpoint  created`,
      `shop-pr-42  ${id}  eu-west-1  free  (masked)  true`,
    ]);
  });

  it("keeps a cell's escaped pipe and backslash as text, and turns an alert into a labelled line", () => {
    const markdown =
      "### Seeded\n\n| a | b |\n| --- | --- |\n| x\\|y | c\\\\ |\n\n> [!WARNING]\n> region \\*eu\\*\n";
    expect(summaryText(markdown)).toBe("Seeded\n\na    b\nx|y  c\\\n\nwarning: region *eu*\n");
  });
});
