import { createRequire } from "node:module";

const requireBuiltin = createRequire(import.meta.url);

/**
 * node:crypto, loaded on first use: only a written file needs it (a delimiter, a temporary
 * name), and loading it with the modules cost ~9 ms of every command's start (issue 28).
 */
export function nodeCrypto(): typeof import("node:crypto") {
  return requireBuiltin("node:crypto") as typeof import("node:crypto");
}
