import { randomUUID } from "node:crypto";
import { controlErrors } from "../control/errors.ts";
import type { Reply } from "../http/reply.ts";
import { triggerHeaders } from "../messaging/engine/workflow/trigger-headers.ts";
import { type ActionTarget, forwarded, namedRegion } from "./actions.ts";

// The payload editor's sends. Like every button of the page, each is one request to the real
// messaging API, sent by the emulator to itself with its own credentials (those of the region the
// page names, `?region=`, the default region's without one): it passes the checks a client's
// request passes and shows in the request log.

/** Where a send goes: the emulator, and the QStash region the page named (undefined: the default). */
export interface SendTarget {
  target: ActionTarget;
  region: string | undefined;
}

/** The JSON object the page posted; anything else is a 400 saying what was expected. */
function jsonBody(rawBody: Buffer, expected: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(rawBody.toString("utf8"));
    if (value !== null && typeof value === "object" && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // the error below says what was expected
  }
  throw controlErrors.invalidRequest(`expected ${expected}`);
}

function text(body: Record<string, unknown>, field: string, expected: string): string {
  const value = body[field] ?? "";
  if (typeof value !== "string") throw controlErrors.invalidRequest(`expected ${expected}`);
  return value;
}

function destination(body: Record<string, unknown>, expected: string): string {
  const url = text(body, "url", expected).trim();
  if (!/^https?:\/\/[^/]/.test(url) || !URL.canParse(url))
    throw controlErrors.invalidRequest(`the URL must be an http(s) URL; expected ${expected}`);
  return url;
}

async function send(
  to: SendTarget,
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> },
): Promise<Reply> {
  const region = namedRegion(to.target.regions(), to.region);
  const response = await fetch(`${to.target.url()}${region.path}${path}`, {
    method: init.method ?? "POST",
    headers: { authorization: `Bearer ${region.token}`, ...init.headers },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  return forwarded(response);
}

const MESSAGE = '{"url": "https://…", "body": "…", "contentType"?: "application/json"}';

/** Publish a message: `POST /v2/publish/{url}`. */
export function publishMessage(to: SendTarget, rawBody: Buffer): Promise<Reply> {
  const body = jsonBody(rawBody, MESSAGE);
  const contentType = text(body, "contentType", MESSAGE) || "application/json";
  return send(to, `/v2/publish/${destination(body, MESSAGE)}`, {
    body: text(body, "body", MESSAGE),
    headers: { "content-type": contentType },
  });
}

/** Enqueue into a queue: `POST /v2/enqueue/{queue}/{url}`. */
export function enqueueMessage(to: SendTarget, queue: string, rawBody: Buffer): Promise<Reply> {
  const body = jsonBody(rawBody, MESSAGE);
  const contentType = text(body, "contentType", MESSAGE) || "application/json";
  return send(to, `/v2/enqueue/${encodeURIComponent(queue)}/${destination(body, MESSAGE)}`, {
    body: text(body, "body", MESSAGE),
    headers: { "content-type": contentType },
  });
}

const RUN = '{"url": "https://…/api/workflow", "body": "…"}';

/** Trigger a workflow run, as the Workflow SDK's `Client.trigger` does: a publish that starts the run. */
export async function triggerRun(to: SendTarget, rawBody: Buffer): Promise<Reply> {
  const body = jsonBody(rawBody, RUN);
  const url = destination(body, RUN);
  const workflowRunId = `wfr_${randomUUID()}`;
  const reply = await send(to, `/v2/publish/${url}`, {
    body: text(body, "body", RUN),
    headers: { "content-type": "application/json", ...triggerHeaders(url, workflowRunId) },
  });
  return reply.status < 300 ? { ...reply, json: { ...(reply.json as object), workflowRunId } } : reply;
}

/** Notify an event: `POST /v2/notify/{eventId}`, the body the event's data. */
export function notifyEvent(to: SendTarget, eventId: string, rawBody: Buffer): Promise<Reply> {
  const expected = '{"body": "the event\'s data"}';
  return send(to, `/v2/notify/${encodeURIComponent(eventId)}`, {
    body: text(jsonBody(rawBody, expected), "body", expected),
  });
}

/**
 * Retry or delete the selected DLQ entries: `POST /v2/dlq/retry` or `DELETE /v2/dlq` naming them
 * by id. An empty selection is refused here: the API takes no ids to mean every entry.
 */
export function actOnDlqEntries(to: SendTarget, action: "retry" | "delete", rawBody: Buffer): Promise<Reply> {
  const expected = '{"dlqIds": ["…"]} with at least one id';
  const ids = jsonBody(rawBody, expected)["dlqIds"];
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === "string" && id !== ""))
    throw controlErrors.invalidRequest(`select DLQ messages first: expected ${expected}`);
  const query = new URLSearchParams(ids.map((id): [string, string] => ["dlqIds", String(id)]));
  return action === "retry"
    ? send(to, `/v2/dlq/retry?${query}`, {})
    : send(to, `/v2/dlq?${query}`, { method: "DELETE" });
}

/** The edited payload of a by-hand action (run a schedule now, retry a DLQ entry with it). */
export function payloadOf(rawBody: Buffer): Buffer {
  const expected = '{"body": "…"}';
  return Buffer.from(text(jsonBody(rawBody, expected), "body", expected), "utf8");
}
