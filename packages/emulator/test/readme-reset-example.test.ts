import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { readmeExample } from "./readme.ts";
import { exampleProject } from "./readme-project.ts";

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

it("the README's beforeEach reset example passes as written: each test starts from an empty emulator", async () => {
  const { folder: project, runTests } = await exampleProject("stashkit-reset-example-");
  folders.push(project);
  await writeFile(join(project, "queues.test.ts"), readmeExample("vitest-reset"));
  const { code, output } = await runTests();

  expect(output).toMatch(/Tests\s+2 passed \(2\)/);
  expect(code).toBe(0);
}, 60_000);
