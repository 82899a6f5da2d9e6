import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempFolder } from "@stashkit/testing/vitest";
import { describe, expect, it } from "vitest";

const checkScript = join(import.meta.dirname, "../check-ascii.mjs");

/** A repository with one action whose dist/ holds these files. */
function repository(files: Record<string, string>): string {
  const dir = tempFolder("stashkit-check-ascii-");
  mkdirSync(join(dir, "actions/a/dist"), { recursive: true });
  writeFileSync(join(dir, "actions/a/action.yml"), "name: a\n");
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, "actions/a/dist", name), text);
  return dir;
}

const run = (script: string, cwd: string) => spawnSync(process.execPath, [script], { cwd, encoding: "utf8" });

describe("scripts/check-ascii.mjs", () => {
  it("passes when every bundle is ASCII, whatever the licence list holds", () => {
    const dir = repository({ "index.js": "export const a = '\\u2026';\n", "licenses.txt": "Ren\u00e9\n" });
    expect(run(checkScript, dir).status).toBe(0);
  });

  it("fails on a lazily loaded chunk with one non-ASCII character, naming its line and column", () => {
    const dir = repository({ "index.js": "export {};\n", "876.index.js": "// ok\nconst a = 'x\u2026';\n" });
    const result = run(checkScript, dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("actions/a/dist/876.index.js:2:13");
  });
});
