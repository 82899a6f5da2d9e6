import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readmeExample } from "./readme.ts";
import { exampleProject } from "./readme-project.ts";

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

describe("README examples", () => {
  it("the vitest global setup starts the emulator in-process for the README's test, which passes", async () => {
    const { folder: project, runTests } = await exampleProject("stashkit-vitest-example-", [
      "@upstash/qstash",
    ]);
    folders.push(project);
    await writeFile(join(project, "vitest.global-setup.ts"), readmeExample("vitest-global-setup"));
    await writeFile(join(project, "vitest.config.ts"), readmeExample("vitest-config"));
    await writeFile(join(project, "webhook.test.ts"), readmeExample("vitest-test"));
    const { code, output } = await runTests();
    expect(output).toMatch(/Tests\s+1 passed \(1\)/);
    expect(code).toBe(0);
  }, 60_000);
});
