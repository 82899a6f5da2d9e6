// The README's first-hour path, walked on a newcomer's machine whose PATH holds a Node older than
// 24 (CI's own Node 20) and pnpm (src/first-hour.ts): "Try it" fails first, in one line that names
// the Node found, the one needed and the set-up command; after the Prerequisites' set-up block it
// succeeds. The commands are the README's own blocks, so the walk follows what the README says.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Machine, newcomersMachine } from "../src/first-hour.ts";
import { sectionOf } from "../src/sections.ts";

const root = join(import.meta.dirname, "../../..");

// A fresh install and the demo's build of the emulator and the test helpers: 2 to 5 minutes on
// a loaded 2-core machine. A limit against hangs, not a speed budget.
const WALK_TIMEOUT_MS = 1_200_000;

/** The section's one `sh` block, as the reader copies it. */
function shellBlock(heading: string): string {
  const blocks = sectionOf(root, "README.md", heading).code.filter((block) => block.lang === "sh");
  expect(blocks, `README.md "${heading}" has one sh block`).toHaveLength(1);
  return blocks[0]?.text ?? "";
}

let machine: Machine;
beforeAll(() => {
  machine = newcomersMachine(root);
});
afterAll(() => machine?.remove());

describe("the README's first hour, on a machine with Node 20", () => {
  const setUp = shellBlock("Prerequisites");
  const tryIt = shellBlock("Try it");

  it("is such a machine: node on its PATH is older than 24", () => {
    const node = machine.shell("node --version");
    expect(node.status).toBe(0);
    expect(Number(/^v(\d+)\./.exec(node.output)?.[1])).toBeLessThan(24);
  });

  it("stops `pnpm install && pnpm demo` at once, in one line naming both Nodes and the set-up command", () => {
    const found = machine.shell("node --version").output.trim().slice(1);
    const run = machine.shell(tryIt);
    expect(run.status).toBe(1);
    const lines = run.output.trim().split("\n");
    expect(lines, run.output).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^stashkit needs Node 24 or newer, and this is Node ${found.replaceAll(".", "\\.")} \\(.+\\): `,
      ),
    );
    expect(lines[0]).toContain("run `bash .ci/run --setup`");
    expect(lines[0]).toContain(`\`. ${join(machine.home, ".cache/stashkit-tools/env.sh")}\``);
    // Nothing was installed or built before it stopped.
    expect(existsSync(join(machine.repo, "node_modules"))).toBe(false);
  });

  it(
    "runs the demo after the Prerequisites' set-up block",
    () => {
      expect(setUp).toContain("bash .ci/run --setup");
      const run = machine.shell(`set -e\n${setUp}\n${tryIt}`);
      expect(run.status, run.output.slice(-3000)).toBe(0);
      expect(run.output).toContain(
        `ci: put them first on PATH in your shell: . ${machine.home}/.cache/stashkit-tools/env.sh`,
      );
      expect(run.output).toContain("search indexes left on the emulator: 0");
      expect(run.output).not.toMatch(/Unsupported engine/);
    },
    WALK_TIMEOUT_MS,
  );
});
