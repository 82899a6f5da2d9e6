import { type Message, messageSchema } from "../schemas/messages.ts";
import { publishedSchema, type SigningKeys, signingKeysSchema } from "../schemas/workflow-runs.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { destinationParts } from "./destination-parts.ts";
import { get, post, Resource } from "./resource.ts";

export interface PublishInput {
  /** Where QStash delivers it: an http(s) URL (its query kept byte for byte), or a URL group's name. */
  destination: string;
  body: unknown;
  /** `Upstash-*` settings (retries, label…). */
  headers?: Record<string, string>;
}

/** Messages: one still to be delivered (waiting, delayed, or between retries), and publishing one. */
export class MessagesResource extends Resource {
  /**
   * The message as recorded (its headers, body, retries, callbacks, delay, queue and flow-control
   * key); the API forgets it once delivered or moved to the DLQ (404).
   */
  async get(messageId: string, call?: CallOptions): Promise<Message> {
    const path = `/v2/messages/${encodeURIComponent(messageId)}`;
    return this.read(get(path, `get message ${messageId}`), messageSchema, call);
  }

  /** Publishes one message; not repeated once it may have been sent (a repeat would deliver twice). */
  async publish(input: PublishInput, call?: CallOptions): Promise<{ messageId: string }> {
    const { destinationPath, rawQuery } = destinationParts(input.destination);
    const request = post(`/v2/publish/${destinationPath}`, "publish a message", {
      body: input.body,
      idempotent: false,
    });
    const sent = {
      ...request,
      headers: input.headers ?? {},
      ...(rawQuery === undefined ? {} : { rawQuery }),
    };
    return this.read(sent, publishedSchema, call);
  }
}

/** The account's signing keys, which deliveries are signed with. */
export class SigningKeysResource extends Resource {
  async get(call?: CallOptions): Promise<SigningKeys> {
    return this.read(get("/v2/keys", "read the signing keys"), signingKeysSchema, call);
  }
}
