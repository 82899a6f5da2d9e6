// A newcomer's machine for the README's first-hour walk: a fresh copy of the repository (its files,
// no installed dependencies, no builds), a home folder of its own, and a PATH on which `node` is a
// Node older than 24 (STASHKIT_OLD_NODE, which .ci/run sets: CI's machine's own Node 20) and pnpm
// is the one installed with npm, as the README's Prerequisites say. The tools `.ci/run` already
// brought into the tool cache, and pnpm's package store, are linked into that home so the walk
// downloads nothing CI has; what it writes there (env.sh) stays in it.
import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";

const { toolCache } = createRequire(import.meta.url)("../../../scripts/check-node.cjs") as {
  toolCache(env: NodeJS.ProcessEnv): string;
};

export interface Machine {
  /** The copy's root, where the README's commands run. */
  repo: string;
  home: string;
  oldNode: string;
  /** Runs a shell script there, as a newcomer's terminal would (bash, that machine's PATH). */
  shell(script: string): { status: number | null; output: string };
  /** Removes it all, stopping a Docker engine its `--setup` started (and so kept running). */
  remove(): void;
}

/** The Node older than 24 the walk starts on; a clear error when there is none. */
export function oldNode(env: NodeJS.ProcessEnv): string {
  const path = env["STASHKIT_OLD_NODE"];
  if (!path || !existsSync(path)) {
    throw new Error(
      "the first-hour walk needs a Node older than 24 in STASHKIT_OLD_NODE: run `bash .ci/run --setup` and `. ~/.cache/stashkit-tools/env.sh`",
    );
  }
  return path;
}

export function newcomersMachine(root: string): Machine {
  // Before the folder is made: without an old Node there is nothing to make, nor to leave behind.
  const old = oldNode(process.env);
  const base = mkdtempSync(join(tmpdir(), "stashkit-first-hour-"));
  const repo = join(base, "repo");
  const home = join(base, "home");
  const shims = join(base, "bin");
  try {
    copyFiles(root, repo);
    linkCaches(home);
    mkdirSync(shims);
    symlinkSync(old, join(shims, "node"));
  } catch (error) {
    rmSync(base, { recursive: true, force: true });
    throw error;
  }
  const env = machineEnvironment(home, shims);
  return {
    repo,
    home,
    oldNode: old,
    shell(script) {
      const ran = spawnSync("bash", ["--noprofile", "--norc", "-c", script], {
        cwd: repo,
        env,
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      });
      return { status: ran.status, output: `${ran.stdout ?? ""}${ran.stderr ?? ""}` };
    },
    remove() {
      const pidFile = join(home, ".cache/stashkit-tools/dockerd.pid");
      if (existsSync(pidFile)) process.kill(Number(readFileSync(pidFile, "utf8")), "SIGTERM");
      rmSync(base, { recursive: true, force: true });
    },
  };
}

/** The repository's files as git lists them (tracked, and untracked but not ignored), nothing else. */
function copyFiles(root: string, repo: string): void {
  const listed = execFileSync("git", ["ls-files", "-z", "-co", "--exclude-standard"], { cwd: root });
  for (const file of listed.toString("utf8").split("\0")) {
    if (file === "" || !existsSync(join(root, file))) continue;
    mkdirSync(dirname(join(repo, file)), { recursive: true });
    cpSync(join(root, file), join(repo, file), { verbatimSymlinks: true });
  }
}

/** The tool cache's tools (not its env.sh, nor a dockerd's log) and pnpm's store, linked into the home. */
function linkCaches(home: string): void {
  const tools = toolCache(process.env);
  const linked = join(home, ".cache/stashkit-tools");
  mkdirSync(linked, { recursive: true });
  for (const entry of existsSync(tools) ? readdirSync(tools) : []) {
    if (/^(node|pnpm)-/.test(entry)) symlinkSync(join(tools, entry), join(linked, entry));
  }
  const pnpm = join(home, ".local/share/pnpm");
  mkdirSync(dirname(pnpm), { recursive: true });
  symlinkSync(dirname(dirname(pnpmStore())), pnpm);
}

/** pnpm's content-addressed store (…/pnpm/store/v10), as this machine's pnpm has it. */
function pnpmStore(): string {
  return execFileSync(join(pnpmBin(), "pnpm"), ["store", "path"], { encoding: "utf8" }).trim();
}

/**
 * The folder of the pnpm a newcomer has: the one npm installed into the tool cache (.ci/run's,
 * and the README's second way), else the first on PATH outside `node_modules`.
 */
function pnpmBin(): string {
  const version = (
    JSON.parse(readFileSync(join(import.meta.dirname, "../../../package.json"), "utf8")) as {
      packageManager: string;
    }
  ).packageManager.replace(/^pnpm@/, "");
  const cached = join(toolCache(process.env), `pnpm-${version}`, "node_modules/.bin");
  if (existsSync(join(cached, "pnpm"))) return cached;
  const onPath = (process.env["PATH"] ?? "")
    .split(delimiter)
    .find((dir) => dir !== "" && !dir.includes("node_modules") && existsSync(join(dir, "pnpm")));
  if (onPath === undefined) throw new Error("the first-hour walk needs pnpm: run `bash .ci/run --setup`");
  return onPath;
}

/**
 * A newcomer's environment: the old Node first on PATH, then pnpm, then the machine's own
 * folders, without the tool cache's, `node_modules/.bin` ones, or the folder of the Node that runs
 * this test; no STASHKIT_*, npm_* or test runner variables; the proxy and CA settings kept.
 */
function machineEnvironment(home: string, shims: string): NodeJS.ProcessEnv {
  const cache = toolCache(process.env);
  const own = dirname(process.execPath);
  const system = (process.env["PATH"] ?? "")
    .split(delimiter)
    .filter((dir) => dir !== "" && !dir.includes("node_modules") && !dir.startsWith(cache))
    .filter((dir) => dir !== own || ["/usr/bin", "/bin", "/usr/local/bin"].includes(dir));
  const kept = Object.entries(process.env).filter(([name]) =>
    /^(TMPDIR|LANG|TERM|NODE_EXTRA_CA_CERTS|DOCKER_HOST|https?_proxy|no_proxy|HTTPS?_PROXY|NO_PROXY)$/.test(
      name,
    ),
  );
  return {
    ...Object.fromEntries(kept),
    HOME: home,
    PATH: [shims, pnpmBin(), ...system].join(delimiter),
    NO_COLOR: "1",
  };
}
