import type { Clock } from "../../clock/clock.ts";
import type { EventState, EventStore, StoredEvent } from "../records/event-store.ts";
import type { StoredMessage } from "../records/message-record.ts";
import type { Attempt, Fate } from "./delivery/attempt.ts";
import { headerMap } from "./header-maps.ts";
import { shownHeaders } from "./redaction.ts";
import { failureHint } from "./workflow/stall.ts";

const KEPT_ERROR_TEXT = 1024;

export interface EventDetails {
  nextDeliveryTime?: number;
  error?: string;
  responseStatus?: number;
}

/** Records what happens to messages (created, delivered, retried, failed, cancelled) for `GET /v2/events`. */
export class EventLog {
  readonly #store: EventStore;
  readonly #clock: Clock;

  constructor(store: EventStore, clock: Clock) {
    this.#store = store;
    this.#clock = clock;
  }

  record(message: StoredMessage, state: EventState, details: EventDetails = {}): void {
    const event: StoredEvent = {
      time: this.#clock.now(),
      state,
      messageId: message.id,
      url: message.destination,
      method: message.method,
      maxRetries: message.maxRetries,
      ...(message.queueName === undefined ? {} : { queueName: message.queueName }),
      ...(message.scheduleId === undefined ? {} : { scheduleId: message.scheduleId }),
      ...(message.topicName === undefined ? {} : { topicName: message.topicName }),
      ...(message.endpointName === undefined ? {} : { endpointName: message.endpointName }),
      ...(message.labels === undefined ? {} : { labels: message.labels }),
      // Redacted as it is written down: the log never holds a value redaction names.
      ...(Object.keys(message.headers).length === 0
        ? {}
        : { header: headerMap(shownHeaders(message.headers, message.redact)) }),
      ...(message.flowControlKey === undefined ? {} : { flowControlKey: message.flowControlKey }),
      ...(message.callerIp === undefined ? {} : { callerIp: message.callerIp }),
      ...(details.nextDeliveryTime === undefined ? {} : { nextDeliveryTime: details.nextDeliveryTime }),
      ...(details.error === undefined ? {} : { error: details.error.slice(0, KEPT_ERROR_TEXT) }),
      ...(details.responseStatus === undefined ? {} : { responseStatus: details.responseStatus }),
    };
    this.#store.append(event);
  }

  /** An attempt: `ERROR` when it failed, then what follows (`DELIVERED`, `RETRY`, `FAILED`). */
  attempted(message: StoredMessage, attempt: Attempt, fate: Fate): void {
    const { outcome } = attempt;
    if (!outcome.ok) {
      // The answer as sent, and (for a Workflow SDK's refusal) what to do about it.
      const error =
        outcome.status === undefined
          ? `no answer (${outcome.error ?? "unreachable"})`
          : `answered ${outcome.status}${answerText(outcome.body)}`;
      this.record(message, "ERROR", {
        error,
        ...(outcome.status === undefined ? {} : { responseStatus: outcome.status }),
      });
    }
    if (fate.kind === "delivered") this.record(message, "DELIVERED", statusOf(outcome.status));
    else if (fate.kind === "retry")
      this.record(message, "RETRY", { nextDeliveryTime: message.nextAttemptAt });
    else this.record(message, "FAILED", statusOf(outcome.status));
  }
}

function statusOf(status: number | undefined): EventDetails {
  return status === undefined ? {} : { responseStatus: status };
}

/** The answer's text, then the hint `failureHint` has for it, if any. */
function answerText(body: Buffer | undefined): string {
  if (body === undefined) return "";
  const text = body.toString("utf8");
  const hint = failureHint(text);
  return hint.startsWith(": the app")
    ? `: ${text}${hint.replace(/^:/, " —")}`
    : text === ""
      ? ""
      : `: ${text}`;
}
