// The documents and queries of the storage scenarios (E2–E5): a fixed pseudo-random sequence, so
// every run (and the MiniSearch floor) sees the same ~330-byte documents and two-word queries.

/** A generator of the same numbers every run (a linear congruential generator). */
export function sequence(seed = 42): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const LETTERS = "etaoinshrdlcumwfgypbvkjxqz";

/** 5,000 made-up words; a document's words follow Zipf's law over them, as natural text does. */
export function vocabulary(random: () => number): string[] {
  return Array.from({ length: 5_000 }, () =>
    Array.from(
      { length: 3 + Math.floor(random() * 7) },
      () => LETTERS[Math.floor(random() ** 1.5 * 26)] as string,
    ).join(""),
  );
}

export interface BenchDocument {
  id: string;
  content: { title: string; description: string; category: string };
  metadata: { n: number; price: number };
}

/** Document `n` of the set (a title, a description, a category, two metadata fields). */
export function documents(count: number, first = 0) {
  const random = sequence(1_000 + first);
  const words = vocabulary(sequence());
  const word = () => {
    const rank = Math.floor(Math.exp(random() * Math.log(words.length + 1))) - 1;
    return words[Math.min(rank, words.length - 1)] as string;
  };
  const text = (n: number) => Array.from({ length: n }, word).join(" ");
  return Array.from(
    { length: count },
    (_, i): BenchDocument => ({
      id: `doc-${first + i}`,
      content: { title: text(4), description: text(28), category: word() },
      metadata: { n: first + i, price: Math.floor(random() * 1000) },
    }),
  );
}

/** `count` two-word queries over the same vocabulary. */
export function queries(count: number): string[] {
  const random = sequence(7);
  const words = vocabulary(sequence());
  const pick = () => words[Math.floor(random() * words.length)] as string;
  return Array.from({ length: count }, () => `${pick()} ${pick()}`);
}
