// A Node without node:sqlite (Node 20, 22 before 22.13): the emulator refuses to start with one
// line naming the Node it needs, instead of starting and answering every upsert with a 500
// (issue 43). `--no-experimental-sqlite` takes the module away from this Node as those lack it.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const NEEDS =
  /^stashkit-emulator: the emulator needs Node 22\.13 or later \(for its built-in node:sqlite\); this is Node v\d+\.\d+\.\d+\n$/;

async function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--no-experimental-sqlite", ...args], { env: { ...process.env } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    // Listening would be the failure; end it so the test fails rather than hangs.
    if (stdout.includes("listening on")) child.kill("SIGTERM");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, stdout, stderr };
}

describe("a Node without node:sqlite", () => {
  it("stops the command before it listens, with one line naming the Node it needs", async () => {
    const bin = join(import.meta.dirname, "../dist/bin.js");
    for (const dataFile of [[], ["--data-file", join(import.meta.dirname, "never-made.db")]]) {
      const { code, stdout, stderr } = await run([bin, "--port", "0", ...dataFile]);
      expect(stdout).toBe("");
      expect(stderr).toMatch(NEEDS);
      expect(code).toBe(2);
    }
  });

  it("makes startEmulator reject with a NodeWithoutSqliteError", async () => {
    const index = pathToFileURL(join(import.meta.dirname, "../src/index.ts")).href;
    const script = `const { startEmulator, NodeWithoutSqliteError } = await import(${JSON.stringify(index)});
      try { await startEmulator({ port: 0 }); console.log("started"); process.exit(1); }
      catch (error) { console.log(error instanceof NodeWithoutSqliteError, error.message); }`;
    const { code, stdout } = await run(["--input-type=module", "-e", script]);
    expect(stdout).toMatch(/^true the emulator needs Node 22\.13 or later/);
    expect(code).toBe(0);
  });
});
