import { type Document, isMap, isPair, isScalar, isSeq, type LineCounter, type Node } from "yaml";
import { DeclarationError, type DeclarationPlace } from "../errors/index.ts";

export type FieldPath = readonly (string | number)[];

/** `schedules[0].headers.Authorization`: a path as a reader finds it in the file. */
export function fieldName(path: FieldPath): string {
  return path
    .map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join("");
}

/**
 * Where each value of a parsed file is: `place(path)` names the line and column of the value
 * at `path` (of its key with `atKey`), or of the nearest enclosing value that exists (a missing
 * key is reported where its object starts). `fail` throws the error at that place.
 */
export class SourcePlaces {
  readonly file: string;
  readonly #document: Document;
  readonly #lines: LineCounter;

  constructor(file: string, document: Document, lines: LineCounter) {
    this.file = file;
    this.#document = document;
    this.#lines = lines;
  }

  place(path: FieldPath, options: { atKey?: string } = {}): DeclarationPlace {
    let node: unknown = this.#document.contents;
    let found = node;
    for (const part of path) {
      node = child(node, part);
      if (node === undefined) break;
      found = node;
    }
    if (options.atKey !== undefined && node !== undefined) found = keyNode(node, options.atKey) ?? found;
    const offset = (found as Node | null)?.range?.[0] ?? 0;
    const { line, col } = this.#lines.linePos(offset);
    const field = fieldName(options.atKey === undefined ? path : [...path, options.atKey]);
    return { file: this.file, line, column: col, field };
  }

  fail(path: FieldPath, message: string, options: { atKey?: string } = {}): never {
    throw new DeclarationError(this.place(path, options), message);
  }
}

function child(node: unknown, part: string | number): unknown {
  if (isSeq(node) && typeof part === "number") return node.items[part];
  if (isMap(node)) {
    const pair = node.items.find((item) => isPair(item) && keyText(item.key) === String(part));
    return pair?.value ?? undefined;
  }
  return undefined;
}

function keyNode(node: unknown, key: string): unknown {
  if (!isMap(node)) return undefined;
  return node.items.find((item) => isPair(item) && keyText(item.key) === key)?.key;
}

function keyText(key: unknown): string | undefined {
  return isScalar(key) ? String(key.value) : undefined;
}
