import { listQueueMessages } from "@stashkit/core";
import { messagingClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { nonEmpty } from "../options/common.ts";
import type { Positional } from "../options/flags.ts";
import type { CommandResult } from "../output/result.ts";
import { isoTime, readMessageFilter } from "./message-filter.ts";
import type { QueuesMessagesFlags } from "./queues-messages.flags.ts";

/** `stashkit queues messages NAME`: what waits in a queue, from the messaging API's logs. */
export async function run(
  flags: QueuesMessagesFlags & Positional,
  context: CommandContext,
): Promise<CommandResult> {
  const queue = nonEmpty(flags.names?.[0], "<name>");
  const { labels = [], urls = [] } = readMessageFilter(flags);
  const client = messagingClient(flags, context);
  const result = await context.terminal.progress(
    `reading the messages of ${queue}`,
    listQueueMessages(client, { queue, filter: { labels, urls }, all: flags.all === true }),
  );
  const { messages } = result;
  const what = `${messages.length === 1 ? "message" : "messages"}${flags.all === true ? "" : " waiting"}`;
  return {
    lines: [
      ...messages.map(
        (m) =>
          `${m.messageId}  ${m.state}  ${isoTime(m.at)}  ${m.url ?? ""}${m.label ? `  label ${m.label}` : ""}`,
      ),
      `${queue}: ${messages.length} ${what} (${result.queue.paused ? "paused" : "active"}).`,
    ],
    json: () => ({ queue, paused: result.queue.paused, truncated: result.truncated, messages }),
    fields: [
      { env: "STASHKIT_MESSAGE_COUNT", output: "count", value: String(messages.length) },
      {
        env: "STASHKIT_MESSAGE_IDS",
        output: "message-ids",
        value: messages.map((m) => m.messageId).join(","),
      },
    ],
    warnings: result.truncated
      ? ["the logs go further back than stashkit reads (10,000 events): older messages are not shown"]
      : [],
  };
}
