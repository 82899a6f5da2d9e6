import { type StallReason, whyStalled } from "@stashkit/stall-reasons";
import type { MessagingClient } from "../../clients/messaging-client.ts";
import { NotFoundError } from "../../errors/index.ts";
import type { CallOptions } from "../../transport/call-options.ts";
import { pendingDelivery } from "./pending-delivery.ts";
import { type ServiceClock, serviceClock } from "./stall-setting.ts";

export interface DiagnoseMessageInput extends CallOptions, Partial<ServiceClock> {
  messageId: string;
}

export type MessageDiagnosis =
  | {
      messageId: string;
      pending: true;
      url: string | undefined;
      /** Why it does not go; absent while a delivery is under way or due now. */
      reason: StallReason | undefined;
    }
  | {
      messageId: string;
      pending: false;
      /** Its last event: `DELIVERED`, `FAILED` (in the DLQ), `CANCELLED`… */
      state: string;
      at: number;
      url: string | undefined;
      responseStatus: number | undefined;
    };

/**
 * Why a message is not moving, from the public API: while it is still to be delivered, the
 * stall reasons (its delay, its failing endpoint and next retry, its paused queue or key); once
 * it is gone, what its last event says happened to it.
 */
export async function diagnoseMessage(
  client: MessagingClient,
  input: DiagnoseMessageInput,
): Promise<MessageDiagnosis> {
  const call = { deadline: input.deadline, signal: input.signal };
  const { messageId } = input;
  const found = await pendingDelivery(client, messageId, undefined, call);
  if (found !== undefined) {
    const clock = await serviceClock(client, input, call);
    const reason = whyStalled({
      running: true,
      pending: [found.delivery],
      waits: [],
      now: clock.now,
      setting: clock.setting,
    });
    return { messageId, pending: true, url: found.message.url, reason };
  }
  const { logs } = await client.logs.list({ messageIds: [messageId] }, undefined, call);
  const last = logs[0];
  if (last === undefined) {
    throw new NotFoundError(
      `no message ${messageId} at ${client.baseUrl}: not pending and not in the logs (another region, or its logs expired?)`,
    );
  }
  return {
    messageId,
    pending: false,
    state: last.state,
    at: last.time,
    url: last.url,
    responseStatus: last.responseStatus,
  };
}
