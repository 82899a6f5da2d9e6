const MAX_LENGTH = 300;

/**
 * Finds the API's own words in an error body. The messaging API answers `{"error": "…"}`;
 * the management API has been seen to answer plain text, a JSON string, `{"error"}` or
 * `{"message"}`. HTML error pages (proxies, load balancers) are reduced to their title.
 */
export function extractApiMessage(body: string, contentType: string | undefined): string | undefined {
  const text = body.trim();
  if (text === "") return undefined;
  const parsed = tryParseJson(text);
  if (parsed.ok) return clip(messageFromJson(parsed.value));
  if (/html/i.test(contentType ?? "") || text.startsWith("<")) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1];
    return clip(title ? `HTML error page: ${title}` : "HTML error page");
  }
  return clip(text);
}

function messageFromJson(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  for (const key of ["error", "message", "msg", "detail"]) {
    const field = record[key];
    if (typeof field === "string") return field;
    if (field !== null && typeof field === "object") {
      const nested = messageFromJson(field);
      if (nested) return nested;
    }
  }
  return undefined;
}

function clip(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const oneLine = message.replace(/\s+/g, " ").trim();
  if (oneLine === "") return undefined;
  return oneLine.length > MAX_LENGTH ? `${oneLine.slice(0, MAX_LENGTH - 1)}…` : oneLine;
}

export function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
