import type { RecordedMessage, RecordedRun, ReplayRecord } from "../schemas/replay-record.ts";
import { isSecretHeader, withholdSecretHeaders } from "../schemas/secret-headers.ts";

// What of a record is a secret: its recorded headers, and the header maps inside a callback's body
// (a callback or failure callback that failed is in the DLQ too, and its body repeats the source
// message's headers, `sourceHeader`, and the destination's answer's, `header`).

interface WithHeaders {
  headers: Record<string, string>;
  body?: string | undefined;
  withheldHeaders?: string[] | undefined;
}

/** The maps of a callback's body whose secrets are left out, and how they are named in `withheldHeaders`. */
const CALLBACK_MAPS = { sourceHeader: "sourceHeader", header: "header" } as const;

/**
 * A callback's body (`{sourceMessageId, sourceHeader, header, …}`) without the secret headers of
 * its maps, or the body as it was when it is something else.
 */
function withholdInCallbackBody(
  body: string | undefined,
  keep: ReadonlySet<string>,
): { body: string | undefined; withheld: string[] } {
  if (body === undefined || !body.includes('"sourceMessageId"')) return { body, withheld: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { body, withheld: [] };
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return { body, withheld: [] };
  const callback = { ...(parsed as Record<string, unknown>) };
  const withheld: string[] = [];
  for (const [field, label] of Object.entries(CALLBACK_MAPS)) {
    const map = callback[field];
    if (map === null || typeof map !== "object" || Array.isArray(map)) continue;
    const kept: Record<string, unknown> = {};
    for (const [name, values] of Object.entries(map as Record<string, unknown>)) {
      const value = Array.isArray(values) ? values.join(", ") : String(values);
      if (!keep.has(name.toLowerCase()) && isSecretHeader(name, value)) withheld.push(`${label}.${name}`);
      else kept[name] = values;
    }
    callback[field] = kept;
  }
  return withheld.length === 0 ? { body, withheld } : { body: JSON.stringify(callback), withheld };
}

function withhold<T extends WithHeaders>(part: T, keep: ReadonlySet<string>): T {
  const { headers, withheld } = withholdSecretHeaders(part.headers, keep);
  const inBody = withholdInCallbackBody(part.body, keep);
  const all = [...new Set([...(part.withheldHeaders ?? []), ...withheld, ...inBody.withheld])].sort();
  return {
    ...part,
    headers,
    ...(inBody.body === undefined ? {} : { body: inBody.body }),
    ...(all.length === 0 ? {} : { withheldHeaders: all }),
  };
}

/**
 * The record without its secret headers (those `keep` does not name), the names it left out
 * added to `withheldHeaders`: what `dlq export` writes and replay sends.
 */
export function withholdRecordSecrets<T extends ReplayRecord>(record: T, keep: ReadonlySet<string>): T {
  if (record.kind === "message") return withhold(record as RecordedMessage, keep) as T;
  const run = record as RecordedRun;
  return (run.next === undefined ? run : { ...run, next: withhold(run.next, keep) }) as T;
}
