import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startEmulator } from "@stashkit/emulator";
import { describe, expect, it } from "vitest";
import { blockName, type CodeBlock, codeBlocks } from "../src/code-blocks.ts";
import { readmes } from "../src/readmes.ts";
import { runBlock } from "../src/run-block.ts";
import { type Resolution, typeErrors } from "../src/type-check.ts";
import { expectedOutput, isScript, modeOf } from "../src/typescript-blocks.ts";

// A type-check of the workspace's declarations took 65 s on a loaded 2-core machine, past the
// 60 s this was: a limit against hangs, well beyond what the work takes.
const TYPE_CHECK_TIMEOUT_MS = 600_000;

const root = join(import.meta.dirname, "../../..");
const packageDir = join(import.meta.dirname, "..");
// Inside this package, so that the blocks' imports resolve to the workspace's packages.
const blocksDir = join(packageDir, ".blocks");

const scripts = readmes(root)
  .flatMap((file) => codeBlocks(root, file))
  .filter(isScript);
const typeScript = scripts.filter((block) => modeOf(block) !== undefined);
const runnable = typeScript.filter((block) => modeOf(block) === "run");

/** Each block as a module of its own, its lines where they are in the README (offset by the fence). */
const files = new Map<CodeBlock, string>();
rmSync(blocksDir, { recursive: true, force: true });
mkdirSync(blocksDir, { recursive: true });
for (const block of typeScript) {
  const file = join(blocksDir, `${block.file.replace(/[^A-Za-z0-9]+/g, "-")}-${block.line}.ts`);
  writeFileSync(file, block.code);
  files.set(block, file);
}

/** Type errors of one block, as "README:line: TScode message". */
function errorsOf(errors: Map<string, string[]>, block: CodeBlock): string[] {
  return (errors.get(files.get(block) ?? "") ?? []).map((error) => {
    const [line, text] = error.split(/: (.*)/s);
    return `${block.file}:${block.line + Number(line)}: ${text}`;
  });
}

it("finds the READMEs' TypeScript blocks, the hello-emulator script among the runnable ones", () => {
  expect(readmes(root)).toEqual(expect.arrayContaining(["README.md", "packages/core/README.md"]));
  expect(typeScript.filter((block) => block.file === "packages/core/README.md").length).toBeGreaterThan(5);
  expect(runnable.map((block) => block.code).join("\n")).toContain("stashkit-emulator");
});

it("marks every TypeScript or JavaScript block ```ts (type-checked) or ```ts run (also run)", () => {
  const unmarked = scripts
    .filter((block) => modeOf(block) === undefined)
    .map((block) => `${blockName(block)} is \`\`\`${`${block.lang} ${block.meta}`.trim()}`);
  expect(unmarked).toEqual([]);
});

describe.each<Resolution>(["nodenext", "bundler"])("with module resolution %s", (resolution) => {
  const errors = typeErrors(root, [...files.values()], resolution);

  it("raises no error outside the blocks", () => {
    const elsewhere = [...errors].filter(([file]) => ![...files.values()].includes(file));
    expect(elsewhere).toEqual([]);
  });

  it.each(typeScript.map((block) => [blockName(block), block] as const))(
    "%s type-checks with the strict settings",
    (_name, block) => {
      expect(errorsOf(errors, block)).toEqual([]);
    },
  );
});

it(
  "finds both packages' declarations under tsc's default module resolution, through `types` in package.json",
  () => {
    const probe = join(blocksDir, "node10-probe.ts");
    writeFileSync(
      probe,
      'import type { MessagingClient } from "@stashkit/core";\nimport type { RunningEmulator } from "@stashkit/emulator";\nexport type Both = [MessagingClient, RunningEmulator];\n',
    );
    expect([...typeErrors(root, [probe], "node10")]).toEqual([]);
  },
  TYPE_CHECK_TIMEOUT_MS,
);

describe("the runnable blocks", () => {
  it.each(runnable.map((block) => [blockName(block), block] as const))(
    "%s runs against the emulator",
    async (_name, block) => {
      const emulator = await startEmulator();
      try {
        const secrets = [emulator.messagingToken, emulator.account.apiKey];
        const run = await runBlock(files.get(block) ?? "", {
          cwd: packageDir,
          // What a reader would have exported after starting the emulator (it prints these).
          env: {
            PATH: process.env["PATH"] ?? "",
            NO_COLOR: "1",
            QSTASH_URL: emulator.url,
            QSTASH_TOKEN: emulator.messagingToken,
            UPSTASH_EMAIL: emulator.account.email,
            UPSTASH_API_KEY: emulator.account.apiKey,
          },
          timeoutMs: 60_000,
        });

        expect(run.stderr).toBe("");
        expect(run.exitCode).toBe(0);
        const expected = expectedOutput(block);
        if (expected !== undefined) expect(run.stdout.trimEnd()).toBe(expected.trimEnd());
        for (const secret of secrets) expect(run.stdout).not.toContain(secret);
      } finally {
        await emulator.stop();
      }
    },
    // Generous: the machine may be busy; a block that hangs is still killed at 60 s and fails.
    90_000,
  );
});
