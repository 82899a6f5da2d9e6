// CONTRIBUTING.md's "Run an action locally" (issue 50): the commands it shows run, as written,
// and print what it says they print; the script leaves no folder behind unless --keep.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const section =
  readFileSync(join(root, "CONTRIBUTING.md"), "utf8")
    .split("\n## Run an action locally\n")[1]
    ?.split("\n## ")[0] ?? "";
const commands = [...section.matchAll(/^node scripts\/run-action\.mjs (.+)$/gm)].map((m) =>
  (m[1] ?? "").split(" "),
);

function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawnSync(process.execPath, [join(root, "scripts/run-action.mjs"), ...args], {
    cwd: root,
    encoding: "utf8",
    env: {
      PATH: process.env["PATH"] ?? "",
      HOME: process.env["HOME"] ?? "",
      TMPDIR: process.env["TMPDIR"] ?? "/tmp",
      ...env,
    },
    timeout: 120_000,
  });
}

describe("CONTRIBUTING.md: Run an action locally", () => {
  it("shows the commands", () => {
    expect(commands.length).toBe(2);
  });

  it.each(commands)(
    "node scripts/run-action.mjs %s … runs the bundle against the emulator, outputs masked",
    (...args) => {
      const result = run(args);
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/^Search index shop \(\S+\) created\.$/m);
      expect(result.stdout).toContain("--- main: outputs (GITHUB_OUTPUT)\n");
      expect(result.stdout).toMatch(/^token=\*\*\*$/m);
      expect(result.stdout).toContain("--- main: exit code 0\n");
      if (args.includes("--post"))
        expect(result.stdout).toMatch(/^Ephemeral search index shop \(\S+\) deleted\.$/m);
    },
  );

  it("exits with the action's exit code, and refuses an unknown action", () => {
    const refused = run(["ensure-search-index", "--emulator", "--input", "name=shop"]);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toMatch(/^::error::ensure-search-index: .*region/m);
    expect(refused.stdout).toContain("--- main: exit code 1\n");
    const unknown = run(["ensure-search-indexes"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^run-action: no action named ensure-search-indexes\n/);
  });

  it("copies a variable named alone from its own environment, and keeps the runner's files with --keep", () => {
    const result = run(
      [
        "ensure-search-index",
        "--emulator",
        "--input",
        "name=shop",
        "--input",
        "region=eu-west-1",
        "--input",
        "export-env=true",
        "--env",
        "STASHKIT_TEST_VALUE",
        "--keep",
      ],
      { STASHKIT_TEST_VALUE: "copied" },
    );
    expect(result.status, result.stderr).toBe(0);
    const folder = /^--- the runner's files: (\S+)$/m.exec(result.stdout)?.[1] ?? "";
    try {
      expect(readFileSync(join(folder, "env"), "utf8")).toContain("UPSTASH_SEARCH_REST_URL");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
