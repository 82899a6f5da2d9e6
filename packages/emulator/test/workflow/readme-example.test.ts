import { spawn } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readmeExample } from "../readme.ts";

const PACKAGE = join(import.meta.dirname, "../..");
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

/** Links a package into the project's node_modules, as an install would. */
async function link(project: string, name: string, target: string): Promise<void> {
  const at = join(project, "node_modules", name);
  await mkdir(join(at, ".."), { recursive: true });
  await symlink(await realpath(target), at, "dir");
}

describe("README: Upstash Workflow", () => {
  it.each([
    ["workflow-test", "order-workflow.test.ts"],
    ["workflow-testing", "checkout.test.ts"],
  ])(
    "the README's %s example passes against the in-process emulator",
    async (example, file) => {
      const project = await mkdtemp(join(tmpdir(), "stashkit-workflow-example-"));
      folders.push(project);
      await writeFile(
        join(project, "package.json"),
        JSON.stringify({ name: "example", private: true, type: "module" }),
      );
      await writeFile(join(project, file), readmeExample(example));
      await link(project, "@stashkit/emulator", PACKAGE);
      for (const name of ["@upstash/qstash", "@upstash/workflow", "vitest"]) {
        await link(project, name, join(PACKAGE, "node_modules", name));
      }

      const vitest = await realpath(join(PACKAGE, "node_modules/vitest"));
      // The example configures everything itself: nothing of the caller's QSTASH_* may leak in.
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
    },
    60_000,
  );
});
