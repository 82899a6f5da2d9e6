/**
 * UNIX-style glob matching, case-sensitive, as the filter language's GLOB: `*` any run of
 * characters, `?` one character, `[abc]`, `[a-z]`, `[^abc]` (or `[!abc]`) one character in or
 * out of a set; a backslash takes the next character literally. Written out instead of turning
 * the pattern into a RegExp, so user text never becomes a regular expression. Works on code
 * points, so `?` matches one emoji.
 */
export function globMatches(pattern: string, text: string): boolean {
  return matchFrom(Array.from(pattern), Array.from(text));
}

/**
 * The classic two-pointer wildcard walk: on a mismatch, go back to the last `*` and let it
 * swallow one more character. Linear in practice, O(pattern × text) at worst, never exponential.
 */
function matchFrom(pattern: string[], text: string[]): boolean {
  let p = 0;
  let t = 0;
  let starP = -1;
  let starT = 0;
  while (t < text.length) {
    const token = p < pattern.length ? readElement(pattern, p) : undefined;
    if (token?.kind === "star") {
      starP = token.next;
      starT = t;
      p = token.next;
      continue;
    }
    if (token?.accepts(text[t] as string)) {
      p = token.next;
      t++;
      continue;
    }
    if (starP < 0) return false;
    starT++;
    t = starT;
    p = starP;
  }
  while (p < pattern.length) {
    const token = readElement(pattern, p);
    if (token.kind !== "star") return false;
    p = token.next;
  }
  return true;
}

type Element =
  | { kind: "star"; next: number }
  | { kind: "one"; next: number; accepts: (char: string) => boolean };

function readElement(pattern: string[], at: number): Element {
  const char = pattern[at] as string;
  if (char === "*") return { kind: "star", next: at + 1 };
  if (char === "?") return { kind: "one", next: at + 1, accepts: () => true };
  if (char === "\\" && at + 1 < pattern.length) {
    const literal = pattern[at + 1] as string;
    return { kind: "one", next: at + 2, accepts: (c) => c === literal };
  }
  if (char === "[") {
    const set = readSet(pattern, at);
    if (set) return set;
  }
  return { kind: "one", next: at + 1, accepts: (c) => c === char };
}

/** `[...]` up to the closing bracket; an unclosed `[` is an ordinary character. */
function readSet(pattern: string[], open: number): Element | undefined {
  let at = open + 1;
  const negated = pattern[at] === "^" || pattern[at] === "!";
  if (negated) at++;
  const ranges: [string, string][] = [];
  // A `]` right after the opening (or after the negation) belongs to the set.
  let first = true;
  while (at < pattern.length && (pattern[at] !== "]" || first)) {
    const low = pattern[at] as string;
    const high = pattern[at + 2];
    if (pattern[at + 1] === "-" && high !== undefined && high !== "]") {
      ranges.push([low, high]);
      at += 3;
    } else {
      ranges.push([low, low]);
      at++;
    }
    first = false;
  }
  if (at >= pattern.length) return undefined;
  const inSet = (c: string) => ranges.some(([low, high]) => compare(c, low) >= 0 && compare(c, high) <= 0);
  return { kind: "one", next: at + 1, accepts: (c) => inSet(c) !== negated };
}

function compare(a: string, b: string): number {
  return (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0);
}
