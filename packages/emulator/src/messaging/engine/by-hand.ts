import type { Clock } from "../../clock/clock.ts";
import { messagingErrors } from "../errors.ts";
import type { DlqStore } from "../records/dlq-store.ts";
import type { ScheduleStore } from "../records/schedule-store.ts";
import { retriedMessage } from "./dlq-retry.ts";
import type { Publish, PublishAnswer } from "./publisher.ts";
import { scheduledMessage } from "./scheduled-message.ts";

/**
 * What the inspector does by hand that the messaging API has no request for: run a schedule now
 * (the message its next tick would publish), and publish a DLQ entry again with an edited
 * payload. Called inside a request's unit of work; the pipeline commits it.
 */
export function byHand(parts: { schedules: ScheduleStore; dlq: DlqStore; publish: Publish; clock: Clock }) {
  return {
    /** Publishes the schedule's message now, with `body` instead of its own when given. */
    runSchedule(scheduleId: string, body?: Buffer): PublishAnswer {
      const schedule = parts.schedules.get(scheduleId);
      if (!schedule) throw messagingErrors.notFound("schedule", scheduleId);
      const edited = body === undefined ? schedule : { ...schedule, body: body.toString("base64") };
      return parts.publish(scheduledMessage(edited, parts.clock.now()));
    },
    /** Publishes the DLQ entry again with `body`, as a retry would, and removes it from the DLQ. */
    retryDlqWith(dlqId: string, body: Buffer): PublishAnswer {
      const entry = parts.dlq.get(dlqId);
      if (!entry) throw messagingErrors.notFound("DLQ message", dlqId);
      const answer = parts.publish(
        retriedMessage(entry, { forwarded: {}, contentBasedDeduplication: false }, body),
      );
      parts.dlq.remove(dlqId);
      return answer;
    },
  };
}

export type ByHand = ReturnType<typeof byHand>;
