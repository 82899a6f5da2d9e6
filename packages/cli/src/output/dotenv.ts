import { oneLine } from "./escape.ts";

/** Characters that mean nothing to a POSIX shell or a dotenv parser: such a value is written bare. */
const PLAIN = /^[A-Za-z0-9_.,:/@%+=-]*$/;
/** What JSON allows only inside its strings, where a \u escape means the same. */
const JSON_ESCAPES: Record<string, string> = { "'": "\\u0027", "\u2028": "\\u2028", "\u2029": "\\u2029" };

/**
 * One `NAME=value` line that a dotenv parser and a POSIX shell (`. file`, `export` after `sed`)
 * both read as the literal value. A plain value is written as it is (what GitLab's dotenv report
 * reads: it would keep quotes); any other in single quotes, inside which neither expands `$`,
 * backticks, `\` or double quotes. A single quote cannot be written inside them for both
 * readers: in a JSON value it becomes `\u0027` (the same JSON); any other value holding one is
 * refused.
 */
export function dotenvLine(name: string, value: string): string {
  if (PLAIN.test(value)) return `${name}=${value}`;
  const text = isJson(value)
    ? value.replace(/['\u2028\u2029]/g, (c) => JSON_ESCAPES[c] ?? c)
    : oneLine(value);
  if (text.includes("'")) {
    throw new Error(
      `${name} holds a single quote, which dotenv parsers and shells cannot both read literally; use --format json`,
    );
  }
  return `${name}='${text}'`;
}

function isJson(value: string): boolean {
  if (!/^[[{"]/.test(value)) return false;
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}
