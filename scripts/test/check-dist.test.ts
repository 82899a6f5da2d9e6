import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempFolder } from "@stashkit/testing/vitest";
import { describe, expect, it } from "vitest";

const script = join(import.meta.dirname, "../check-dist.mjs");

/** A repository with one action whose dist/ is committed. */
function repository(): string {
  const dir = tempFolder("stashkit-check-dist-");
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "ignore" });
  git("init", "-q");
  git("config", "user.email", "t@t");
  git("config", "user.name", "t");
  mkdirSync(join(dir, "actions/a/dist"), { recursive: true });
  writeFileSync(join(dir, "actions/a/dist/index.js"), "export {};\n");
  git("add", "-A");
  git("commit", "-qm", "dist");
  return dir;
}

const check = (cwd: string) => spawnSync(process.execPath, [script], { cwd, encoding: "utf8" });

describe("scripts/check-dist.mjs", () => {
  it("passes when dist/ is what was committed", () => {
    expect(check(repository()).status).toBe(0);
  });

  it("fails when a bundle changed", () => {
    const dir = repository();
    appendFileSync(join(dir, "actions/a/dist/index.js"), "// rebuilt differently\n");
    const result = check(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("actions/a/dist/index.js");
  });

  it("fails when the build made a new file, such as a new chunk", () => {
    const dir = repository();
    writeFileSync(join(dir, "actions/a/dist/123.index.js"), "export {};\n");
    const result = check(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("actions/a/dist/123.index.js");
  });

  it.each([
    [
      "a folder git does not take for a checkout",
      (dir: string) => rmSync(join(dir, ".git"), { recursive: true }),
    ],
    // What git says of a checkout it refuses (dubious ownership, a broken HEAD): never a pass.
    ["a checkout git refuses to read", (dir: string) => writeFileSync(join(dir, ".git/HEAD"), "garbage\n")],
  ])("fails, with git's reason, in %s", (_, spoil) => {
    const dir = repository();
    appendFileSync(join(dir, "actions/a/dist/index.js"), "// tampered\n");
    spoil(dir);
    const result = check(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/check-dist: git failed/);
    expect(result.stdout).not.toContain("skipped");
  });
});
