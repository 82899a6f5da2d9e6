import type { Reply } from "../http/reply.ts";
import type { Fault } from "./fault.ts";

export type FaultOutcome = { reply: Reply } | { socket: "reset" | "hang" };

const HTML_ERROR_PAGE =
  "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head>" +
  "<body><h1>502 Bad Gateway</h1><p>The upstream server did not answer.</p></body></html>";

/** Turns a fault into what goes on the wire; `real` is the handler's answer for after-phase faults. */
export function applyFault(fault: Fault, real: Reply | undefined): FaultOutcome {
  switch (fault.kind) {
    case "status": {
      const reply: Reply = { status: fault.status, headers: fault.headers ?? {} };
      if (typeof fault.body === "string") reply.text = fault.body;
      else reply.json = fault.body ?? { error: `injected fault: HTTP ${fault.status}` };
      return { reply };
    }
    case "html":
      return { reply: { status: fault.status ?? 502, text: HTML_ERROR_PAGE, contentType: "text/html" } };
    case "malformed-json":
      return {
        reply: {
          status: fault.status ?? real?.status ?? 200,
          text: '{"id": "truncated', // deliberately cut off mid-document
          contentType: "application/json",
        },
      };
    case "missing-fields":
      return { reply: rewriteJson(real, (o) => withoutFields(o, fault.fields)) };
    case "extra-fields":
      return { reply: rewriteJson(real, (o) => ({ ...o, ...fault.fields })) };
    case "reset":
      return { socket: "reset" };
    case "hang":
      return { socket: "hang" };
  }
}

function rewriteJson(real: Reply | undefined, change: (o: Record<string, unknown>) => unknown): Reply {
  const reply: Reply = real ?? { status: 200 };
  const rewrite = (value: unknown): unknown =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? change(value as Record<string, unknown>)
      : value;
  const json = Array.isArray(reply.json) ? reply.json.map(rewrite) : rewrite(reply.json);
  return { ...reply, json };
}

function withoutFields(object: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const copy = { ...object };
  for (const field of fields) delete copy[field];
  return copy;
}
