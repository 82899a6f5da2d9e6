import { FilterSyntaxError } from "./syntax-error.ts";

/** One step into a JSON value: an object key, an array position, or a position from the end. */
export type PathStep = { key: string } | { index: number } | { fromEnd: number };

export type Token =
  | { kind: "path"; text: string; steps: PathStep[]; at: number }
  | { kind: "string"; value: string; at: number }
  | { kind: "number"; value: number; at: number }
  | { kind: "operator"; text: "=" | "!=" | "<" | "<=" | ">" | ">="; at: number }
  | { kind: "punct"; text: "(" | ")" | ","; at: number }
  | { kind: "end"; at: number };

const WORD_START = /[A-Za-z_@]/;
const WORD_PART = /[A-Za-z0-9_]/;
const DIGIT = /[0-9]/;
const SPACE = /\s/;

/**
 * Cuts a filter into tokens, scanning character by character (the patterns above test one
 * character each; nothing here is built from the filter's text). A field path such as
 * `@metadata.geo.tags[#-1]` is one token; a bare word (`AND`, `GLOB`, `true`) is a path of
 * one step, and the parser decides from where it stands whether it is a keyword.
 */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const char = source.charAt(at);
    if (SPACE.test(char)) {
      at++;
      continue;
    }
    const read = readToken(source, at);
    tokens.push(read.token);
    at = read.next;
  }
  tokens.push({ kind: "end", at: source.length });
  return tokens;
}

function readToken(source: string, at: number): { token: Token; next: number } {
  const char = source.charAt(at);
  if (char === "'" || char === '"') return readString(source, at);
  if (DIGIT.test(char) || (char === "-" && DIGIT.test(source.charAt(at + 1)))) return readNumber(source, at);
  if (WORD_START.test(char)) return readPath(source, at);
  if (char === "(" || char === ")" || char === ",") {
    return { token: { kind: "punct", text: char, at }, next: at + 1 };
  }
  const two = source.slice(at, at + 2);
  if (two === "!=" || two === "<=" || two === ">=") {
    return { token: { kind: "operator", text: two, at }, next: at + 2 };
  }
  if (char === "=" || char === "<" || char === ">") {
    return { token: { kind: "operator", text: char, at }, next: at + 1 };
  }
  throw new FilterSyntaxError(`unexpected character "${char}"`, at);
}

/** Quoted with ' or "; a backslash takes the next character as it is (so \' and \\ work). */
function readString(source: string, start: number): { token: Token; next: number } {
  const quote = source.charAt(start);
  let value = "";
  let at = start + 1;
  while (at < source.length) {
    const char = source.charAt(at);
    if (char === quote) return { token: { kind: "string", value, at: start }, next: at + 1 };
    if (char === "\\" && at + 1 < source.length) {
      value += source.charAt(at + 1);
      at += 2;
      continue;
    }
    value += char;
    at++;
  }
  throw new FilterSyntaxError("string is not closed", start);
}

function readNumber(source: string, start: number): { token: Token; next: number } {
  let at = start;
  if (source.charAt(at) === "-") at++;
  at = skipDigits(source, at);
  if (source.charAt(at) === "." && DIGIT.test(source.charAt(at + 1))) at = skipDigits(source, at + 1);
  const exponent = source.charAt(at);
  if (exponent === "e" || exponent === "E") {
    let digitsAt = at + 1;
    const sign = source.charAt(digitsAt);
    if (sign === "+" || sign === "-") digitsAt++;
    if (DIGIT.test(source.charAt(digitsAt))) at = skipDigits(source, digitsAt);
  }
  if (WORD_PART.test(source.charAt(at))) throw new FilterSyntaxError("malformed number", start);
  return { token: { kind: "number", value: Number(source.slice(start, at)), at: start }, next: at };
}

function skipDigits(source: string, from: number): number {
  let at = from;
  while (DIGIT.test(source.charAt(at))) at++;
  return at;
}

/** A word, or a path of words joined by dots with `[3]` / `[#-1]` array steps. */
function readPath(source: string, start: number): { token: Token; next: number } {
  let at = readWord(source, start);
  const steps: PathStep[] = [{ key: source.slice(start, at) }];
  for (;;) {
    const char = source.charAt(at);
    if (char === "." && WORD_START.test(source.charAt(at + 1))) {
      const end = readWord(source, at + 1);
      steps.push({ key: source.slice(at + 1, end) });
      at = end;
    } else if (char === "[") {
      const step = readIndexStep(source, at);
      steps.push(step.step);
      at = step.next;
    } else {
      break;
    }
  }
  return { token: { kind: "path", text: source.slice(start, at), steps, at: start }, next: at };
}

function readWord(source: string, start: number): number {
  let at = start + 1;
  while (WORD_PART.test(source.charAt(at))) at++;
  return at;
}

/** `[2]` counts from the start, `[#-1]` from the end (the last element). */
function readIndexStep(source: string, open: number): { step: PathStep; next: number } {
  let at = open + 1;
  const fromEnd = source.charAt(at) === "#";
  if (fromEnd) {
    if (source.charAt(at + 1) !== "-")
      throw new FilterSyntaxError("array index must look like [0] or [#-1]", open);
    at += 2;
  }
  const digitsStart = at;
  at = skipDigits(source, at);
  if (at === digitsStart || source.charAt(at) !== "]") {
    throw new FilterSyntaxError("array index must look like [0] or [#-1]", open);
  }
  const index = Number(source.slice(digitsStart, at));
  return { step: fromEnd ? { fromEnd: index } : { index }, next: at + 1 };
}
