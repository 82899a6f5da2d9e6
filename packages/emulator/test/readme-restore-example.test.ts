import { spawn } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Search } from "@upstash/search";
import { afterEach, expect, it } from "vitest";
import { startEmulator } from "../src/index.ts";
import { readmeExample } from "./readme.ts";

const PACKAGE = join(import.meta.dirname, "..");
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

/** The fixture the example reads: an index "shop" with two products, exported from an emulator. */
async function writeFixture(file: string): Promise<void> {
  const emulator = await startEmulator({ searchIndexes: ["shop"] });
  try {
    await Search.fromEnv(emulator.searchEnv("shop"))
      .index("products")
      .upsert([
        { id: "p1", content: { title: "red running shoes" } },
        { id: "p2", content: { title: "blue rain jacket" } },
      ]);
    await writeFile(file, JSON.stringify(emulator.exportSnapshot()));
  } finally {
    await emulator.close();
  }
}

it("the README's restore example passes as written: each test starts from the fixture read once", async () => {
  const project = await mkdtemp(join(tmpdir(), "stashkit-restore-example-"));
  folders.push(project);
  await writeFile(
    join(project, "package.json"),
    JSON.stringify({ name: "example", private: true, type: "module" }),
  );
  await writeFile(join(project, "catalog.test.ts"), readmeExample("vitest-restore"));
  await mkdir(join(project, "fixtures"));
  await writeFixture(join(project, "fixtures/catalog.json"));
  const vitest = await realpath(join(PACKAGE, "node_modules/vitest"));
  const search = await realpath(join(PACKAGE, "node_modules/@upstash/search"));
  for (const [name, target] of [
    ["@stashkit/emulator", PACKAGE],
    ["@upstash/search", search],
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
