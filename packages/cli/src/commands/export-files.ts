import { once } from "node:events";
import { createWriteStream, renameSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Writable } from "node:stream";
import { IndexLookupError } from "@stashkit/core";
import { nodeCrypto } from "../output/node-crypto.ts";
import { outputFileProblem } from "../output/secret-file.ts";
import { UsageError } from "../usage-error.ts";

const FLAG = "--output-file";

/**
 * The file of one SDK index: `{index}` in --output-file replaced by its name, percent-encoded so
 * that a name is safe in a path and two names never make one file (`a*`, `a_` and `a'` are
 * `a%2A`, `a_` and `a%27`; a leading dot too, so no name makes `..` or a hidden file). "" is the
 * default namespace, `_default`.
 */
export function exportPath(output: string, index: string): string {
  let safe: string;
  try {
    safe = index === "" ? "_default" : encodeURIComponent(index);
  } catch {
    throw new UsageError(
      FLAG,
      `${FLAG}: the SDK index ${JSON.stringify(index)} cannot name a file (ill-formed UTF-16)`,
    );
  }
  safe = safe.replace(/[!'()*~]|^\./g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return output.replaceAll("{index}", safe);
}

/**
 * Each file must be writable and apart from the others, before anything is written: two SDK
 * indexes never go to one file, not even to two names that differ only in case (one file on macOS
 * and Windows), or the second would replace the first. Checked before anything is sent for the
 * indexes given (a UsageError, exit 2), and again, once listed, for those found (exit 1).
 */
export function checkExportPaths(
  files: readonly { index: string; path: string }[],
  { listed = false } = {},
): void {
  const refuse = (message: string) =>
    listed ? new IndexLookupError(FLAG, message, files.length) : new UsageError(FLAG, message);
  const seen = new Map<string, { index: string; path: string }>();
  for (const file of files) {
    const problem = outputFileProblem(file.path);
    if (problem !== undefined) throw refuse(`${FLAG}: ${problem}`);
    const other = seen.get(file.path.toLowerCase());
    if (other !== undefined) {
      const names = `${JSON.stringify(other.index)} and ${JSON.stringify(file.index)}`;
      const where =
        other.path === file.path
          ? file.path
          : `${other.path} and ${file.path}, one file where case is ignored`;
      throw refuse(
        `${FLAG}: the SDK indexes ${names} would both be written to ${where}; nothing was written: export them one at a time with --index`,
      );
    }
    seen.set(file.path.toLowerCase(), file);
  }
}

/** Writes a line, waiting when the stream asks to (a slow disk or pipe holds the reading too). */
export async function writeLine(stream: Writable, line: string): Promise<void> {
  if (!stream.write(`${line}\n`)) await once(stream, "drain");
}

/**
 * Writes `lines` to `path`, readable by its owner only: into a new file beside it, renamed over
 * `path` once every line is written, so a backup that failed midway never looks complete. No line
 * at all leaves `path` as it was, unless `keepEmpty`: an empty backup is not one anybody meant.
 */
export async function writeExportFile(
  path: string,
  lines: AsyncIterable<string>,
  { keepEmpty = false } = {},
): Promise<number> {
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
    if (count > 0 || keepEmpty) renameSync(temp, path);
    else rmSync(temp, { force: true });
    return count;
  } catch (error) {
    stream.destroy();
    rmSync(temp, { force: true });
    throw error;
  }
}
