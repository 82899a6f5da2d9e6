#!/usr/bin/env node
// Run in an action's folder after ncc: writes every non-ASCII character of dist/*.js as a \uXXXX
// escape. V8 holds a source with one non-ASCII character as a two-byte string, and the bundled
// libraries (zod's messages and comments, undici's comments) carry some that our sources cannot
// remove; terser (ncc -m) also turns our escaped strings back into raw characters.
//
// The escape means the same character in a string, a template's value, a regular expression and
// an identifier, and nothing in a comment. It would change a tagged template's raw text (no
// bundled code reads one) and could move a token boundary where the character is whitespace or a
// line terminator outside a string, so those characters stop the build instead of being escaped.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dist = join(process.cwd(), process.argv[2] ?? "dist");
const SEPARATORS = /[\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

const unicodeEscape = (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`;

for (const name of readdirSync(dist).filter((file) => file.endsWith(".js"))) {
  const file = join(dist, name);
  const source = readFileSync(file, "utf8");
  const separator = SEPARATORS.exec(source);
  if (separator) {
    const at = source.slice(0, separator.index).split("\n").length;
    console.error(
      `ascii-dist: ${file}:${at} has ${unicodeEscape(separator[0])}, which may separate tokens; not escaped`,
    );
    process.exit(1);
  }
  // Without the u flag the class matches UTF-16 code units, so an astral character becomes its
  // two surrogate escapes, which strings and regular expressions read as that one character.
  const ascii = source.replace(/[\u0080-\uffff]/g, unicodeEscape);
  if (ascii !== source) writeFileSync(file, ascii);
}
