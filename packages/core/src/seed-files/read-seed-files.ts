import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { createInterface } from "node:readline";
import { ConfigurationError } from "../errors/index.ts";
import { type DocumentInput, parseDocumentInput } from "../schemas/search-data-inputs.ts";
import { jsonArrayElements } from "./json-array-elements.ts";

/** A seed file checked from end to end: every document valid. */
export interface CheckedSeedFile {
  path: string;
  format: "json" | "ndjson";
  documents: number;
}

interface Located {
  text: string;
  line: number;
}

/**
 * Checks every document of every file (streamed, one document in memory at a time) and throws a
 * ConfigurationError naming the input, the file and the line of the first bad one, so that a
 * step fails before it sends anything. A JSON file starts with `[`; anything else is NDJSON
 * (one document a line, blank lines skipped).
 */
export async function checkSeedFiles(
  paths: readonly string[],
  input = "seed-file",
): Promise<CheckedSeedFile[]> {
  const checked: CheckedSeedFile[] = [];
  for (const path of paths) {
    const format = await formatOf(path, input);
    let documents = 0;
    for await (const _ of parsed(path, format, input)) documents++;
    checked.push({ path, format, documents });
  }
  return checked;
}

/** The documents of checked files, read again from disk, in file order. */
export async function* seedDocuments(files: readonly CheckedSeedFile[], input = "seed-file") {
  for (const file of files) yield* parsed(file.path, file.format, input);
}

async function* parsed(path: string, format: CheckedSeedFile["format"], input: string) {
  const elements = format === "json" ? jsonElements(path, input) : ndjsonLines(path);
  for await (const { text, line } of elements) yield documentAt(text, line, path, input);
}

function documentAt(text: string, line: number, path: string, input: string): DocumentInput {
  const fail = (message: string) =>
    new ConfigurationError(input, `${input}: ${path} line ${line}: ${message}`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw fail(`not JSON (${(cause as Error).message})`);
  }
  const result = parseDocumentInput(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  throw fail(`${field}${issue?.message ?? "not a document"}; a document is {id, content, metadata?}`);
}

async function* jsonElements(path: string, input: string): AsyncGenerator<Located> {
  try {
    yield* jsonArrayElements(createReadStream(path, { encoding: "utf8" }));
  } catch (cause) {
    if (!(cause instanceof SyntaxError)) throw cause;
    throw new ConfigurationError(input, `${input}: ${path} ${cause.message}`);
  }
}

async function* ndjsonLines(path: string): AsyncGenerator<Located> {
  const lines = createInterface({ input: createReadStream(path, { encoding: "utf8" }), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    if (text.trim() !== "") yield { text, line };
  }
}

/** JSON when the first character that is not blank is "["; a file that cannot be read names itself. */
async function formatOf(path: string, input: string): Promise<CheckedSeedFile["format"]> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(path, "r");
    const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(4096) });
    const head = buffer.subarray(0, bytesRead).toString("utf8").trimStart();
    if (head === "") throw new ConfigurationError(input, `${input}: ${path} is empty`);
    return head.startsWith("[") ? "json" : "ndjson";
  } catch (cause) {
    if (cause instanceof ConfigurationError) throw cause;
    const code = (cause as NodeJS.ErrnoException).code ?? "unreadable";
    throw new ConfigurationError(input, `${input}: ${path} cannot be read (${code})`);
  } finally {
    await handle?.close();
  }
}
