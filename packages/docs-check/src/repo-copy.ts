import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** A throwaway copy of the repository: its files as they are now, its installed dependencies and builds. */
export interface RepoCopy {
  root: string;
  /** A file's text, relative to the copy's root. */
  read(file: string): string;
  write(file: string, text: string): void;
  /** Replaces exactly one occurrence of `find` in `file`; throws when there is none or several. */
  replace(file: string, find: string, by: string): void;
  /** Runs a command in a folder of the copy; never throws. */
  run(folder: string, command: string, args: readonly string[]): { status: number | null; output: string };
  remove(): void;
}

/**
 * Copies the repository's files (git's tracked and untracked-but-not-ignored ones, as they are in
 * the work tree) into a temporary folder. The installed dependencies are not copied: the root's
 * `node_modules/.pnpm` is linked, and each package's `node_modules` is rebuilt as the same relative
 * links, so a workspace package resolves to the copy's own folder. Each package's build (`dist/`,
 * not tracked) is copied, so the copy starts as built as the repository.
 */
export function copyRepository(root: string): RepoCopy {
  const copy = mkdtempSync(join(tmpdir(), "docs-check-recipe-"));
  try {
    const listed = execFileSync("git", ["ls-files", "-z", "-co", "--exclude-standard"], { cwd: root });
    const files = listed
      .toString("utf8")
      .split("\0")
      .filter((file) => file !== "" && existsSync(join(root, file)));
    for (const file of files) {
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      cpSync(join(root, file), join(copy, file), { verbatimSymlinks: true });
    }
    for (const folder of packageFolders(files)) {
      mirrorNodeModules(join(root, folder, "node_modules"), join(copy, folder, "node_modules"));
      const dist = join(folder, "dist");
      if (existsSync(join(root, dist)) && !existsSync(join(copy, dist))) {
        cpSync(join(root, dist), join(copy, dist), { recursive: true, verbatimSymlinks: true });
      }
    }
  } catch (error) {
    rmSync(copy, { recursive: true, force: true });
    throw error;
  }
  return handle(copy);
}

function handle(copy: string): RepoCopy {
  const at = (file: string) => join(copy, file);
  return {
    root: copy,
    read: (file) => readFileSync(at(file), "utf8"),
    write(file, text) {
      mkdirSync(dirname(at(file)), { recursive: true });
      writeFileSync(at(file), text);
    },
    replace(file, find, by) {
      const text = readFileSync(at(file), "utf8");
      const count = text.split(find).length - 1;
      if (count !== 1) throw new Error(`${file} holds ${JSON.stringify(find)} ${count} times, not once`);
      writeFileSync(
        at(file),
        text.replace(find, () => by),
      );
    },
    run(folder, command, args) {
      const result = spawnSync(command, args, {
        cwd: at(folder),
        encoding: "utf8",
        env: { ...ownEnvironment(), CI: "true", FORCE_COLOR: "0" },
        maxBuffer: 64 * 1024 * 1024,
      });
      return { status: result.status, output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
    },
    remove: () => rmSync(copy, { recursive: true, force: true }),
  };
}

/** The folders that hold a package.json, the root ("") included. */
function packageFolders(files: readonly string[]): string[] {
  return files
    .filter((file) => file === "package.json" || file.endsWith("/package.json"))
    .map((file) => dirname(file))
    .map((folder) => (folder === "." ? "" : folder));
}

/** The same tree of folders and links; `.pnpm` (the store of real files) is linked, not walked. */
function mirrorNodeModules(from: string, to: string): void {
  if (!existsSync(from)) return;
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    const source = join(from, entry);
    const target = join(to, entry);
    const stat = lstatSync(source);
    if (entry === ".pnpm" || entry === ".cache" || entry === ".vite") {
      if (entry === ".pnpm") symlinkSync(source, target);
    } else if (stat.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else if (stat.isDirectory()) mirrorNodeModules(source, target);
    else cpSync(source, target);
  }
}

/**
 * This process's environment without what vitest and the project's test runs set for this run
 * (`VITEST_*`, `STASHKIT_*`: a report path, a store), which would steer the copy's own runs.
 */
function ownEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(?:VITEST|STASHKIT_)|^NODE_ENV$|^TEST$/.test(name)),
  );
}
