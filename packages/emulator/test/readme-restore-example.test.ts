import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Search } from "@upstash/search";
import { afterEach, expect, it } from "vitest";
import { startEmulator } from "../src/index.ts";
import { readmeExample } from "./readme.ts";
import { exampleProject } from "./readme-project.ts";

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
  const { folder: project, runTests } = await exampleProject("stashkit-restore-example-", [
    "@upstash/search",
  ]);
  folders.push(project);
  await writeFile(join(project, "catalog.test.ts"), readmeExample("vitest-restore"));
  await mkdir(join(project, "fixtures"));
  await writeFixture(join(project, "fixtures/catalog.json"));
  const { code, output } = await runTests();

  expect(output).toMatch(/Tests\s+2 passed \(2\)/);
  expect(code).toBe(0);
}, 60_000);
