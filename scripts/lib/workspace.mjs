// The workspace as the file system has it, so that no script keeps its own list of packages
// or actions: pnpm-workspace.yaml's globs (a folder, or `folder/*`) and the actions/ folder.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

/** The folders of the actions: every actions/<name> with an action.yml. */
export function actionFolders(root = ".") {
  return readdirSync(join(root, "actions"))
    .filter((name) => existsSync(join(root, "actions", name, "action.yml")))
    .sort();
}

/** Every workspace package: its folder and its package.json name. */
export function workspacePackages(root = ".") {
  const { packages: globs } = parse(readFileSync(join(root, "pnpm-workspace.yaml"), "utf8"));
  const folders = globs.flatMap((glob) =>
    glob.endsWith("/*")
      ? readdirSync(join(root, glob.slice(0, -2))).map((name) => `${glob.slice(0, -2)}/${name}`)
      : [glob],
  );
  return folders
    .filter((dir) => existsSync(join(root, dir, "package.json")))
    .map((dir) => ({ dir, name: JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")).name }));
}
