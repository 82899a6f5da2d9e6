// `pnpm test` (scripts/run-tests.mjs) against a stand-in repository whose stages are small node
// commands: every stage runs, the closing line comes last and counts a failed stage, and the temp
// folder keeps nothing.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempFolder } from "@stashkit/testing/vitest";
import { describe, expect, it } from "vitest";
import { TURBO_ARGS } from "../lib/test-stages.ts";

const script = join(import.meta.dirname, "../run-tests.mjs");

/** A repository with one vitest project, `packages/a`, and the reliability suite's folder. */
function repository(): string {
  const root = tempFolder("stashkit-run-tests-");
  mkdirSync(join(root, "packages/a"), { recursive: true });
  writeFileSync(join(root, "packages/a/vitest.config.ts"), "export default {};\n");
  return root;
}

/** A stage that writes packages/a's report and the reliability suite's (2 passed), then exits with `code`. */
function testStage(passed: number, failed: number, code = failed > 0 ? 1 : 0) {
  const vitest = JSON.stringify({
    numPassedTests: passed,
    numFailedTests: failed,
    numPendingTests: 0,
    numTodoTests: 0,
  });
  const reliability = JSON.stringify({ passed: 2, failed: 0, leaks: 0, secretsChecked: 9 });
  const source = [
    "const fs = require('node:fs');",
    "fs.mkdirSync('packages/a/test-results', { recursive: true });",
    `fs.writeFileSync('packages/a/test-results/vitest.json', ${JSON.stringify(vitest)});`,
    "fs.mkdirSync('reliability/test-results', { recursive: true });",
    `fs.writeFileSync('reliability/test-results/reliability.json', ${JSON.stringify(reliability)});`,
    `process.exit(${code});`,
  ].join("\n");
  return { name: "tests", command: [process.execPath, "-e", source], report: "vitest" };
}

const stage = (name: string, source: string) => ({ name, command: [process.execPath, "-e", source] });

function runTests(root: string, stages: unknown[], extraEnv: Record<string, string> = {}) {
  const temp = tempFolder("stashkit-run-tests-tmp-");
  const result = spawnSync(process.execPath, [script], {
    cwd: root,
    encoding: "utf8",
    env: {
      ...process.env,
      TMPDIR: temp,
      STASHKIT_TEST_ROOT: root,
      STASHKIT_TEST_STAGES: JSON.stringify(stages),
      ...extraEnv,
    },
  });
  const lines = result.stdout.trimEnd().split("\n");
  return { status: result.status, lines, last: lines.at(-1), tempLeft: readdirSync(temp) };
}

