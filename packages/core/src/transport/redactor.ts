import { isSecretName, SECRET_NAME_WORDS } from "../schemas/secret-names.ts";

const MASK = "***";
/** Secrets at least this long are found through their first ANCHOR characters. */
const ANCHOR = 16;

/**
 * Knows every secret a client handles (tokens, the API key, the email, the Basic value, the
 * index tokens it receives) and masks them in any text before it leaves the client: error
 * messages, log lines, body excerpts.
 *
 * Neither adding a secret nor masking a text grows with the number of secrets (20,000 indexes
 * mean 40,000 tokens): a secret of ANCHOR characters or more is filed under its first ANCHOR
 * characters, a shorter one under its length; masking looks up each position of the text once.
 */
export class Redactor {
  readonly #known = new Set<string>();
  /** Long secrets by their first ANCHOR characters; each list longest first once sorted. */
  readonly #anchored = new Map<string, { secrets: string[]; sorted: boolean }>();
  /** Short secrets by length, lengths longest first. */
  readonly #short = new Map<number, Set<string>>();
  #shortLengths: number[] = [];
  /** A cheap first test: whether any secret starts with these two code units (hashed to 16 bits). */
  readonly #starts = new Uint8Array(0x10000);
  /** A one-character secret defeats the two-character test. */
  #singleCharacter = false;

  /**
   * Registers secrets; empty values are ignored. The percent-encoded form (as in a URL or a form
   * body) is masked too; other encodings (the Basic value) are registered by whoever makes them.
   */
  add(...values: (string | undefined)[]): void {
    for (const value of values) {
      if (!value) continue;
      this.#file(value);
      const encoded = encodeURIComponent(value);
      if (encoded !== value) this.#file(encoded);
    }
  }

  /**
   * Masks every registered secret in `text`; secrets that overlap become one mask.
   * With `maxLength`, returns only the first `maxLength` characters of the masked text, and
   * stops working once it has them: a secret the cut would split is still recognised whole
   * (it is matched against the whole text), so clipping after this never shows part of one,
   * and the work depends on `maxLength`, not on the size of `text`.
   */
  redact(text: string, maxLength = Number.POSITIVE_INFINITY): string {
    if (this.#known.size === 0) return text.length > maxLength ? text.slice(0, maxLength) : text;
    let out = "";
    let plainFrom = 0;
    let i = 0;
    while (i < text.length) {
      if (out.length + (i - plainFrom) >= maxLength) break;
      const length = this.#longestAt(text, i);
      if (length === 0) {
        i++;
        continue;
      }
      // Extend the mask over every secret that starts inside it.
      let end = i + length;
      for (let j = i + 1; j < end; j++) end = Math.max(end, j + this.#longestAt(text, j));
      out += `${text.slice(plainFrom, i)}${MASK}`;
      i = end;
      plainFrom = end;
    }
    out += text.slice(plainFrom, i);
    return out.length > maxLength ? out.slice(0, maxLength) : out;
  }

  #file(secret: string): void {
    if (this.#known.has(secret)) return;
    this.#known.add(secret);
    if (secret.length === 1) this.#singleCharacter = true;
    else this.#starts[pairKey(secret, 0)] = 1;
    if (secret.length >= ANCHOR) {
      const key = secret.slice(0, ANCHOR);
      const bucket = this.#anchored.get(key);
      if (bucket) {
        bucket.secrets.push(secret);
        bucket.sorted = false;
      } else {
        this.#anchored.set(key, { secrets: [secret], sorted: true });
      }
      return;
    }
    const set = this.#short.get(secret.length);
    if (set) {
      set.add(secret);
    } else {
      this.#short.set(secret.length, new Set([secret]));
      this.#shortLengths = [...this.#short.keys()].sort((a, b) => b - a);
    }
  }

  /** The length of the longest secret that starts at `i`, 0 if none. */
  #longestAt(text: string, i: number): number {
    if (!this.#singleCharacter && (i + 1 >= text.length || this.#starts[pairKey(text, i)] === 0)) return 0;
    if (this.#anchored.size > 0 && i + ANCHOR <= text.length) {
      const bucket = this.#anchored.get(text.slice(i, i + ANCHOR));
      if (bucket) {
        if (!bucket.sorted) {
          bucket.secrets.sort((a, b) => b.length - a.length);
          bucket.sorted = true;
        }
        for (const secret of bucket.secrets) if (text.startsWith(secret, i)) return secret.length;
      }
    }
    for (const length of this.#shortLengths) {
      if (i + length <= text.length && this.#short.get(length)?.has(text.slice(i, i + length))) return length;
    }
    return 0;
  }
}

function pairKey(text: string, i: number): number {
  return ((text.charCodeAt(i) << 7) ^ text.charCodeAt(i + 1)) & 0xffff;
}

/** Masks the values of token-like fields in a parsed JSON value, at any depth. */
export function maskSecretFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecretFields);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        isSecretName(key) && inner !== null && inner !== "" ? MASK : maskSecretFields(inner),
      ]),
    );
  }
  return value;
}

// Bounded repetitions: the key and the value are short in any real answer, and an unbounded
// `[\w-]*` before a keyword made this quadratic over a long run of word characters.
const SECRET_PAIR = new RegExp(
  `("?[\\w-]{0,40}(?:${SECRET_NAME_WORDS})"?\\s{0,8}[:=]\\s{0,8}"?)([^",\\s}&]{1,512})`,
  "gi",
);

/** Masks `token: value`-like pairs in text that is not JSON (a truncated body, a form). Callers cut the text first. */
export function maskSecretText(text: string): string {
  return text.replace(SECRET_PAIR, (_match, key: string) => `${key}${MASK}`);
}
