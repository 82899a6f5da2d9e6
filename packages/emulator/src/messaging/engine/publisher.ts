import type { Clock } from "../../clock/clock.ts";
import type { StoredMessage } from "../records/message-record.ts";
import type { FlowControl } from "./flow-control.ts";
import type { MessageBook, NewMessage } from "./message-book.ts";

/** The documented `PublishResponse`, with the `url` the official SDK's types expect. */
export interface PublishAnswer {
  messageId: string;
  url: string;
  deduplicated?: true;
}

export interface PublisherParts {
  clock: Clock;
  book: MessageBook;
  flow: FlowControl;
  /** Delivery, told of each new message. */
  delivery: { accepted(message: StoredMessage): void };
  /** Checks a message first; an answer means it is not accepted again (a repeated workflow trigger). */
  workflows: { admit(input: NewMessage): PublishAnswer | undefined };
  /** The message log, which records each new message as `CREATED`. */
  events: { record(message: StoredMessage, state: "CREATED"): void };
}

/**
 * Accepts a message from any source (publish, enqueue, batch, schedule, DLQ retry); whoever
 * called commits (the request pipeline, or the scheduler after its ticks).
 */
export function publisher(parts: PublisherParts) {
  return (input: NewMessage): PublishAnswer => {
    const answer = parts.workflows.admit(input);
    if (answer !== undefined) return answer;
    const accepted = parts.book.accept(input);
    if (accepted.deduplicated) {
      return { messageId: accepted.messageId, url: input.destination, deduplicated: true };
    }
    const { message } = accepted;
    parts.events.record(message, "CREATED");
    if (message.flowControlKey !== undefined) {
      parts.flow.observe(message.flowControlKey, message.flowControl ?? {}, parts.clock.now());
    }
    parts.delivery.accepted(message);
    return { messageId: message.id, url: input.destination };
  };
}

export type Publish = ReturnType<typeof publisher>;