describe("scripts/run-tests.mjs", () => {
  it("runs every stage after a failed one and ends with the closing line, the failed stage named", () => {
    const root = repository();
    const run = runTests(root, [
      stage("lint", "process.exit(1)"),
      testStage(3, 0),
      stage("check", "require('node:fs').writeFileSync('checked', 'yes')"),
    ]);
    expect(run.status).toBe(1);
    expect(readFileSync(join(root, "checked"), "utf8")).toBe("yes");
    expect(run.lines).toContain("failed stages: lint");
    expect(run.last).toBe("5 passed, 1 failed");
    // Each stage says how long it took, failed or not.
    const times = run.lines.filter((line) => /^pnpm test: .+ took \d+ s$/.test(line));
    expect(times.map((line) => line.replace(/ took \d+ s$/, ""))).toEqual([
      "pnpm test: lint",
      "pnpm test: tests",
      "pnpm test: check",
    ]);
  });

  it("counts a failed test once, not again for its stage, and names a stage that wrote no report", () => {
    const run = runTests(repository(), [testStage(4, 2), stage("node 22", "process.exit(1)")]);
    expect(run.status).toBe(1);
    expect(run.lines).toContain("failed stages: tests; node 22");
    expect(run.last).toBe("6 passed, 3 failed");
  });

  it("fails a run whose tests leave something in the temp folder, and removes it either way", () => {
    const leave =
      "const { mkdirSync } = require('node:fs'); mkdirSync(require('node:os').tmpdir() + '/stashkit-run-left')";
    const run = runTests(repository(), [testStage(5, 0), stage("leaves a folder", leave)]);
    expect(run.status).toBe(1);
    expect(run.lines).toContain(
      "failed stages: the temp folder: the tests left 1 entries (stashkit-run-left)",
    );
    expect(run.last).toBe("7 passed, 1 failed");
    expect(run.tempLeft).toEqual([]);
  });

  it("passes with every stage passing, and reads no report an earlier run left", () => {
    const root = repository();
    expect(runTests(root, [testStage(6, 1)]).last).toBe("8 passed, 1 failed");
    const run = runTests(root, [stage("lint", "0"), stage("no tests this time", "0")]);
    expect(run.lines).toContain("no report from: packages/a, reliability");
    expect(run.last).toBe("0 passed, 2 failed");
    const green = runTests(root, [testStage(6, 0)]);
    expect([green.status, green.last, green.tempLeft]).toEqual([0, "8 passed, 0 failed", []]);
  });

  it("says what a stage lacks and how to get it before it runs, and names it when the stage fails", () => {
    const lacking = {
      STASHKIT_NODE22: "/nowhere/node22",
      STASHKIT_CHROMIUM: "/nowhere/chromium",
      STASHKIT_OLD_NODE: process.execPath,
      // No engine answers there, whether or not this machine has one.
      DOCKER_HOST: "unix:///nowhere/docker.sock",
    };
    const run = runTests(
      repository(),
      [
        { ...testStage(1, 0), needs: ["chromium"] },
        { ...stage("image", "process.exit(1)"), needs: ["docker"] },
        { ...stage("node 22", "process.exit(1)"), needs: ["node22"] },
        { ...stage("walk", "0"), needs: ["oldNode"] },
      ],
      lacking,
    );
    expect(run.lines).toContain(
      "pnpm test: tests needs Chromium (the emulator inspector's browser tests): no Chromium at /nowhere/chromium; get it: run `bash .ci/run --setup` (Debian's chromium), or set STASHKIT_CHROMIUM to a Chromium binary",
    );
    expect(run.lines).toContain(
      "pnpm test: node 22 needs Node 22 (pnpm test:node22): no Node 22 at /nowhere/node22; get it: run `bash .ci/run --setup`, or set STASHKIT_NODE22 to a Node 22 binary",
    );
    expect(run.lines.find((line) => line.startsWith("pnpm test: image needs a Docker engine"))).toMatch(
      /^pnpm test: image needs a Docker engine \(the image and the container tests\): no (Docker engine answers|docker command) \(.*\); get it: start one, or run `bash \.ci\/run --setup` \(Debian's docker\.io, dockerd started and kept\)$/,
    );
    expect(run.lines.find((line) => line.startsWith("pnpm test: walk"))).toMatch(
      /^pnpm test: walk needs a Node older than 24 .*: STASHKIT_OLD_NODE \(.+\) is not a Node older than 24; get it: /,
    );
    expect(run.lines).toContain(
      "failed stages: image, without a Docker engine (the image and the container tests); node 22, without Node 22 (pnpm test:node22)",
    );
    expect(run.last).toBe("3 passed, 2 failed");
  });

  // A task turbo cancels printed "Test failed" (pnpm's line for a script that did not exit 0).
  it("runs turbo so that a failed task cancels no other: the slow one ends as it would have", {
    timeout: 180_000,
  }, () => {
    const root = tempFolder("stashkit-turbo-");
    const write = (file: string, value: unknown) => {
      mkdirSync(join(root, file, ".."), { recursive: true });
      writeFileSync(join(root, file), JSON.stringify(value));
    };
    write("package.json", { name: "stand-in", private: true, packageManager: "pnpm@10.34.8" });
    writeFileSync(join(root, "pnpm-workspace.yaml"), 'packages:\n  - "packages/*"\n');
    const tasks = Object.fromEntries(["build", "typecheck", "lint", "test"].map((task) => [task, {}]));
    write("turbo.json", { ui: "stream", tasks });
    // Still running when the other fails: it waits for that failure, then 3 s more. Only a
    // regression's detection leans on those 3 s; with turbo as it is run, the slow task ends by
    // itself however slow the machine (and gives up after two minutes rather than hang the test).
    const waits =
      "node -e \"const f=require('fs');setTimeout(()=>process.exit(2),120000);const t=setInterval(()=>{if(f.existsSync('../fails/.done')){clearInterval(t);setTimeout(()=>process.exit(0),3000)}},50)\"";
    write("packages/fails/package.json", {
      name: "fails",
      scripts: { test: "node -e \"require('fs').writeFileSync('.done','')\" && node -e \"process.exit(1)\"" },
    });
    write("packages/slow/package.json", {
      name: "slow",
      scripts: { test: `${waits} && echo slow finished` },
    });
    const result = spawnSync(join(import.meta.dirname, "../../node_modules/.bin/turbo"), TURBO_ARGS, {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", NO_COLOR: "1" },
    });
    const output = result.stdout + result.stderr;
    expect(result.status).not.toBe(0);
    expect(output).toContain("slow:test: slow finished");
    expect(output).not.toMatch(/slow:test:.*(Test failed|ELIFECYCLE)/);
    expect(output).toMatch(/fails:test:.*Test failed/);
  });
});
