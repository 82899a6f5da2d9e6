import { type ParseError, parse, printParseErrorCode } from "jsonc-parser";

/**
 * Where a JSON text stops being JSON and what was expected there, without quoting the text:
 * `JSON.parse`'s own message quotes its start, which in a data file or snapshot may be a signing
 * key or an index token. Called once `JSON.parse` has refused the text.
 */
export function jsonProblem(text: string): string {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first === undefined) return "it is not JSON";
  const before = text.slice(0, first.offset);
  const line = before.split("\n").length;
  const column = first.offset - before.lastIndexOf("\n");
  return `${printParseErrorCode(first.error)} at line ${line}, column ${column}`;
}
