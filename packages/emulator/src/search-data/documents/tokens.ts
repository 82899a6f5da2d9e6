/** A word is a run of letters, digits, marks and private-use characters; anything else separates. */
const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;
const NON_SPACING_MARKS = /\p{Mn}/gu;

/**
 * The words of a text as they are indexed and searched: lower case, accents removed ("Café"
 * finds "cafe"). The full-text index is told to split words the same way and to change nothing
 * else (`documents/schema.ts`), so the words here are exactly the words it holds. The whole text
 * is folded at once, then cut: a word is then one slice, not four strings (a 100-document upsert
 * makes thousands of words, and their garbage is what the emulator's memory grows with).
 */
export function wordsOf(text: string): string[] {
  return foldedText(text).match(WORD) ?? [];
}

/** The text as `wordsOf` folds it. */
function foldedText(text: string): string {
  return text.toLowerCase().normalize("NFKD").replace(NON_SPACING_MARKS, "").normalize("NFC");
}

/**
 * The text a document is found by: every value in its content, with the key it sits under
 * (a query for "brand sony" then favours a document whose brand is Sony). Keys that are on
 * every document weigh little in BM25, since common terms score low.
 */
export function searchableText(content: unknown): string {
  const parts: string[] = [];
  collect(content, parts);
  return parts.join("\n");
}

function collect(value: unknown, parts: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, parts);
  } else if (typeof value === "object" && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      parts.push(key);
      collect(inner, parts);
    }
  } else if (value !== null && value !== undefined) {
    parts.push(String(value));
  }
}
