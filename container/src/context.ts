import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { must } from "./run.ts";

/** The repository's root, two folders above this file. */
export const ROOT = join(import.meta.dirname, "..", "..");
export const DOCKERFILE = join(ROOT, "container", "Dockerfile");

/** The emulator's version, for the image's labels and tags. */
export function emulatorVersion(): string {
  const manifest = JSON.parse(readFileSync(join(ROOT, "packages/emulator/package.json"), "utf8")) as {
    version: string;
  };
  return manifest.version;
}

/**
 * The build context: the emulator as `pnpm deploy --prod` lays it out (its built dist/ and its
 * production dependencies from the lockfile, no workspace links) in `app/`. Platform-neutral (the
 * dependencies are plain JavaScript), so one context serves every platform of a release build.
 * `into` is made if missing; without it, a temporary folder the caller removes.
 */
export async function prepareContext(into?: string): Promise<string> {
  if (!existsSync(join(ROOT, "packages/emulator/dist/bin.js"))) {
    throw new Error("the emulator is not built: run `pnpm image` (it builds first) or `pnpm build`");
  }
  const context = into ?? mkdtempSync(join(tmpdir(), "stashkit-image-"));
  rmSync(join(context, "app"), { recursive: true, force: true });
  await must(
    "pnpm",
    [
      "--filter",
      "@stashkit/emulator",
      "deploy",
      "--prod",
      "--legacy",
      "--prefer-offline",
      join(context, "app"),
    ],
    { cwd: ROOT },
  );
  return context;
}
