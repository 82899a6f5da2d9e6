import { spawn } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { readmeExample } from "./readme.ts";

const PACKAGE = join(import.meta.dirname, "..");
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

it("the README's beforeEach reset example passes as written: each test starts from an empty emulator", async () => {
  const project = await mkdtemp(join(tmpdir(), "stashkit-reset-example-"));
  folders.push(project);
  await writeFile(
    join(project, "package.json"),
    JSON.stringify({ name: "example", private: true, type: "module" }),
  );
  await writeFile(join(project, "queues.test.ts"), readmeExample("vitest-reset"));
  const vitest = await realpath(join(PACKAGE, "node_modules/vitest"));
  for (const [name, target] of [
    ["@stashkit/emulator", PACKAGE],
    ["vitest", vitest],
  ] as const) {
    const at = join(project, "node_modules", name);
    await mkdir(join(at, ".."), { recursive: true });
    await symlink(target, at, "dir");
  }

  const child = spawn(process.execPath, [join(vitest, "vitest.mjs"), "run"], {
    cwd: project,
    env: { ...process.env, CI: "true", NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));

  expect(output).toMatch(/Tests\s+2 passed \(2\)/);
  expect(code).toBe(0);
}, 60_000);
