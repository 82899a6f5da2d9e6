import type { Placeholder } from "../templates/placeholders.ts";

/** A prefix or name as far as it is known when the file is read: text, and CI placeholders still open. */
export type PrefixPart = { literal: string } | { placeholder: Placeholder };

const DIGITS = "0123456789";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
/** The characters a name may hold: every prefix and name is made of these. */
const ALPHABET = [...`${DIGITS}${LOWER}${LOWER.toUpperCase()}._-`];
/** What each placeholder can put in a name (a superset is safe: it can only refuse more). */
const CLASSES: Record<Placeholder, string> = {
  pr: DIGITS,
  run_id: DIGITS,
  sha: `${DIGITS}abcdef`,
  branch: `${DIGITS}${LOWER}-`,
  repo: `${DIGITS}${LOWER}-`,
};

/** Whether a placeholder's value can hold this character (then it cannot end the placeholder). */
export function placeholderCanGive(placeholder: Placeholder, char: string): boolean {
  return CLASSES[placeholder].includes(char);
}

/** Moves of an automaton that reads exactly the names a prefix can be: states 0..final. */
interface Automaton {
  final: number;
  next(state: number, symbol: string): number[];
}

function automaton(parts: readonly PrefixPart[]): Automaton {
  // A step per literal character; a placeholder is "one or more of its class": a step, then a loop.
  const steps: { accepts: (symbol: string) => boolean; loops: boolean }[] = [];
  for (const part of parts) {
    if ("literal" in part)
      for (const char of part.literal) steps.push({ accepts: (s) => s === char, loops: false });
    else {
      const chars = CLASSES[part.placeholder];
      steps.push({ accepts: (s) => chars.includes(s), loops: true });
    }
  }
  return {
    final: steps.length,
    next(state, symbol) {
      const moves: number[] = [];
      const ahead = steps[state];
      if (ahead?.accepts(symbol)) moves.push(state + 1);
      const behind = steps[state - 1];
      if (behind?.loops && behind.accepts(symbol)) moves.push(state);
      return moves;
    },
  };
}

/**
 * When two templates are said to meet: `either` (two prefixes: a name can start with both, so
 * each environment's apply would take the other's resources for its own), `first` (a prefix and
 * a whole name: the name can start with the prefix), `both` (two whole names can be the same).
 */
export type Meeting = "either" | "first" | "both";

/**
 * Whether two templates can meet (see Meeting). Exact for text; a placeholder counts as any run
 * of the characters it can give, so the answer errs only toward "they meet".
 */
export function templatesMeet(a: readonly PrefixPart[], b: readonly PrefixPart[], meeting: Meeting): boolean {
  const left = automaton(a);
  const right = automaton(b);
  const seen = new Set<string>();
  const queue: [number, number][] = [[0, 0]];
  while (queue.length > 0) {
    const [x, y] = queue.shift() as [number, number];
    const done = { left: x === left.final, right: y === right.final };
    if (meeting === "either" && (done.left || done.right)) return true;
    if (meeting === "first" && done.left) return true;
    if (meeting === "both" && done.left && done.right) return true;
    for (const symbol of ALPHABET) {
      for (const nx of left.next(x, symbol)) {
        for (const ny of right.next(y, symbol)) {
          const key = `${nx},${ny}`;
          if (!seen.has(key)) {
            seen.add(key);
            queue.push([nx, ny]);
          }
        }
      }
    }
  }
  return false;
}
