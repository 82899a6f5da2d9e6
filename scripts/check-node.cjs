// The Node check every pnpm command of this workspace runs first (.pnpmfile.cjs loads this file
// before pnpm reads a package): on a Node older than the root package.json's `engines` asks for,
// one line naming the Node found, the one needed and how to get it, and exit 1, before pnpm prints
// its engine warnings or installs, builds or runs anything. CommonJS in syntax any Node since 14
// reads: it runs on whichever Node is there.
"use strict";
const { readFileSync } = require("node:fs");
const { homedir } = require("node:os");
const { join } = require("node:path");

/** Where .ci/run keeps its tools (keep in step with it), and the env file `--setup` writes there. */
function toolCache(env) {
  return env.STASHKIT_TOOL_CACHE || join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "stashkit-tools");
}

/** The line for a Node older than needed; undefined when `version` is new enough. */
function oldNodeLine(version, execPath, env) {
  const engines = JSON.parse(readFileSync(join(__dirname, "..", "package.json"), "utf8")).engines || {};
  const match = /(\d+)/.exec(engines.node || "");
  const needed = match ? Number(match[1]) : 0;
  if (Number(version.split(".")[0]) >= needed) return undefined;
  return (
    `stashkit needs Node ${needed} or newer, and this is Node ${version} (${execPath}): ` +
    "run `bash .ci/run --setup` (it brings Node 24 and 22, pnpm, Chromium and Docker), then " +
    `\`. ${join(toolCache(env), "env.sh")}\` to put them first on PATH; or install Node ${needed} from https://nodejs.org`
  );
}

/** Ends this process with the line when its Node is too old. */
function requireNode() {
  const line = oldNodeLine(process.versions.node, process.execPath, process.env);
  if (line === undefined) return;
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

module.exports = { oldNodeLine, requireNode, toolCache };
