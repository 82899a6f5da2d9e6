import type { Redactor } from "./redactor.ts";

/**
 * The one place text that came from outside (an API's error text, a body excerpt, a request id,
 * a network error, another API's error) is made fit for a message: secrets masked first, then
 * made one line (whitespace and control characters become one space), then cut to `maxLength`
 * with an ellipsis (U+2026). Masking first means a secret the cut would split is masked whole; and masking stops
 * once it has enough text, so a huge input costs no more than a short one.
 */
export function redactAndClip(text: string, redactor: Pick<Redactor, "redact">, maxLength: number): string {
  // Room for whitespace runs that collapse to one space.
  const masked = redactor.redact(text, maxLength * 4);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const oneLine = masked.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, " ").trim();
  return oneLine.length > maxLength ? `${oneLine.slice(0, maxLength - 1)}\u2026` : oneLine;
}
