import { type Message, messageSchema } from "../schemas/messages.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { get, Resource } from "./resource.ts";

/** Messages still on their way: waiting, delayed, or between retries. Delivered ones are gone. */
export class MessagesResource extends Resource {
  /** The message with its headers and body; 404 once it was delivered or went to the DLQ. */
  async get(messageId: string, call?: CallOptions): Promise<Message> {
    const request = get(`/v2/messages/${encodeURIComponent(messageId)}`, `get message ${messageId}`);
    return this.read(request, messageSchema, call);
  }
}
