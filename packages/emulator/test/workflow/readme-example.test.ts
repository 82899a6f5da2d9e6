import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readmeExample } from "../readme.ts";
import { exampleProject } from "../readme-project.ts";

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

describe("README: Upstash Workflow", () => {
  it.each([
    ["workflow-test", "order-workflow.test.ts"],
    ["workflow-testing", "checkout.test.ts"],
  ])(
    "the README's %s example passes against the in-process emulator",
    async (example, file) => {
      const { folder: project, runTests } = await exampleProject("stashkit-workflow-example-", [
        "@upstash/qstash",
        "@upstash/workflow",
      ]);
      folders.push(project);
      await writeFile(join(project, file), readmeExample(example));
      const { code, output } = await runTests();
      expect(output).toMatch(/Tests\s+1 passed \(1\)/);
      expect(code).toBe(0);
    },
    60_000,
  );
});
