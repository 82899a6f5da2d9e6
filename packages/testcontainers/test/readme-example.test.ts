import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { DEFAULT_IMAGE } from "../src/index.ts";
import { IMAGE } from "./image.ts";

const PACKAGE = join(import.meta.dirname, "..");

/** The block after `<!-- example: NAME` in this package's README, as a reader would copy it. */
function readmeExample(name: string): string {
  const text = readFileSync(join(PACKAGE, "README.md"), "utf8");
  const block = /```ts\n([\s\S]*?)```/.exec(text.slice(text.indexOf(`<!-- example: ${name}`)))?.[1];
  if (!block) throw new Error(`the README has no example ${name}`);
  return block;
}

// The example names no image, so it starts the default one: the image under test is tagged so
// for this test only (unless an image of that name is here already), and the tag removed after.
const docker = (...args: string[]) => execFileSync("docker", args, { stdio: "ignore" });
let tagged = false;
try {
  docker("image", "inspect", DEFAULT_IMAGE);
} catch {
  docker("tag", IMAGE, DEFAULT_IMAGE);
  tagged = true;
}
const project = await mkdtemp(join(tmpdir(), "stashkit-testcontainers-example-"));
afterAll(async () => {
  if (tagged) docker("image", "rm", DEFAULT_IMAGE);
  await rm(project, { recursive: true, force: true });
});

it("the README's example passes as written, against the image", async () => {
  await writeFile(
    join(project, "package.json"),
    JSON.stringify({ name: "example", private: true, type: "module" }),
  );
  await writeFile(join(project, "catalog.test.ts"), readmeExample("vitest-container"));
  const vitest = await realpath(join(PACKAGE, "node_modules/vitest"));
  for (const [name, target] of [
    ["@stashkit/testcontainers", PACKAGE],
    ["@upstash/qstash", await realpath(join(PACKAGE, "node_modules/@upstash/qstash"))],
    ["@upstash/search", await realpath(join(PACKAGE, "node_modules/@upstash/search"))],
    ["vitest", vitest],
  ] as const) {
    const at = join(project, "node_modules", name);
    await mkdir(join(at, ".."), { recursive: true });
    await symlink(target, at, "dir");
  }

  const child = spawn(
    process.execPath,
    [join(vitest, "vitest.mjs"), "run", "--testTimeout", "120000", "--hookTimeout", "180000"],
    {
      cwd: project,
      env: { ...process.env, CI: "true", NO_COLOR: "1", TESTCONTAINERS_RYUK_DISABLED: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));

  expect(output).toMatch(/Tests\s+2 passed \(2\)/);
  expect(code).toBe(0);
  // The inner run's own limits (a 180 s hook, 120 s tests) plus its start on a loaded machine.
}, 600_000);
