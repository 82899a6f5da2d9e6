import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { inputVariable, readActionMetadata } from "./action-metadata.ts";
import { parseRunnerFile } from "./runner-files.ts";
import { temporaryFolder } from "./temp-folders.ts";

export interface LocalActionRun {
  exitCode: number | null;
  stdout: string;
  outputs: Record<string, string>;
}

/**
 * Runs an action's TypeScript entry (`src/main.ts`) with @github/local-action, an independent
 * implementation of the runner's side of the action interface. Inputs go in a dotenv file.
 */
export async function runLocalAction(options: {
  actionDir: string;
  inputs: Record<string, string>;
  env?: Record<string, string>;
}): Promise<LocalActionRun> {
  const root = resolve(options.actionDir, "../..");
  const dir = temporaryFolder("stashkit-local-action-");
  const outputFile = join(dir, "output");
  writeFileSync(outputFile, "");
  const metadata = readActionMetadata(options.actionDir);
  const variables: Record<string, string> = { GITHUB_OUTPUT: outputFile, ...options.env };
  for (const [name, input] of Object.entries(metadata.inputs)) {
    if (input.default !== undefined) variables[inputVariable(name)] = String(input.default);
  }
  for (const [name, value] of Object.entries(options.inputs)) variables[inputVariable(name)] = value;
  const dotenv = join(dir, ".env");
  writeFileSync(
    dotenv,
    Object.entries(variables)
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join("\n"),
  );

  const bin = join(root, "node_modules/.bin/local-action");
  const child = spawn(bin, ["run", options.actionDir, "src/main.ts", dotenv], {
    cwd: root,
    env: {
      PATH: `${join(root, "node_modules/.bin")}:${process.env["PATH"] ?? ""}`,
      HOME: process.env["HOME"] ?? dir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const exitCode = await new Promise<number | null>((done) => child.on("close", done));
  return { exitCode, stdout, outputs: parseRunnerFile(readFileSync(outputFile, "utf8")) };
}
