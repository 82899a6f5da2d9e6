import { createReadStream } from "node:fs";
import { open, realpath, stat } from "node:fs/promises";
import { isAbsolute, relative, resolve } from "node:path";
import { createInterface } from "node:readline";
import { ConfigurationError } from "../errors/index.ts";
import { type DocumentInput, parseDocumentInput } from "../schemas/search-data-inputs.ts";
import { jsonArrayElements } from "./json-array-elements.ts";
import { parseJsonAt } from "./json-error.ts";

/** A seed file checked from end to end: every document valid. */
export interface CheckedSeedFile {
  /** As given, for messages. */
  path: string;
  /** The file read: its real path, every symbolic link followed, as checked. */
  location: string;
  format: "json" | "ndjson";
  documents: number;
  /**
   * Its documents whose id an earlier document had (in this file or an earlier one of the same
   * check): each replaces the one before, so the index gets fewer documents than were written.
   * Counted among the first MAX_TRACKED_IDS ids only.
   */
  repeatedIds: number;
}

/** Ids remembered to find repeated ones: ~27 MB at most (bench: 53 MB a million short ids). */
export const MAX_TRACKED_IDS = 500_000;

export interface SeedFileRules {
  /**
   * The folder a symbolic link may lead into (an action's `GITHUB_WORKSPACE`): a path that goes
   * through a link must end inside it, so that a link committed to a repository (a fork's pull
   * request) cannot make the step read the runner's other files. A path without links may name
   * any file: it is what the workflow wrote. Without it, links are followed anywhere (the CLI).
   */
  workspace?: string | undefined;
}

interface Located {
  text: string;
  line: number;
  column: number;
}

/**
 * Checks every document of every file (streamed, one document in memory at a time) and throws a
 * ConfigurationError naming the input, the file, the line and column of the first bad one and
 * what was expected there (never the file's text), so that a step fails before it sends
 * anything. A JSON file starts with `[`; anything else is NDJSON (one document a line, blank
 * lines skipped). Each path must be a regular file, within `rules.workspace` when it has links.
 */
export async function checkSeedFiles(
  paths: readonly string[],
  input = "seed-file",
  rules: SeedFileRules = {},
): Promise<CheckedSeedFile[]> {
  const checked: CheckedSeedFile[] = [];
  const seen = new Set<string>();
  for (const path of paths) {
    const location = await locate(path, input, rules.workspace);
    const format = await formatOf(path, location, input);
    let documents = 0;
    let repeatedIds = 0;
    for await (const document of parsed({ path, location, format }, input)) {
      documents++;
      const id = String(document.id);
      if (seen.has(id)) repeatedIds++;
      else if (seen.size < MAX_TRACKED_IDS) seen.add(id);
    }
    checked.push({ path, location, format, documents, repeatedIds });
  }
  return checked;
}

/**
 * The warning for seed files that repeat ids (the same file given twice, an export seeded beside
 * its source), or undefined: how many documents the index will hold rather than how many are written.
 */
export function repeatedIdsWarning(
  files: readonly CheckedSeedFile[],
  input = "seed-file",
): string | undefined {
  const repeated = files.reduce((sum, file) => sum + file.repeatedIds, 0);
  if (repeated === 0) return undefined;
  const total = files.reduce((sum, file) => sum + file.documents, 0);
  const where = files
    .filter((file) => file.repeatedIds > 0)
    .map((file) => `${file.path} ${file.repeatedIds}`)
    .join(", ");
  return `${input}: ${repeated} of the ${total} documents repeat an id written before them (${where}); each replaces the earlier one, so the SDK index gets ${total - repeated} documents, not ${total}`;
}

/** The documents of checked files, read again from disk, in file order. */
export async function* seedDocuments(files: readonly CheckedSeedFile[], input = "seed-file") {
  for (const file of files) yield* parsed(file, input);
}

type FileToRead = Pick<CheckedSeedFile, "path" | "location" | "format">;

async function* parsed(file: FileToRead, input: string) {
  const elements = file.format === "json" ? jsonElements(file, input) : ndjsonLines(file.location);
  // An array's element is followed by "," or "]"; an NDJSON line ends after its document.
  const after = file.format === "json" ? '"," or "]"' : "the end of the line";
  for await (const element of elements) yield documentAt(element, after, file.path, input);
}

function documentAt(
  { text, line, column }: Located,
  after: string,
  path: string,
  input: string,
): DocumentInput {
  const fail = (place: string, message: string) =>
    new ConfigurationError(input, `${input}: ${path} ${place}: ${message}`);
  // Never JSON.parse's message: it quotes the text, and a seed path may be a link to a secret.
  const parsed = parseJsonAt(text, { line, column, after });
  if (!("value" in parsed)) throw fail(parsed.place, parsed.message);
  const { value } = parsed;
  const result = parseDocumentInput(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  throw fail(
    `line ${line}`,
    `${field}${issue?.message ?? "not a document"}; a document is {id, content, metadata?}`,
  );
}

async function* jsonElements(file: FileToRead, input: string): AsyncGenerator<Located> {
  try {
    yield* jsonArrayElements(createReadStream(file.location, { encoding: "utf8" }));
  } catch (cause) {
    if (!(cause instanceof SyntaxError)) throw cause;
    throw new ConfigurationError(input, `${input}: ${file.path} ${cause.message}`);
  }
}

async function* ndjsonLines(location: string): AsyncGenerator<Located> {
  const lines = createInterface({
    input: createReadStream(location, { encoding: "utf8" }),
    crlfDelay: Infinity,
  });
  let line = 0;
  for await (const text of lines) {
    line++;
    if (text.trim() !== "") yield { text, line, column: 1 };
  }
}

/**
 * The real path of a seed file: a regular file (no folder, FIFO or device), and, when the path
 * goes through a symbolic link and a workspace is set, inside the workspace. Refusals name the
 * path as given, never where a link leads.
 */
async function locate(path: string, input: string, workspace: string | undefined): Promise<string> {
  let location: string;
  try {
    location = await realpath(path);
    if (!(await stat(location)).isFile()) {
      throw new ConfigurationError(input, `${input}: ${path} is not a regular file`);
    }
  } catch (cause) {
    throw unreadable(cause, path, input);
  }
  if (workspace === undefined || location === resolve(path)) return location;
  const root = await realpath(workspace).catch(() => resolve(workspace));
  const within = relative(root, location);
  if (within.startsWith("..") || isAbsolute(within)) {
    throw new ConfigurationError(
      input,
      `${input}: ${path} is a symbolic link, or under one, that leads out of the workspace (${workspace}); a link may lead only to a file inside it`,
    );
  }
  return location;
}

function unreadable(cause: unknown, path: string, input: string): ConfigurationError {
  if (cause instanceof ConfigurationError) return cause;
  const code = (cause as NodeJS.ErrnoException).code ?? "unreadable";
  return new ConfigurationError(input, `${input}: ${path} cannot be read (${code})`);
}

/** JSON when the first character that is not blank is "["; a file that cannot be read names itself. */
async function formatOf(path: string, location: string, input: string): Promise<CheckedSeedFile["format"]> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(location, "r");
    const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(4096) });
    const head = buffer.subarray(0, bytesRead).toString("utf8").trimStart();
    if (head === "") throw new ConfigurationError(input, `${input}: ${path} is empty`);
    return head.startsWith("[") ? "json" : "ndjson";
  } catch (cause) {
    throw unreadable(cause, path, input);
  } finally {
    await handle?.close();
  }
}
