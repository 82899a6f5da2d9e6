import {
  actOnDlq,
  type DlqMessage,
  listDlqMessages,
  type QStashRegion,
  type RegionalClient,
  requireSelection,
} from "@stashkit/core";
import {
  describeNetworkFailure,
  hostOf,
  lastDeliveryErrors,
  MAX_DLQ_MESSAGES,
  MAX_ERROR_LOOKUPS,
} from "@stashkit/core/internal";
import { regionalClients } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import type { CommandResult } from "../output/result.ts";
import type { DlqActFlags, DlqListFlags } from "./dlq.flags.ts";
import { FILTER_FLAG_NAMES, isoTime, readMessageFilter } from "./message-filter.ts";

/** `stashkit dlq list`: the DLQ's messages the filters select. */
export async function list(flags: DlqListFlags, context: CommandContext): Promise<CommandResult> {
  const filter = readMessageFilter(flags);
  const regions = regionalClients(flags, context);
  const errors = new Map<string, string>();
  const result = await context.terminal.progress(
    "listing the DLQ",
    inEachRegion(regions, async (client) => {
      const listed = await listDlqMessages(client, { filter });
      // A message without a status never got an answer: the region's logs say why (refused, DNS, a timeout).
      const found = await lastDeliveryErrors(client, listed.messages, { deadline: context.deadline });
      for (const [messageId, error] of found) errors.set(messageId, error);
      return listed;
    }),
  );
  return dlqReport(result, "in the DLQ", errors);
}

/** `stashkit dlq retry`: publishes them again, exactly those listed; --dry-run lists them. */
export async function retry(flags: DlqActFlags, context: CommandContext): Promise<CommandResult> {
  return act(flags, context, "retry");
}

/** `stashkit dlq delete`: removes them, exactly those listed; --dry-run lists them. */
export async function remove(flags: DlqActFlags, context: CommandContext): Promise<CommandResult> {
  return act(flags, context, "delete");
}

async function act(
  flags: DlqActFlags,
  context: CommandContext,
  action: "retry" | "delete",
): Promise<CommandResult> {
  const filter = readMessageFilter(flags);
  requireSelection(filter, flags.all === true, FILTER_FLAG_NAMES);
  const dryRun = flags.dryRun === true;
  const regions = regionalClients(flags, context);
  const result = await context.terminal.progress(
    `${action === "retry" ? "retrying" : "deleting"} DLQ messages`,
    inEachRegion(regions, (client) => actOnDlq(client, { filter, action, dryRun })),
  );
  const done = action === "retry" ? "retried" : "deleted";
  const report = dlqReport(result, dryRun ? `would be ${done}` : done);
  return { ...report, warnings: [...leftAlone(result.unmatched), ...report.warnings] };
}

type RegionalMessage = DlqMessage & { region?: QStashRegion };

/**
 * The same DLQ work in each region (one QStash without the SDK's multi-region variables), one
 * region after the other; each message names its region, and a region that stopped at the
 * listing limit makes the whole result truncated.
 */
async function inEachRegion<
  R extends { messages: DlqMessage[]; truncated: boolean; unmatched?: DlqMessage[] },
>(
  regions: readonly RegionalClient[],
  work: (client: RegionalClient["client"]) => Promise<R>,
): Promise<{ messages: RegionalMessage[]; truncated: boolean; unmatched: DlqMessage[] }> {
  const combined = { messages: [] as RegionalMessage[], truncated: false, unmatched: [] as DlqMessage[] };
  for (const { setting, client } of regions) {
    const result = await work(client);
    const where = setting.region === undefined ? {} : { region: setting.region };
    combined.messages.push(...result.messages.map((m) => ({ ...m, ...where })));
    combined.unmatched.push(...(result.unmatched ?? []));
    combined.truncated ||= result.truncated;
  }
  return combined;
}

/** Listed although the filters do not select them (the API read a filter otherwise): never acted on. */
function leftAlone(unmatched: readonly DlqMessage[]): string[] {
  if (unmatched.length === 0) return [];
  const ids = unmatched.slice(0, 5).map((m) => m.dlqId);
  const more = unmatched.length > 5 ? `, and ${unmatched.length - 5} more` : "";
  return [
    `the DLQ listing held ${unmatched.length} ${unmatched.length === 1 ? "message" : "messages"} the filters do not select, left alone: ${ids.join(", ")}${more}`,
  ];
}

function dlqReport(
  result: { messages: RegionalMessage[]; truncated: boolean },
  verb: string,
  errors: ReadonlyMap<string, string> = new Map(),
): CommandResult {
  const { messages } = result;
  const column = (m: RegionalMessage) => (m.region === undefined ? "" : `${m.region.padEnd(12)}  `);
  const shown = messages.map((m) => ({
    ...(m.region === undefined ? {} : { region: m.region }),
    dlqId: m.dlqId,
    messageId: m.messageId,
    url: m.url,
    queueName: m.queueName ?? null,
    label: m.label ?? null,
    responseStatus: m.responseStatus ?? null,
    ...(errors.has(m.messageId) ? { deliveryError: errors.get(m.messageId) } : {}),
    createdAt: m.createdAt ?? null,
  }));
  const unlooked = messages.filter((m) => m.responseStatus === undefined).length > MAX_ERROR_LOOKUPS;
  return {
    lines: [
      ...messages.map(
        (m) =>
          `${column(m)}${m.dlqId}  ${m.url}  ${m.queueName ? `queue ${m.queueName}  ` : ""}${m.label ? `label ${m.label}  ` : ""}${answer(m, errors.get(m.messageId))}  ${isoTime(m.createdAt)}`,
      ),
      `${messages.length} ${messages.length === 1 ? "message" : "messages"} ${verb}.`,
    ],
    json: () => ({ messages: shown, truncated: result.truncated }),
    fields: [
      { env: "STASHKIT_DLQ_COUNT", output: "count", value: String(messages.length) },
      { env: "STASHKIT_DLQ_IDS", output: "dlq-ids", value: messages.map((m) => m.dlqId).join(",") },
    ],
    warnings: [
      ...(result.truncated
        ? [
            `stopped at ${MAX_DLQ_MESSAGES} messages: run again for the rest (narrow it with --queue, --label or --url)`,
          ]
        : []),
      ...(unlooked && errors.size > 0
        ? [`why a delivery got no answer is shown for the first ${MAX_ERROR_LOOKUPS} such messages only`]
        : []),
    ],
  };
}

/**
 * The destination's answer, or why there was none: a status is the destination's; no status means
 * it never answered, and the logs' error says why, with where and what the code means.
 */
function answer(message: DlqMessage, error: string | undefined): string {
  if (message.responseStatus !== undefined) return `status ${message.responseStatus}`;
  if (error === undefined) return "no answer from the destination";
  const code = /\b(E[A-Z]{3,}|UND_ERR_[A-Z_]+)\b/.exec(error)?.[1];
  if (code === undefined) return `no answer from the destination: ${error}`;
  return `no answer: ${describeNetworkFailure(hostOf(message.url), code, error)}`;
}
