import { execFileSync, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { RunningEmulator } from "@stashkit/emulator";
import { removeTemporaryFolders, temporaryFolder } from "@stashkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiEnv, createQueue, emulatorFor, runCli, secrets } from "./cli.ts";
import { node22Binary } from "./node22.ts";

// Every temp folder this file makes, removed when it ends, pass or fail.
afterAll(() => removeTemporaryFolders());

// The packed tarballs, installed by npm into an empty project the way a user installs them (as
// scripts/check-package.mjs does for core and emulator), then run on Node 22 and on Node 24.
const packages = join(import.meta.dirname, "../..");
const s = secrets();
let emulator: RunningEmulator;
let project: string;

beforeAll(async () => {
  emulator = await emulatorFor(s);
  const work = temporaryFolder("stashkit-cli-packed-");
  const tarballs: Record<string, string> = {};
  // The CLI bundles core and ci-context (bundle.mjs); the emulator is a dependency of its own.
  for (const name of ["stall-reasons", "emulator", "cli"]) {
    // pnpm pack turns workspace:* into the version, as publishing does; npm pack would not.
    const out = execFileSync("pnpm", ["pack", "--pack-destination", work], {
      cwd: join(packages, name),
      encoding: "utf8",
    });
    const file = out.trim().split("\n").pop() ?? "";
    tarballs[`@stashkit/${name}`] = file.startsWith("/") ? file : join(work, file);
  }
  project = join(work, "project");
  execFileSync("mkdir", ["-p", project]);
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({
      name: "empty",
      private: true,
      dependencies: { "@stashkit/cli": tarballs["@stashkit/cli"] },
      // The CLI depends on the emulator 0.1.0, not published yet: take it from its tarball too.
      overrides: {
        "@stashkit/emulator": tarballs["@stashkit/emulator"],
        // The emulator's one dependency of this workspace, not published yet either.
        "@stashkit/stall-reasons": tarballs["@stashkit/stall-reasons"],
      },
    }),
  );
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: project,
    stdio: "ignore",
  });
}, 300_000);
afterAll(() => emulator?.stop());

describe.each([
  ["Node 22", () => node22Binary()],
  ["Node 24", () => process.execPath],
])("the installed tarball on %s", (_label, nodeBinary) => {
  /** Runs node_modules/.bin/stashkit as a user's shell would, with this Node first on PATH. */
  const stashkit = async (args: string[]) => {
    const node = nodeBinary();
    const env = apiEnv(emulator, s);
    env["PATH"] = `${dirname(node)}:${env["PATH"]}`;
    return runCli(args, env, {
      executable: true,
      bin: join(project, "node_modules/.bin/stashkit"),
      cwd: project,
    });
  };

  it("runs on that Node", () => {
    const version = execFileSync(nodeBinary(), ["--version"], { encoding: "utf8" });
    expect(version).toMatch(_label === "Node 22" ? /^v22\./ : /^v24\./);
  });

  it("prints --help", async () => {
    const run = await stashkit(["--help"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("Usage: stashkit");
  });

  it("ensures an index: creates it, then finds it", async () => {
    const name = `packed-${_label.replace(" ", "").toLowerCase()}`;
    const args = ["search", "ensure", "--name", name, "--base-url", emulator.url, "--format", "json"];
    const first = await stashkit(args);
    expect(first.code, first.stderr).toBe(0);
    const second = await stashkit(args);
    expect(JSON.parse(first.stdout)).toMatchObject({ name, created: true });
    expect(JSON.parse(second.stdout)).toMatchObject({
      name,
      created: false,
      id: JSON.parse(first.stdout).id,
    });
  });

  it("prunes with --open 1 2 --dry-run", async () => {
    for (const pr of ["1", "2", "3"]) {
      const made = await stashkit([
        "search",
        "ensure",
        "--name",
        "packed-pr-{pr}",
        "--pr",
        pr,
        "--base-url",
        emulator.url,
      ]);
      expect(made.code, made.stderr).toBe(0);
    }
    const run = await stashkit([
      "search",
      "prune",
      "--pattern",
      "packed-pr-{pr}",
      "--open",
      "1",
      "2",
      "--dry-run",
      "--base-url",
      emulator.url,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^packed-pr-3 \(\S+\) would be deleted: closed$/m);
    expect(emulator.state.indexes.some((stored) => stored.index.name === "packed-pr-3")).toBe(true);
  });

  it("pauses, then resumes a queue", async () => {
    await createQueue(emulator, s, "packed-orders");
    const paused = await stashkit(["queues", "pause", "packed-orders"]);
    expect(paused.code, paused.stderr).toBe(0);
    expect(emulator.state.queues["packed-orders"]?.paused).toBe(true);
    const run = await stashkit(["queues", "resume", "packed-orders"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("queue packed-orders: resumed");
    expect(emulator.state.queues["packed-orders"]?.paused).toBe(false);
  });

  it("starts the emulator it depends on", async () => {
    const node = nodeBinary();
    const child = spawn(join(project, "node_modules/.bin/stashkit"), ["emulator", "--port", "0"], {
      env: { PATH: `${dirname(node)}:${process.env["PATH"] ?? ""}`, HOME: project },
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      let out = "";
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          if (/http:\/\/127\.0\.0\.1:\d+/.test(out)) resolve();
        });
        child.on("exit", (code) => reject(new Error(`stashkit emulator exited ${code}: ${out}`)));
      });
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0] ?? "";
      expect((await fetch(`${url}/v2/search`)).status).toBe(401);
    } finally {
      child.kill();
    }
  });
});
