import { builtin } from "../lib/builtin.ts";

// node:crypto is loaded on the first hash, not with the module: most names need none (bench S4).
const sha256Hex = (value: string): string =>
  builtin("node:crypto").createHash("sha256").update(value).digest("hex");

/** The placeholders a name template may use, in the order messages list them. */
export const TEMPLATE_PLACEHOLDERS = ["pr", "branch", "sha", "run_id", "repo"] as const;

export type Placeholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

/** A value for each placeholder, as the CI system gives it (a branch name, a full commit sha). */
export type TemplateValues = Partial<Record<Placeholder, string>>;

interface PlaceholderRule {
  /** Turns a value into its part of a name; "" when nothing usable is left. */
  fill(value: string): string;
  /** What a value must be, said when `fill` leaves nothing: "a whole number". */
  expects: string;
  /** A regular expression source that matches what `fill` can produce... */
  match: string;
  /** ...and what the expression cannot say (a number's size, a part's length). */
  accepts(part: string): boolean;
}

/** A sanitised word part is cut to this length, the hash suffix included. */
const WORDS_MAX = 40;
const HASH_LENGTH = 6;
/** Lower-case words joined by single "-", 1 to WORDS_MAX characters, in the expression itself so the matcher can backtrack over it. */
const WORDS = `[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,${WORDS_MAX - 1}}`;
/** 0, or digits without a leading zero: one spelling per number. */
const CANONICAL_NUMBER = /^(?:0|[1-9][0-9]{0,15})$/;

/**
 * The one table both directions read: filling a template (ensure, delete by name) and reading
 * values back out of a name (prune).
 *
 * - `{pr}`, `{run_id}`: a whole number as written canonically (no sign, no leading zero, at most
 *   2^53 - 1), so `app-pr-007` is not read as pull request 7;
 * - `{sha}`: the first 7 hex digits, lower case;
 * - `{branch}`, `{repo}`: lower case `a-z0-9` words joined by "-" (`wordsOf`). When that changed
 *   the value (anything but lower-case words) or cut it, a 6-hex-digit hash of the original
 *   value is appended, so `Feature/x` and `feature-x` give different names, and so do two long
 *   branches that share their first 33 characters.
 */
export const PLACEHOLDER_RULES: Record<Placeholder, PlaceholderRule> = {
  pr: numberRule(),
  run_id: numberRule(),
  sha: {
    fill: (value) => {
      const short = value.slice(0, 7).toLowerCase();
      return /^[0-9a-f]{7}$/.test(short) ? short : "";
    },
    expects: "a commit sha (at least 7 hex digits)",
    match: "[0-9a-f]{7}",
    accepts: () => true,
  },
  branch: wordsRule(),
  repo: wordsRule(),
};

function numberRule(): PlaceholderRule {
  return {
    fill: (value) => (CANONICAL_NUMBER.test(value) && Number(value) <= Number.MAX_SAFE_INTEGER ? value : ""),
    expects: "a whole number without leading zeros, at most 2^53 - 1",
    match: "0|[1-9][0-9]{0,15}",
    accepts: (part) => Number(part) <= Number.MAX_SAFE_INTEGER,
  };
}

function wordsRule(): PlaceholderRule {
  return {
    fill: (value) => {
      const words = wordsOf(value);
      if (words === "") return "";
      if (words === value && words.length <= WORDS_MAX) return words;
      const base = words.slice(0, WORDS_MAX - HASH_LENGTH - 1).replace(/-+$/, "");
      return `${base}-${sha256Hex(value).slice(0, HASH_LENGTH)}`;
    },
    expects: "letters or digits (a-z, 0-9, or letters with accents)",
    match: WORDS,
    accepts: () => true,
  };
}

/**
 * Letters written without their accents where a reader would (a-umlaut -> ae, sharp s -> ss),
 * before the rest are stripped. Escaped, so the source and the bundles stay ASCII.
 */
const SPELLED_OUT: Record<string, string> = {
  "\u00e4": "ae",
  "\u00f6": "oe",
  "\u00fc": "ue",
  "\u00df": "ss",
  "\u00e6": "ae",
  "\u0153": "oe",
  "\u00f8": "o",
  "\u00e5": "aa",
  "\u00fe": "th",
  "\u00f0": "d",
  "\u0142": "l",
  "\u0111": "d",
  "\u0131": "i",
};

/**
 * Lower case, German and Nordic letters spelled out (a-umlaut -> ae, sharp s -> ss, o-slash ->
 * o), other accents dropped (e-acute -> e, via Unicode NFKD), and every run of anything else
 * turned into one "-", trimmed of "-". Letters of other scripts leave nothing.
 */
export function wordsOf(value: string): string {
  return value
    .toLowerCase()
    .replace(
      /[\u00e4\u00f6\u00fc\u00df\u00e6\u0153\u00f8\u00e5\u00fe\u00f0\u0142\u0111\u0131]/g,
      (letter) => SPELLED_OUT[letter] ?? letter,
    )
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
