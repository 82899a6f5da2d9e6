import { redactAndClip } from "./clip.ts";
import type { Redactor } from "./redactor.ts";

const MAX_LENGTH = 300;
/** HTML is searched for its title in this much of the page only. */
const HTML_HEAD = 65_536;

/**
 * Finds the API's own words in an error body, masked and clipped to 300 characters. The
 * messaging API answers `{"error": "..."}`; the management API has been seen to answer plain
 * text, a JSON string, `{"error"}` or `{"message"}`. HTML error pages (proxies, load balancers)
 * are reduced to their title.
 */
export function extractApiMessage(
  body: string,
  contentType: string | undefined,
  redactor: Redactor,
): string | undefined {
  const text = body.trim();
  if (text === "") return undefined;
  const parsed = tryParseJson(text);
  const clip = (message: string | undefined) => {
    const clipped = message === undefined ? "" : redactAndClip(message, redactor, MAX_LENGTH);
    return clipped === "" ? undefined : clipped;
  };
  if (parsed.ok) return clip(messageFromJson(parsed.value, 0));
  if (/html/i.test(contentType ?? "") || text.startsWith("<")) {
    const title = /<title[^>]{0,200}>([^<]{0,1000})<\/title>/i.exec(text.slice(0, HTML_HEAD))?.[1];
    return clip(title ? `HTML error page: ${title}` : "HTML error page");
  }
  return clip(text);
}

function messageFromJson(value: unknown, depth: number): string | undefined {
  if (typeof value === "string") return value;
  if (depth > 4 || value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  for (const key of ["error", "message", "msg", "detail"]) {
    const field = record[key];
    if (typeof field === "string") return field;
    if (field !== null && typeof field === "object") {
      const nested = messageFromJson(field, depth + 1);
      if (nested) return nested;
    }
  }
  return undefined;
}

export function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
