import { spawn } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readmeExample } from "./readme.ts";

const PACKAGE = join(import.meta.dirname, "..");
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

/** Links a package into the project's node_modules, as an install would. */
async function link(project: string, name: string, target: string): Promise<void> {
  const at = join(project, "node_modules", name);
  await mkdir(join(at, ".."), { recursive: true });
  await symlink(target, at, "dir");
}

describe("README examples", () => {
  it("the vitest global setup starts the emulator in-process for the README's test, which passes", async () => {
    const project = await mkdtemp(join(tmpdir(), "stashkit-vitest-example-"));
    folders.push(project);
    await writeFile(
      join(project, "package.json"),
      JSON.stringify({ name: "example", private: true, type: "module" }),
    );
    await writeFile(join(project, "vitest.global-setup.ts"), readmeExample("vitest-global-setup"));
    await writeFile(join(project, "vitest.config.ts"), readmeExample("vitest-config"));
    await writeFile(join(project, "webhook.test.ts"), readmeExample("vitest-test"));
    const vitest = await realpath(join(PACKAGE, "node_modules/vitest"));
    await link(project, "@stashkit/emulator", PACKAGE);
    await link(project, "@upstash/qstash", await realpath(join(PACKAGE, "node_modules/@upstash/qstash")));
    await link(project, "vitest", vitest);

    // Nothing of the caller's QSTASH_* may leak in: the setup file alone must provide them.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith("QSTASH_")),
    );
    const child = spawn(process.execPath, [join(vitest, "vitest.mjs"), "run"], {
      cwd: project,
      env: { ...env, CI: "true", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(output).toMatch(/Tests\s+1 passed \(1\)/);
    expect(code).toBe(0);
  }, 60_000);
});
