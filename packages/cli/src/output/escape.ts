const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\u001b": "\\e" };

/**
 * The text on one line: CR, LF and the other control characters become visible escapes, so a
 * value cannot start a new line (a CI runner command such as `::set-output`) or drive a
 * terminal (ESC sequences). Tabs stay.
 */
export function oneLine(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.charCodeAt(0);
    const control = (code < 0x20 && char !== "\t") || code === 0x7f || code === 0x2028 || code === 0x2029;
    out += control ? (NAMED[char] ?? `\\u${code.toString(16).padStart(4, "0")}`) : char;
  }
  return out;
}

/**
 * A line no CI runner reads as a command: one line (see `oneLine`), and a `\` in front when it
 * would start (after the spaces the runner skips) with `::` or `##[`, as a name read from an
 * answer could make it.
 */
export function plainLine(text: string): string {
  const line = oneLine(text);
  return /^\s*(::|##\[)/.test(line) ? `\\${line}` : line;
}
