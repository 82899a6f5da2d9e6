import type { MessagingClient } from "../clients/messaging-client.ts";
import { NotFoundError } from "../errors/index.ts";
import type { MessageFilter } from "../resources/dead-letters.ts";
import type { DlqMessage, Message } from "../schemas/messages.ts";
import type { RecordedRun, ReplayRecord } from "../schemas/replay-record.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { MAX_DLQ_MESSAGES } from "./dead-letters.ts";
import { recordMessage, recordRun } from "./recorded.ts";

// Reading what replay sends, from the account: GET requests only, so a read-only token is enough.

/** What to read: DLQ entries, messages on their way and Workflow runs, by id. */
export interface RecordedSources {
  dlqIds?: readonly string[];
  messageIds?: readonly string[];
  runIds?: readonly string[];
}

/**
 * The run's log, and the message to deliver again: its DLQ entry when it failed (given, or read
 * by the log's `dlqId`), or the message being retried while it runs.
 */
export async function readRecordedRun(
  client: MessagingClient,
  workflowRunId: string,
  call: CallOptions & { failed?: DlqMessage } = {},
): Promise<RecordedRun> {
  const options = { deadline: call.deadline, signal: call.signal };
  const log = await client.workflowRuns.log(workflowRunId, options);
  if (log === undefined) {
    throw new NotFoundError(`get the log of workflow run ${workflowRunId}: the account has no such run`, {
      operation: `get the log of workflow run ${workflowRunId}`,
      status: 404,
    });
  }
  let next: Message | undefined = call.failed;
  if (next === undefined && log.dlqId) next = await absentOn404(client.dlq.get(log.dlqId, options));
  if (next === undefined && log.workflowState === "RUN_STARTED") {
    const pending = log.steps.filter((group) => group.type === "next").flatMap((group) => group.steps);
    const id = pending.find((step) => step.messageId)?.messageId;
    if (id !== undefined) next = await absentOn404(client.messages.get(id, options));
  }
  return recordRun(log, next);
}

/** A message delivered or a DLQ entry removed since the log was read: as if there were none. */
async function absentOn404<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/**
 * The records of these sources, in the order given (DLQ entries, messages, runs). A DLQ entry of
 * a Workflow run is its run; a run named twice is read once.
 */
export async function readRecorded(
  client: MessagingClient,
  sources: RecordedSources,
  call: CallOptions = {},
): Promise<ReplayRecord[]> {
  const options = { deadline: call.deadline, signal: call.signal };
  const records: ReplayRecord[] = [];
  const runs = new Set<string>();
  const addRun = async (runId: string, failed?: DlqMessage) => {
    if (runs.has(runId)) return;
    runs.add(runId);
    records.push(await readRecordedRun(client, runId, { ...options, ...(failed ? { failed } : {}) }));
  };
  for (const dlqId of sources.dlqIds ?? []) {
    const entry = await client.dlq.get(dlqId, options);
    if (entry.workflowRunId) await addRun(entry.workflowRunId, entry);
    else records.push(recordMessage(entry, "dlq"));
  }
  for (const messageId of sources.messageIds ?? []) {
    records.push(recordMessage(await client.messages.get(messageId, options), "message"));
  }
  for (const runId of sources.runIds ?? []) await addRun(runId);
  return records;
}

/**
 * The DLQ's entries that match the filter as records, page by page (at most MAX_DLQ_MESSAGES):
 * what `dlq export` writes. An entry of a Workflow run is its run, read once.
 */
export async function* recordedDlq(
  client: MessagingClient,
  input: CallOptions & { filter: MessageFilter },
): AsyncGenerator<ReplayRecord, { entries: number; truncated: boolean }> {
  const call = { deadline: input.deadline, signal: input.signal };
  const runs = new Set<string>();
  let entries = 0;
  let cursor: string | undefined;
  do {
    const page = await client.dlq.list(input.filter, cursor, call);
    for (const entry of page.messages.slice(0, MAX_DLQ_MESSAGES - entries)) {
      entries++;
      const runId = entry.workflowRunId;
      if (runId === undefined) yield recordMessage(entry, "dlq");
      else if (!runs.has(runId)) {
        runs.add(runId);
        yield await readRecordedRun(client, runId, { ...call, failed: entry });
      }
    }
    cursor = page.cursor || undefined;
  } while (cursor !== undefined && entries < MAX_DLQ_MESSAGES);
  return { entries, truncated: cursor !== undefined };
}
