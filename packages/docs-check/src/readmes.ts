import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * The repository's READMEs, relative to `root`: the root one, then each package's, action's,
 * the container image's and each suite's.
 */
export function readmes(root: string): string[] {
  const found = ["README.md"];
  for (const group of ["packages", "actions"]) {
    for (const name of readdirSync(join(root, group)).sort()) found.push(`${group}/${name}/README.md`);
  }
  found.push("container/README.md", "reliability/README.md", "bench/README.md");
  return found.filter((file) => existsSync(join(root, file)));
}
