import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { tempFolder } from "@stashkit/testing/vitest";
import { describe, expect, it } from "vitest";

const script = join(import.meta.dirname, "../eager-modules.mjs");

/** An action folder whose dist/ holds this bundle as index.js; returns the bundle's path. */
function bundle(source: string): string {
  const action = tempFolder("stashkit-eager-modules-");
  mkdirSync(join(action, "dist"));
  writeFileSync(join(action, "dist/index.js"), source);
  const result = spawnSync(process.execPath, [script], { cwd: action, encoding: "utf8" });
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  return join(action, "dist/index.js");
}

describe("scripts/eager-modules.mjs", () => {
  it("parenthesizes each factory of a minified module map, and the bundle still works", async () => {
    const file = bundle(
      'var m={12:e=>{e.exports="a"},34:function(e){e.exports={n:{0:()=>1}}}};export const a=[12,34].map(k=>{const e={};m[k](e);return e.exports});\n',
    );
    expect(readFileSync(file, "utf8")).toBe(
      'var m={12:(e=>{e.exports="a"}),34:(function(e){e.exports={n:{0:()=>1}}})};export const a=[12,34].map(k=>{const e={};m[k](e);return e.exports});\n',
    );
    const { a } = await import(pathToFileURL(file).href);
    expect(a[0]).toBe("a");
    expect(a[1].n[0]()).toBe(1);
  });

  it("leaves factories that are parenthesized already, and other properties, as they are", () => {
    const source = "var m = {\n7: ((module) => {\n}),\nname: () => 1,\n'8': 2,\n};\n";
    expect(readFileSync(bundle(source), "utf8")).toBe(source);
  });
});
