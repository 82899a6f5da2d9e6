import {
  bulkAnswerSchema,
  type DlqMessage,
  dlqMessageSchema,
  dlqPageSchema,
  type MessageEvent,
  messageEventPageSchema,
} from "../schemas/messages.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { del, get, post, Resource } from "./resource.ts";

/** The documented filters of the DLQ and the logs: each matches any of its values; filters combine with AND. */
export interface MessageFilter {
  labels?: readonly string[];
  urls?: readonly string[];
  queues?: readonly string[];
  /** These messages only (the logs' `messageId`). */
  messageIds?: readonly string[];
}

function filterQuery(filter: MessageFilter, cursor: string | undefined): Record<string, readonly string[]> {
  return {
    ...(filter.labels?.length ? { label: filter.labels } : {}),
    ...(filter.urls?.length ? { url: filter.urls } : {}),
    ...(filter.queues?.length ? { queueName: filter.queues } : {}),
    ...(filter.messageIds?.length ? { messageId: filter.messageIds } : {}),
    ...(cursor ? { cursor: [cursor] } : {}),
  };
}

/** The dead letter queue: messages whose every delivery failed. */
export class DlqResource extends Resource {
  /** One page of the DLQ's messages that match `filter`, from `cursor` on. */
  async list(
    filter: MessageFilter,
    cursor?: string,
    call?: CallOptions,
  ): Promise<{ messages: DlqMessage[]; cursor?: string | undefined }> {
    return this.read(get("/v2/dlq", "list the DLQ", filterQuery(filter, cursor)), dlqPageSchema, call);
  }

  /** One DLQ entry, with its headers and body (a read-only token is enough). */
  async get(dlqId: string, call?: CallOptions): Promise<DlqMessage> {
    const request = get(`/v2/dlq/${encodeURIComponent(dlqId)}`, `get DLQ message ${dlqId}`);
    return this.read(request, dlqMessageSchema, call);
  }

  /** Publishes these DLQ messages again (and removes them from the DLQ). At most 100 ids a call. */
  async retry(dlqIds: readonly string[], call?: CallOptions): Promise<void> {
    const request = post("/v2/dlq/retry", `retry ${dlqIds.length} DLQ messages`, { query: { dlqIds } });
    await this.read(request, bulkAnswerSchema, call);
  }

  /** Removes these messages from the DLQ. At most 100 ids a call. */
  async delete(dlqIds: readonly string[], call?: CallOptions): Promise<void> {
    await this.read(
      del("/v2/dlq", `delete ${dlqIds.length} DLQ messages`, { dlqIds }),
      bulkAnswerSchema,
      call,
    );
  }
}

/** The logs of message events: what happened to each message, newest first. */
export class MessageLogsResource extends Resource {
  async list(
    filter: MessageFilter,
    cursor?: string,
    call?: CallOptions,
  ): Promise<{ logs: MessageEvent[]; cursor?: string | undefined }> {
    return this.read(
      get("/v2/logs", "list message logs", filterQuery(filter, cursor)),
      messageEventPageSchema,
      call,
    );
  }

  /** The error of a message's latest failed delivery (its newest ERROR event), when the logs hold one. */
  async lastError(messageId: string, call?: CallOptions): Promise<string | undefined> {
    const query = { messageId: [messageId], state: ["ERROR"], count: ["1"] };
    const page = await this.read(
      get("/v2/logs", `read the last delivery error of message ${messageId}`, query),
      messageEventPageSchema,
      call,
    );
    return page.logs.find((event) => event.messageId === messageId)?.error;
  }
}
