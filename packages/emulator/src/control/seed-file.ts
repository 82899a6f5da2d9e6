import { readFileSync } from "node:fs";
import type { Document, LineCounter } from "yaml";
import type { z } from "zod";
import { SeedFileError } from "./seed-file-error.ts";
import { type Seed, seedSchema } from "./seed-schema.ts";

export type SeedPath = readonly (string | number)[];

/** A checked seed file, and where each of its entries is, so later errors can name the line. */
export interface LocatedSeed {
  file: string;
  seed: Seed;
  /** The line (from 1) of the value at `path`, e.g. `["queues", 1]`. */
  lineOf(path: SeedPath): number | undefined;
}

/**
 * Reads and checks a seed file. JSON is read by the YAML parser too (JSON is YAML), so both get
 * the same line numbers in their errors; the first problem is reported, with its line.
 */
export async function readSeedFile(file: string): Promise<LocatedSeed> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new SeedFileError(file, undefined, `cannot be read (${code})`, { cause: error });
  }
  // Loaded only when a seed is given: an emulator without one needs no YAML parser.
  const { LineCounter, parseDocument, isMap, isScalar } = await import("yaml");
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const [syntax] = document.errors;
  if (syntax) {
    const line = lines.linePos(syntax.pos[0]).line;
    throw new SeedFileError(file, line, `is not valid JSON or YAML (${firstLine(syntax.message)})`);
  }
  const lineOf = (path: SeedPath) => lineAt(document, lines, path);
  const parsed = seedSchema.safeParse(document.toJS() ?? {});
  if (!parsed.success) throw invalid(file, parsed.error, { document, lines, isMap, isScalar });
  return { file, seed: parsed.data, lineOf };
}

interface ParsedText {
  document: Document;
  lines: LineCounter;
  isMap: typeof import("yaml").isMap;
  isScalar: typeof import("yaml").isScalar;
}

function invalid(file: string, error: z.ZodError, text: ParsedText): SeedFileError {
  const [issue] = error.issues;
  const path = (issue?.path ?? []).filter((key) => typeof key !== "symbol") as (string | number)[];
  if (issue?.code === "unrecognized_keys") {
    const key = issue.keys[0] ?? "";
    const line = keyLine(text, path, key) ?? lineAt(text.document, text.lines, path);
    return new SeedFileError(file, line, `${where(path)}: unknown field "${key}"`);
  }
  const problem = issue?.message ?? "not accepted";
  return new SeedFileError(file, lineAt(text.document, text.lines, path), `${where(path)}: ${problem}`);
}

/** `indexes[0].documents[2].id`, as a reader would point at it. */
export function where(path: SeedPath): string {
  if (path.length === 0) return "the top level";
  return path.map((key, at) => (typeof key === "number" ? `[${key}]` : at === 0 ? key : `.${key}`)).join("");
}

/** The line of the deepest node on `path` that the file has (a missing field: its object's line). */
function lineAt(document: Document, lines: LineCounter, path: SeedPath): number | undefined {
  for (let length = path.length; length >= 0; length--) {
    const node = document.getIn(path.slice(0, length), true) as
      | { range?: [number, number, number] }
      | undefined;
    if (node?.range) return lines.linePos(node.range[0]).line;
  }
  return undefined;
}

function keyLine({ document, lines, isMap, isScalar }: ParsedText, path: SeedPath, key: string) {
  const map = path.length === 0 ? document.contents : document.getIn(path, true);
  if (!isMap(map)) return undefined;
  const pair = map.items.find((item) => isScalar(item.key) && item.key.value === key);
  const range = isScalar(pair?.key) ? pair.key.range : undefined;
  return range ? lines.linePos(range[0]).line : undefined;
}

function firstLine(text: string): string {
  return text.split("\n", 1)[0] ?? text;
}
