import { spawn } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const PACKAGE = join(import.meta.dirname, "..");

/**
 * A project in a temp folder, as a reader would set one up to try a README example: a
 * package.json, the emulator and vitest (and `linked` packages of this one's dependencies)
 * installed as links. The caller removes `folder`.
 */
export async function exampleProject(prefix: string, linked: readonly string[] = []) {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  await writeFile(
    join(folder, "package.json"),
    JSON.stringify({ name: "example", private: true, type: "module" }),
  );
  const vitest = await realpath(join(PACKAGE, "node_modules/vitest"));
  try {
    for (const name of ["@stashkit/emulator", "vitest", ...linked]) {
      const target =
        name === "@stashkit/emulator" ? PACKAGE : await realpath(join(PACKAGE, "node_modules", name));
      const at = join(folder, "node_modules", name);
      await mkdir(join(at, ".."), { recursive: true });
      await symlink(target, at, "dir");
    }
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  /** Runs the project's tests with its vitest: the exit code and everything printed. */
  async function runTests(): Promise<{ code: number | null; output: string }> {
    // The example configures the emulator itself: nothing of the caller's QSTASH_* may leak in.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith("QSTASH_")),
    );
    const child = spawn(process.execPath, [join(vitest, "vitest.mjs"), "run"], {
      cwd: folder,
      env: { ...env, CI: "true", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    return { code, output };
  }
  return { folder, runTests };
}
