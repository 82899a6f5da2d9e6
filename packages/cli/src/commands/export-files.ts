import { once } from "node:events";
import { createWriteStream, renameSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Writable } from "node:stream";
import { nodeCrypto } from "../output/node-crypto.ts";
import { outputFileProblem } from "../output/secret-file.ts";
import { UsageError } from "../usage-error.ts";

/** The file of one SDK index: `{index}` in --output replaced by its name, made safe for a path. */
export function exportPath(output: string, index: string): string {
  // "" is the default namespace; any character a file name could trip on is percent-encoded.
  const safe = index === "" ? "_default" : encodeURIComponent(index).replace(/[*'()!~]/g, "_");
  return output.replaceAll("{index}", safe);
}

/** Each file must be writable and apart from the others, before anything is read or written. */
export function checkExportPaths(paths: readonly string[]): void {
  const seen = new Set<string>();
  for (const path of paths) {
    const problem = outputFileProblem(path);
    if (problem !== undefined) throw new UsageError("--output", `--output: ${problem}`);
    if (seen.has(path))
      throw new UsageError("--output", `--output: two SDK indexes would both go to ${path}`);
    seen.add(path);
  }
}

/** Writes a line, waiting when the stream asks to (a slow disk or pipe holds the reading too). */
export async function writeLine(stream: Writable, line: string): Promise<void> {
  if (!stream.write(`${line}\n`)) await once(stream, "drain");
}

/**
 * Writes `lines` to `path`, readable by its owner only: into a new file beside it, renamed over
 * `path` once every line is written, so a backup that failed midway never looks complete.
 */
export async function writeExportFile(path: string, lines: AsyncIterable<string>): Promise<number> {
  const temp = join(dirname(path), `.${basename(path)}.${nodeCrypto().randomBytes(6).toString("hex")}.tmp`);
  const stream = createWriteStream(temp, { flags: "wx", mode: 0o600 });
  let count = 0;
  try {
    await once(stream, "open");
    for await (const line of lines) {
      await writeLine(stream, line);
      count++;
    }
    stream.end();
    await once(stream, "finish");
    renameSync(temp, path);
    return count;
  } catch (error) {
    stream.destroy();
    rmSync(temp, { force: true });
    throw error;
  }
}
