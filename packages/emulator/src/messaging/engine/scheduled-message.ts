import type { StoredSchedule } from "../records/schedule-store.ts";
import type { UrlGroupStore } from "../records/url-group-store.ts";
import type { NewMessage } from "./message-book.ts";
import type { Publish } from "./publisher.ts";

/** The message a schedule publishes for its tick at `at`. */
export function scheduledMessage(schedule: StoredSchedule, at: number): NewMessage {
  return {
    destination: schedule.destination,
    body: Buffer.from(schedule.body, "base64"),
    settings: {
      forwarded: schedule.headers,
      contentBasedDeduplication: false,
      method: schedule.method,
      retries: schedule.retries,
      ...(schedule.delay === undefined ? {} : { notBefore: at + schedule.delay * 1000 }),
      ...(schedule.timeoutMs === undefined ? {} : { timeoutMs: schedule.timeoutMs }),
      ...(schedule.retryDelayExpression === undefined
        ? {}
        : { retryDelayExpression: schedule.retryDelayExpression }),
      ...(schedule.labels === undefined ? {} : { labels: schedule.labels }),
      ...(schedule.flowControlKey === undefined
        ? {}
        : { flowControlKey: schedule.flowControlKey, flowControl: schedule.flowControl ?? {} }),
      ...(schedule.callback === undefined ? {} : { callback: schedule.callback }),
      ...(schedule.failureCallback === undefined ? {} : { failureCallback: schedule.failureCallback }),
      ...(schedule.redact === undefined ? {} : { redact: schedule.redact }),
    },
    scheduleId: schedule.scheduleId,
    ...(schedule.queueName === undefined ? {} : { queueName: schedule.queueName }),
    ...(schedule.callerIp === undefined ? {} : { callerIp: schedule.callerIp }),
  };
}

/**
 * Publishes a schedule's tick: one message, or, for a schedule to a URL group, one per endpoint
 * the group has at that tick (none when it has been deleted since).
 */
export function fireSchedule(
  publish: Publish,
  groups: UrlGroupStore,
  schedule: StoredSchedule,
  at: number,
): void {
  const message = scheduledMessage(schedule, at);
  if (/^https?:\/\//.test(schedule.destination)) {
    publish(message);
    return;
  }
  for (const endpoint of groups.get(schedule.destination)?.endpoints ?? []) {
    publish({
      ...message,
      settings: { ...message.settings, forwarded: { ...message.settings.forwarded } },
      destination: endpoint.url,
      topicName: schedule.destination,
      ...(endpoint.name === undefined ? {} : { endpointName: endpoint.name }),
    });
  }
}
