/** Where a text stops being JSON, and what was expected there: line and column from 1. */
export interface JsonErrorPlace {
  line: number;
  column: number;
  expected: string;
}

type Wanted = "value" | "first-key" | "key" | "colon" | "object-next" | "array-next" | "first-value" | "end";

const EXPECTED: Record<Wanted, string> = {
  value: "a value (object, array, string, number, true, false or null)",
  "first-key": 'a property name in double quotes or "}"',
  key: "a property name in double quotes",
  colon: '":"',
  "object-next": '"," or "}"',
  "array-next": '"," or "]"',
  "first-value": 'a value or "]"',
  end: "nothing more",
};

/**
 * `text` (found at `line` and `column` of a file) parsed, or, when it is not JSON, the place and
 * the words of an error that never quotes it: V8's own message does, and text from a file must
 * never reach a log. `after` names what may follow the value.
 */
export function parseJsonAt(
  text: string,
  at: { line: number; column: number; after: string },
): { value: unknown } | { place: string; message: string } {
  try {
    return { value: JSON.parse(text) };
  } catch {
    const fault = jsonErrorPlace(text, at.after);
    if (fault === undefined) return { place: `line ${at.line}`, message: "not JSON" };
    const column = fault.line === 1 ? at.column + fault.column - 1 : fault.column;
    return {
      place: `line ${at.line + fault.line - 1} column ${column}`,
      message: `not JSON: expected ${fault.expected}`,
    };
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WHITESPACE = /[ \t\n\r]*/y;

/**
 * The first place `text` (which `JSON.parse` refused) breaks JSON's grammar, for an error
 * message: V8's own message quotes the text around the fault ("Unexpected token 'g',
 * "ghp_SUPERS"..."), and text from a file must never reach a log. Iterative, so that deep
 * nesting cannot overflow the stack; `after` names what may follow the value (a JSON array's
 * element is followed by "," or "]"). Undefined when it finds no fault (JSON.parse refused
 * something else, such as nesting deeper than it goes).
 */
export function jsonErrorPlace(text: string, after = EXPECTED.end): JsonErrorPlace | undefined {
  const containers: ("object" | "array")[] = [];
  let wanted: Wanted = "value";
  let at = 0;
  const place = (expected: string) => ({ ...lineAndColumn(text, at), expected });
  for (;;) {
    WHITESPACE.lastIndex = at;
    WHITESPACE.test(text);
    at = WHITESPACE.lastIndex;
    const char = text[at];
    if (wanted === "end") return char === undefined ? undefined : place(after);
    if (char === undefined) return place(EXPECTED[wanted]);
    const inObject = containers.at(-1) === "object";
    if (wanted === "colon" || wanted === "object-next" || wanted === "array-next") {
      const ok: boolean = wanted === "colon" ? char === ":" : char === ",";
      const closes: boolean =
        (wanted === "object-next" && char === "}") || (wanted === "array-next" && char === "]");
      if (!ok && !closes) return place(EXPECTED[wanted]);
      at++;
      if (closes) containers.pop();
      wanted = ok ? (wanted === "colon" ? "value" : inObject ? "key" : "value") : afterValue(containers);
      continue;
    }
    if ((wanted === "first-key" && char === "}") || (wanted === "first-value" && char === "]")) {
      at++;
      containers.pop();
      wanted = afterValue(containers);
      continue;
    }
    if (wanted === "first-key" || wanted === "key") {
      if (char !== '"') return place(EXPECTED[wanted]);
      const end = stringEnd(text, at);
      if (typeof end !== "number") return end;
      at = end;
      wanted = "colon";
      continue;
    }
    const opened = char === "{" ? "object" : char === "[" ? "array" : undefined;
    if (opened) {
      containers.push(opened);
      at++;
      wanted = opened === "object" ? "first-key" : "first-value";
      continue;
    }
    const end = scalarEnd(text, at);
    if (end === undefined) return place(EXPECTED.value);
    if (typeof end !== "number") return end;
    at = end;
    wanted = afterValue(containers);
  }
}

function afterValue(containers: readonly ("object" | "array")[]): Wanted {
  const top = containers.at(-1);
  return top === undefined ? "end" : top === "object" ? "object-next" : "array-next";
}

/**
 * Where a string, number or literal starting at `at` ends, or its first fault (at the character
 * that breaks it, as V8 points); undefined when none starts there.
 */
function scalarEnd(text: string, at: number): number | JsonErrorPlace | undefined {
  const fault = (i: number, expected: string) => ({ ...lineAndColumn(text, i), expected });
  if (text[at] === '"') return stringEnd(text, at);
  const literal = ["true", "false", "null"].find((word) => word[0] === text[at]);
  if (literal !== undefined) {
    let i = at;
    while (i - at < literal.length && text[i] === literal[i - at]) i++;
    return i - at === literal.length ? i : fault(i, literal);
  }
  NUMBER.lastIndex = at;
  if (!NUMBER.test(text)) return text[at] === "-" ? fault(at + 1, "a digit") : undefined;
  // "1." and "1e" stop the match before the dot or the e: the digit they need is missing.
  const next = NUMBER.lastIndex;
  const matched = text.slice(at, next);
  if (text[next] === "." && !/[.eE]/.test(matched)) return fault(next + 1, "a digit");
  if (/[eE]/.test(text[next] ?? "") && !/[eE]/.test(matched)) {
    return fault(/[+-]/.test(text[next + 1] ?? "") ? next + 2 : next + 1, "a digit");
  }
  return next;
}

const ESCAPE = /^(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/;

/**
 * Where the string starting at `at` ends, or its first fault and what should stand there:
 * scanned by hand, as a regular expression over a long string can exhaust its backtracking stack.
 */
function stringEnd(text: string, at: number): number | JsonErrorPlace {
  const fault = (i: number, expected: string) => ({ ...lineAndColumn(text, i), expected });
  let i = at + 1;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 0x22) return i + 1;
    if (code < 0x20) return fault(i, "no control character in a string (an escape such as \\n)");
    if (code !== 0x5c) i++;
    else if (ESCAPE.test(text.slice(i + 1, i + 6))) i += text[i + 1] === "u" ? 6 : 2;
    else if (text[i + 1] !== "u") return fault(i + 1, 'an escape: " \\ / b f n r t or u after the \\');
    else
      return fault(i + 2 + (/^[0-9a-fA-F]*/.exec(text.slice(i + 2, i + 6))?.[0].length ?? 0), "a hex digit");
  }
  return fault(i, 'a closing "');
}

/** Line and column (in characters, surrogate pairs as one) of `offset`, both from 1. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  for (let i = 0; i < offset; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a) {
      line++;
      column = 1;
    } else if (code < 0xdc00 || code > 0xdfff) column++;
  }
  return { line, column };
}
