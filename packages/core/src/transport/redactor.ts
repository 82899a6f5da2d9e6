const MASK = "***";

/**
 * Knows every secret a client handles (tokens, the API key, the Basic value, the index
 * tokens it receives) and masks them in any text before it leaves the client: error
 * messages, log lines, body excerpts.
 */
export class Redactor {
  readonly #secrets = new Set<string>();
  #ordered: string[] = [];

  /** Registers secrets; empty values are ignored. URL-encoded forms are masked too. */
  add(...values: (string | undefined)[]): void {
    let changed = false;
    for (const value of values) {
      if (!value) continue;
      for (const form of [value, encodeURIComponent(value)]) {
        if (!this.#secrets.has(form)) {
          this.#secrets.add(form);
          changed = true;
        }
      }
    }
    // Longest first, so a secret that contains another is masked whole.
    if (changed) this.#ordered = [...this.#secrets].sort((a, b) => b.length - a.length);
  }

  redact(text: string): string {
    let result = text;
    for (const secret of this.#ordered) {
      if (result.includes(secret)) result = result.split(secret).join(MASK);
    }
    return result;
  }
}

const SECRET_FIELD = /token|secret|password|api[-_]?key|authorization/i;

/** Masks the values of token-like fields in a parsed JSON value, at any depth. */
export function maskSecretFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecretFields);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        SECRET_FIELD.test(key) && inner !== null && inner !== "" ? MASK : maskSecretFields(inner),
      ]),
    );
  }
  return value;
}

const SECRET_PAIR =
  /("?[\w-]*(?:token|secret|password|api[-_]?key|authorization)"?\s*[:=]\s*"?)([^",\s}&]+)/gi;

/** Masks `token: value`-like pairs in text that is not JSON (a truncated body, a form). */
export function maskSecretText(text: string): string {
  return text.replace(SECRET_PAIR, (_match, key: string) => `${key}${MASK}`);
}
