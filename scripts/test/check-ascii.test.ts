import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { tempFolder } from "@stashkit/testing/vitest";
import { describe, expect, it } from "vitest";

const checkScript = join(import.meta.dirname, "../check-ascii.mjs");
const escapeScript = join(import.meta.dirname, "../ascii-dist.mjs");

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

describe("scripts/ascii-dist.mjs", () => {
  const source = [
    "// a comment with \u2019 and \u2192",
    "export const text = 'wait\u2026 \u00e4';",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the module's own template literal
    "export const template = `\u2716 ${1 + 1}`;",
    "export const emoji = '\u{1f600}';",
    "export const letters = /[\u00e4\u00df]/g;",
    "export const astral = /^\u{1f600}$/u;",
    "export const table = { \u00e4: 'ae' };",
    "",
  ].join("\n");

  it("escapes every non-ASCII character and the module keeps its values", async () => {
    const dir = repository({ "index.js": source });
    const action = join(dir, "actions/a");
    writeFileSync(join(action, "dist/before.js"), source);
    expect(run(escapeScript, action).status).toBe(0);

    const escaped = readFileSync(join(action, "dist/index.js"), "utf8");
    expect(escaped).not.toMatch(/[\u0080-\uffff]/);
    const before = await import(pathToFileURL(join(action, "dist/before.js")).href);
    const after = await import(pathToFileURL(join(action, "dist/index.js")).href);
    expect(after.text).toBe(before.text);
    expect(after.template).toBe("\u2716 2");
    expect(after.emoji).toBe(before.emoji);
    expect(after.letters.source).toBe("[\\u00e4\\u00df]");
    expect("Stra\u00dfe".replace(after.letters, "-")).toBe("Stra-e");
    expect(after.astral.test("\u{1f600}")).toBe(true);
    expect(after.table).toEqual(before.table);
    expect(run(checkScript, dir).status).toBe(0);
  });

  it("stops at a line separator, which outside a string would end a line comment", () => {
    const dir = repository({ "index.js": "// note\u2028export const a = 1;\n" });
    const result = run(escapeScript, join(dir, "actions/a"));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("\\u2028");
    expect(readFileSync(join(dir, "actions/a/dist/index.js"), "utf8")).toContain("\u2028");
  });
});
