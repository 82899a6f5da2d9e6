/**
 * UNIX-style glob matching, case-sensitive, as the filter language's GLOB: `*` any run of
 * characters, `?` one character, `[abc]`, `[a-z]`, `[^abc]` (or `[!abc]`) one character in or
 * out of a set; a backslash takes the next character literally. Written out instead of turning
 * the pattern into a RegExp, so user text never becomes a regular expression. Works on code
 * points, so `?` matches one emoji.
 *
 * Linear in the text: the pattern is an automaton whose states are bits (Shift-And), so one
 * character of text costs one pass over ceil(elements / 32) words, whatever the pattern. (The
 * two-pointer wildcard walk it replaces cost pattern x text per document: seconds for one search.)
 */
export function globMatches(pattern: string, text: string): boolean {
  return compileGlob(pattern)(text);
}

/** Longest GLOB pattern a filter may hold, in characters (code points); longer is refused. */
export const MAX_GLOB_PATTERN = 1024;

/** Compiled patterns kept for the next document (a search checks one filter against many). */
const compiled = new Map<string, (text: string) => boolean>();
const KEPT_PATTERNS = 64;

export function compileGlob(pattern: string): (text: string) => boolean {
  let matcher = compiled.get(pattern);
  if (matcher === undefined) {
    matcher = automaton(elementsOf(Array.from(pattern)));
    if (compiled.size >= KEPT_PATTERNS) compiled.delete(compiled.keys().next().value as string);
    compiled.set(pattern, matcher);
  }
  return matcher;
}

type Element = { kind: "star" } | { kind: "one"; accepts: (char: string) => boolean };

/** The pattern's elements, a run of stars as one (they match what one star does). */
function elementsOf(pattern: string[]): Element[] {
  const elements: Element[] = [];
  for (let at = 0; at < pattern.length; ) {
    const { element, next } = readElement(pattern, at);
    if (!(element.kind === "star" && elements.at(-1)?.kind === "star")) elements.push(element);
    at = next;
  }
  return elements;
}

/**
 * State i is "the first i elements matched". A star's state loops on any character and, being
 * able to match nothing, also lets the next state be active (stars never follow stars, so one
 * step of that closure is enough). Bit i of word i >> 5 holds state i.
 */
function automaton(elements: Element[]): (text: string) => boolean {
  const states = elements.length + 1;
  const words = Math.ceil(states / 32);
  const stars = new Uint32Array(words);
  elements.forEach((element, i) => {
    if (element.kind === "star") setBit(stars, i);
  });
  const accepting = elements.length;
  // The states a character advances, per character seen (bounded: text is bounded by the caller).
  const advancing = new Map<string, Uint32Array>();
  const maskOf = (char: string): Uint32Array => {
    let mask = advancing.get(char);
    if (mask === undefined) {
      mask = new Uint32Array(words);
      elements.forEach((element, i) => {
        if (element.kind === "one" && element.accepts(char)) setBit(mask as Uint32Array, i);
      });
      if (advancing.size < 1024) advancing.set(char, mask);
    }
    return mask;
  };
  return (text) => {
    let active = new Uint32Array(words);
    let next = new Uint32Array(words);
    setBit(active, 0);
    closeOverStars(active, stars);
    for (const char of text) {
      const mask = maskOf(char);
      let carry = 0;
      let any = 0;
      for (let w = 0; w < words; w++) {
        const current = active[w] as number;
        const moved = current & (mask[w] as number);
        // (moved << 1) across words, plus the stars that stay where they are.
        const word = ((moved << 1) | carry | (current & (stars[w] as number))) >>> 0;
        carry = moved >>> 31;
        next[w] = word;
        any |= word;
      }
      if (any === 0) return false;
      closeOverStars(next, stars);
      [active, next] = [next, active];
    }
    return hasBit(active, accepting);
  };
}

/** Each active star's state also makes the state after it active (the star matching nothing). */
function closeOverStars(active: Uint32Array, stars: Uint32Array): void {
  let carry = 0;
  for (let w = 0; w < active.length; w++) {
    const waiting = (active[w] as number) & (stars[w] as number);
    active[w] = ((active[w] as number) | (waiting << 1) | carry) >>> 0;
    carry = waiting >>> 31;
  }
}

function setBit(bits: Uint32Array, i: number): void {
  bits[i >> 5] = ((bits[i >> 5] as number) | (1 << (i & 31))) >>> 0;
}

function hasBit(bits: Uint32Array, i: number): boolean {
  return (((bits[i >> 5] as number) >>> (i & 31)) & 1) === 1;
}

function readElement(pattern: string[], at: number): { element: Element; next: number } {
  const char = pattern[at] as string;
  if (char === "*") return { element: { kind: "star" }, next: at + 1 };
  if (char === "?") return { element: { kind: "one", accepts: () => true }, next: at + 1 };
  if (char === "\\" && at + 1 < pattern.length) {
    const literal = pattern[at + 1] as string;
    return { element: { kind: "one", accepts: (c) => c === literal }, next: at + 2 };
  }
  if (char === "[") {
    const set = readSet(pattern, at);
    if (set) return set;
  }
  return { element: { kind: "one", accepts: (c) => c === char }, next: at + 1 };
}

/** `[...]` up to the closing bracket; an unclosed `[` is an ordinary character. */
function readSet(pattern: string[], open: number): { element: Element; next: number } | undefined {
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
  return { element: { kind: "one", accepts: (c) => inSet(c) !== negated }, next: at + 1 };
}

function compare(a: string, b: string): number {
  return (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0);
}
