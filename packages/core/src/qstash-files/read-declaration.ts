import { LineCounter, parseDocument } from "yaml";
import { ConfigurationError, DeclarationError } from "../errors/index.ts";
import { type Declaration, declarationSchema } from "./declaration-schema.ts";
import { issueMessage } from "./issue-messages.ts";
import { SourcePlaces } from "./source-places.ts";

/** The default declaration file, in the repository's root. */
export const DEFAULT_DECLARATION_FILE = "stashkit.qstash.yaml";

/** A declaration file as read: its content, checked against the schema, and where each value is. */
export interface LoadedDeclaration {
  declaration: Declaration;
  places: SourcePlaces;
}

/** Aliases expanded at most this often: a file of nested aliases could otherwise grow without bound. */
const MAX_ALIASES = 100;

/**
 * Reads a declaration file's text, YAML or JSON (JSON is YAML), and checks it against the
 * schema. Any problem is a DeclarationError naming `file`, the line and the field; the first
 * found is thrown, in the file's order.
 */
export function parseDeclaration(text: string, file: string): LoadedDeclaration {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  const places = new SourcePlaces(file, document, lines);
  const [problem] = document.errors;
  if (problem) {
    const at = lines.linePos(problem.pos[0]);
    const message = problem.message.split("\n")[0]?.replace(/ at line \d+, column \d+:?$/, "") ?? "not YAML";
    throw new DeclarationError(
      { file, line: at.line, column: at.col, field: "" },
      `not valid YAML: ${message}`,
    );
  }
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    throw new DeclarationError(
      { file, line: 1, column: 1, field: "" },
      `not usable: ${(error as Error).message}`,
    );
  }
  if (value === null || value === undefined)
    places.fail([], "the file is empty: it needs at least version: 1 and environments");
  const checked = declarationSchema().safeParse(value);
  if (!checked.success) {
    const [issue] = [...checked.error.issues].sort((a, b) => order(places, a.path) - order(places, b.path));
    if (issue) {
      const path = issue.path.filter((part) => typeof part !== "symbol") as (string | number)[];
      const key = issue.code === "unrecognized_keys" ? issue.keys[0] : undefined;
      const message = isMissing(value, path) ? "is required" : issueMessage(issue, path);
      places.fail(path, message, key === undefined ? {} : { atKey: key });
    }
  }
  return { declaration: checked.data as Declaration, places };
}

/** Whether the file lacks the value at `path` altogether (rather than having a wrong one). */
function isMissing(value: unknown, path: readonly (string | number)[]): boolean {
  let current = value;
  for (const part of path) {
    if (current === null || typeof current !== "object") return true;
    current = (current as Record<string | number, unknown>)[part];
  }
  return current === undefined;
}

/** Where a problem is, as an offset, so that the first one in the file is reported. */
function order(places: SourcePlaces, path: readonly PropertyKey[]): number {
  const place = places.place(path.filter((part) => typeof part !== "symbol") as (string | number)[]);
  return place.line * 100_000 + place.column;
}

/** Reads and checks a declaration file from disk; a missing or unreadable file names its path. */
export async function readDeclarationFile(path: string): Promise<LoadedDeclaration> {
  const { readFile } = await import("node:fs/promises");
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT"
        ? "does not exist"
        : code === "EISDIR"
          ? "is a folder"
          : `cannot be read (${code ?? "error"})`;
    throw new ConfigurationError("config", `the declaration file ${path} ${why}`);
  }
  return parseDeclaration(text, path);
}
