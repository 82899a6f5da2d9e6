import type { AttemptFailure, PendingDelivery } from "@stashkit/stall-reasons";
import { holdReason } from "@stashkit/stall-reasons";
import type { MessagingClient } from "../../clients/messaging-client.ts";
import { NotFoundError } from "../../errors/index.ts";
import type { Message, MessageEvent } from "../../schemas/messages.ts";
import type { StepLog } from "../../schemas/workflow-runs.ts";
import type { CallOptions } from "../../transport/call-options.ts";

/**
 * A message still to be delivered, as the stall reasons see it, read from the public API: the
 * message (`GET /v2/messages/{id}`: its delay, queue and flow-control key), its events (`GET
 * /v2/logs`: `ACTIVE` while a delivery is under way, `RETRY` with the next attempt's time), its
 * queue and key (paused, at their parallelism), and its failed attempts (a run's next group lists
 * them; a plain message's `ERROR` events say them). Undefined when the message is gone (delivered).
 */
export async function pendingDelivery(
  client: MessagingClient,
  messageId: string,
  step: StepLog | undefined,
  call: CallOptions,
): Promise<{ delivery: PendingDelivery; message: Message; events: MessageEvent[] } | undefined> {
  let message: Message;
  try {
    message = await client.messages.get(messageId, call);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
  const { logs: events } = await client.logs.list({ messageIds: [messageId] }, undefined, call);
  const retried = step?.retries ?? events.filter((event) => event.state === "RETRY").length;
  const retry = events.find((event) => event.state === "RETRY");
  const delayedUntil = message.notBefore ?? 0;
  const dueAt = Math.max(delayedUntil, retried > 0 ? (retry?.nextDeliveryTime ?? 0) : 0);
  const heldBy = await holdOf(client, message, call);
  const lastFailure = step === undefined ? failureOfEvents(events) : failureOfStep(step);
  return {
    message,
    events,
    delivery: {
      dueAt,
      retried,
      inFlight: events[0]?.state === "ACTIVE",
      ...(heldBy === undefined ? {} : { heldBy }),
      ...(lastFailure === undefined ? {} : { lastFailure }),
    },
  };
}

/** What holds a message though due: its paused queue, its paused key, its key at its parallelism. */
async function holdOf(
  client: MessagingClient,
  message: Message,
  call: CallOptions,
): Promise<string | undefined> {
  if (message.queueName !== undefined) {
    const queue = await client.queues.get(message.queueName, call);
    if (queue.paused === true) return holdReason({ kind: "queue-paused", queue: message.queueName });
  }
  const key = message.flowControlKey;
  if (key === undefined) return undefined;
  const flow = await client.flowControl.get(key, call);
  if (flow.isPaused) return holdReason({ kind: "flow-control-paused", key });
  const { parallelismMax, parallelismCount } = flow;
  if (parallelismMax !== undefined && parallelismCount !== undefined && parallelismCount >= parallelismMax) {
    return holdReason({ kind: "flow-control-full", key });
  }
  return undefined;
}

/** The last error of a run's next step: status 0 when nothing answered (then `error` says why). */
function failureOfStep(step: StepLog): AttemptFailure | undefined {
  const last = step.errors?.at(-1);
  if (last === undefined) return undefined;
  return last.status === 0 ? { error: last.error || "no answer" } : { status: last.status, body: last.body };
}

/** A plain message's last `ERROR` event: "answered 502: …" or "no answer (ECONNREFUSED)". */
function failureOfEvents(events: MessageEvent[]): AttemptFailure | undefined {
  const last = events.find((event) => event.state === "ERROR");
  if (last === undefined) return undefined;
  const text = last.error ?? "";
  if (last.responseStatus === undefined) {
    return { error: /^no answer \((.*)\)$/s.exec(text)?.[1] ?? (text || "no answer") };
  }
  return { status: last.responseStatus, body: text.replace(/^answered \d+(: )?/, "") };
}

/** The step a workflow step message carries (its body is the step's JSON); undefined for any other body. */
export function stepOfMessage(message: Message): { name: string; type: string } | undefined {
  const text = message.body ?? Buffer.from(message.bodyBase64 ?? "", "base64").toString("utf8");
  try {
    const step: unknown = JSON.parse(text);
    if (step === null || typeof step !== "object") return undefined;
    const { stepName, stepType } = step as Record<string, unknown>;
    return typeof stepName === "string" && typeof stepType === "string"
      ? { name: stepName, type: stepType }
      : undefined;
  } catch {
    return undefined;
  }
}
