import { createHash } from "node:crypto";
import { messagingErrors } from "../errors.ts";
import type { RedactFields } from "../records/message-record.ts";

/**
 * `Upstash-Redact-Fields`, comma-separated: `body`, `headers` (every header; the SDK sends
 * `header`) and `header[Name]` (the SDK's spelling; `headers[Name]` as the guide writes it is
 * taken too). Anything else is refused before the message is accepted.
 */
export function readRedactFields(value: string | undefined): RedactFields | undefined {
  if (value === undefined) return undefined;
  const fields: { body?: boolean; headers?: true | string[] } = {};
  for (const part of value.split(",").map((item) => item.trim())) {
    if (part === "") continue;
    const named = /^headers?\[([^\]]+)\]$/i.exec(part)?.[1]?.trim();
    if (part.toLowerCase() === "body") fields.body = true;
    else if (/^headers?$/i.test(part)) fields.headers = true;
    else if (named !== undefined && named !== "") {
      if (fields.headers !== true) fields.headers = [...(fields.headers ?? []), named.toLowerCase()];
    } else {
      const shown = part.length > 40 ? `${part.slice(0, 40)}…` : part;
      throw messagingErrors.invalidHeader(
        "Upstash-Redact-Fields",
        `takes body, headers and header[Name], comma-separated; got "${shown}"`,
      );
    }
  }
  return fields.body === undefined && fields.headers === undefined ? undefined : fields;
}

/** What the API shows for a redacted value: its SHA-256, so equal values can still be compared. */
export function redactedValue(value: string | Buffer): string {
  return `REDACTED:${createHash("sha256").update(value).digest("hex")}`;
}

/** The headers as the API shows them: the ones redaction names replaced by their hash. */
export function shownHeaders(
  headers: Record<string, string>,
  redact: RedactFields | undefined,
): Record<string, string> {
  const named = redact?.headers;
  if (named === undefined) return headers;
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    shown[name] = named === true || named.includes(name.toLowerCase()) ? redactedValue(value) : value;
  }
  return shown;
}

/** The body (base64) as the API shows it: when redacted, the hash of its bytes in its place. */
export function shownBody(base64: string, redact: RedactFields | undefined): string {
  if (redact?.body !== true) return base64;
  return Buffer.from(redactedValue(Buffer.from(base64, "base64"))).toString("base64");
}
