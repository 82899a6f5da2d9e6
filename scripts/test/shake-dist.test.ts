import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { tempFolder } from "@stashkit/testing/vitest";
import { describe, expect, it } from "vitest";

const script = join(import.meta.dirname, "../shake-dist.mjs");

/** An action folder whose dist/ holds these files; runs the script there and returns dist/. */
function shaken(files: Record<string, string>): string {
  const action = tempFolder("stashkit-shake-dist-");
  const dist = join(action, "dist");
  mkdirSync(dist);
  for (const [name, source] of Object.entries(files)) writeFileSync(join(dist, name), source);
  const result = spawnSync(process.execPath, [script], { cwd: action, encoding: "utf8" });
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  return dist;
}

const ENTRY = [
  "class UnusedSchema { check() { return 'never called' } }",
  "class ShopError extends Error { name = 'ShopError' }",
  "function helper() { return 'caf\\u00e9 \u2713' }",
  "export const failure = new ShopError(helper());",
  "export const load = () => import('./7.index.js');",
].join("\n");
const CHUNK =
  "export const id = 7;\nexport const modules = { 7: (module) => { module.exports = 'chunk'; } };\n";

describe("scripts/shake-dist.mjs", () => {
  it("drops code nothing reaches and keeps what the bundle exports, names and all", async () => {
    const dist = shaken({ "index.js": ENTRY, "7.index.js": CHUNK });
    const entry = readFileSync(join(dist, "index.js"), "utf8");
    expect(entry).not.toContain("UnusedSchema");
    const { failure, load } = await import(pathToFileURL(join(dist, "index.js")).href);
    expect(failure).toBeInstanceOf(Error);
    expect(failure.name).toBe("ShopError");
    expect(failure.constructor.name).toBe("ShopError");
    expect(failure.message).toBe("caf\u00e9 \u2713");
    const chunk = await load();
    const module = { exports: undefined };
    chunk.modules[7](module);
    expect(module.exports).toBe("chunk");
  });

  it("writes every file in ASCII, the same bytes on every run", () => {
    const first = shaken({ "index.js": ENTRY, "7.index.js": CHUNK });
    const second = shaken({ "index.js": ENTRY, "7.index.js": CHUNK });
    for (const name of ["index.js", "7.index.js"]) {
      const bytes = readFileSync(join(first, name));
      expect(bytes.every((byte) => byte < 0x80)).toBe(true);
      expect(bytes.equals(readFileSync(join(second, name)))).toBe(true);
    }
  });

  it("writes every non-ASCII character as an escape, and the module keeps its values", async () => {
    const source = [
      "// a comment with \u2019 and \u2192",
      "export const text = 'wait\u2026 \u00e4';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the module's own template literal
      "export const template = `\u2716 ${1 + 1}`;",
      "export const emoji = '\u{1f600}';",
      // esbuild copies a regular expression as written: in sources, regular expressions
      // spell non-ASCII characters as escapes (check-ascii.mjs fails a bundle otherwise).
      "export const letters = /[\\u00e4\\u00df]/g;",
      "export const astral = /^\\u{1f600}$/u;",
      "export const table = { \u00e4: 'ae' };",
      "",
    ].join("\n");
    const dist = shaken({ "index.js": source, "before.mjs": source });
    expect(readFileSync(join(dist, "index.js"), "utf8")).not.toMatch(/[\u0080-\uffff]/);
    const before = await import(pathToFileURL(join(dist, "before.mjs")).href);
    const after = await import(pathToFileURL(join(dist, "index.js")).href);
    expect(after.text).toBe(before.text);
    expect(after.template).toBe("\u2716 2");
    expect(after.emoji).toBe(before.emoji);
    expect("Stra\u00dfe".replace(after.letters, "-")).toBe("Stra-e");
    expect(after.astral.test("\u{1f600}")).toBe(true);
    expect(after.table).toEqual(before.table);
  });
});
