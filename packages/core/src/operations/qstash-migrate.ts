import type { MessagingClient } from "../clients/messaging-client.ts";
import { exportDeclaration } from "../qstash-files/export-declaration.ts";
import { parseDeclaration } from "../qstash-files/read-declaration.ts";
import { resolveEnvironment } from "../qstash-files/resolve-environment.ts";
import { checkRegions, type RegionalClient } from "../regions/region-check.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { listDlqMessages } from "./dead-letters.ts";
import { pauseTargets } from "./pause-targets.ts";
import { type ApplyQStashResult, applyQStash } from "./qstash-apply.ts";
import { liveSchedule, readLiveAccount } from "./qstash-live.ts";
import type { PauseOutcome } from "./targets.ts";
import {
  type WaitQueuesEmptyOptions,
  type WaitQueuesEmptyResult,
  waitQueuesEmpty,
} from "./wait-queues-empty.ts";

/** The environment name a migration's copy is resolved under (never written anywhere). */
const MIGRATION = "migration";
/** Pages of the message log counted before saying "at least". */
const MAX_LOG_PAGES = 100;

export interface MigrateQStashOptions extends CallOptions {
  /** Read both regions and say what would be copied; write nothing. */
  dryRun?: boolean | undefined;
  /** Once the copy exists, pause the source region's schedules (never deletes them). */
  pauseSource?: boolean | undefined;
  /**
   * After the copy (and the pause), wait until the source's queues are empty, bounded by the
   * deadline: what is waiting there is delivered from there, to the endpoints it was sent to.
   */
  drain?: Pick<WaitQueuesEmptyOptions, "pollMs" | "onProgress"> | undefined;
}

/** What a migration cannot move: it stays in the source region. */
export interface LeftBehind {
  /** Messages waiting in the source's queues (their lag). */
  messagesWaiting: number;
  dlqEntries: number;
  logEntries: number;
  /** True when a count stopped at its listing limit: the real number is higher. */
  atLeast: boolean;
  /** Schedules the copy could not express, with why. */
  skipped: { schedule: string; why: string }[];
}

export interface MigrateQStashResult {
  /** What the destination region got: the plan (creates and updates only), and what was done. */
  copy: ApplyQStashResult;
  left: LeftBehind;
  /** With `pauseSource`: the source's schedules paused (or already paused) once the copy existed. */
  pausedInSource: PauseOutcome[];
  /** With `drain` (not in a dry run): how the wait for the source's queues ended. */
  drained: WaitQueuesEmptyResult | undefined;
}

/**
 * Copies one region's schedules, URL groups (with their endpoints) and queues (parallelism,
 * paused) to the other region: the source is read as `stashkit qstash export` reads it and
 * applied to the destination as `qstash apply` applies a file with `prefix: ""`, so nothing in
 * the destination that the source lacks is deleted, a second run changes nothing and a run that
 * failed half-way can be run again. Both regions are read first (a token of the other region
 * stops it before any write). Messages waiting, DLQ entries and the message log cannot move:
 * they are counted. Nothing in the source is deleted; `pauseSource` pauses its schedules once
 * the destination has them; `drain` then waits until the source's queues are empty.
 */
export async function migrateQStash(
  from: RegionalClient,
  to: RegionalClient,
  options: MigrateQStashOptions = {},
): Promise<MigrateQStashResult> {
  const call = { deadline: options.deadline, signal: options.signal };
  await checkRegions([from, to], call);
  const live = await readLiveAccount(from.client, call);
  const schedules = live.schedules.map((schedule) => ({ schedule, ...liveSchedule(schedule) }));
  const exported = exportDeclaration({
    environment: MIGRATION,
    format: "json",
    schedules,
    urlGroups: live.urlGroups,
    queues: live.queues,
  });
  // The export names a header's value by a variable, never the value: the values are the source's own.
  const env: Record<string, string> = {};
  for (const { name, schedule, header } of exported.variables) {
    const source = schedules.find((each) => each.schedule.scheduleId === schedule);
    const value = source?.headers[header.toLowerCase()];
    if (value !== undefined) env[name] = value;
  }
  const resolved = resolveEnvironment(parseDeclaration(exported.text, `region ${from.setting.region}`), {
    environment: MIGRATION,
    values: {},
    env,
  });
  // A file leaves a queue's pause alone (a deploy window's); a migration copies it as it is.
  const pausedNow = new Map(live.queues.map((queue) => [queue.name, queue.paused]));
  const queues = resolved.queues.map((queue) => ({ ...queue, paused: pausedNow.get(queue.name) ?? false }));
  const desired = { ...resolved, queues };
  const copy = await applyQStash(to.client, desired, { ...call, dryRun: options.dryRun });
  const left = await leftBehind(from.client, live.queues, call);
  const copied = desired.schedules.map((schedule) => schedule.scheduleId);
  const pausedInSource =
    options.pauseSource && !options.dryRun && copied.length > 0
      ? await pauseTargets(from.client, { ...call, schedules: { ids: copied } })
      : [];
  const drained =
    options.drain && !options.dryRun
      ? await waitQueuesEmpty(from.client, { ...call, ...options.drain })
      : undefined;
  return { copy, left: { ...left, skipped: exported.skipped }, pausedInSource, drained };
}

async function leftBehind(
  client: MessagingClient,
  queues: readonly { lag?: number | undefined }[],
  call: CallOptions,
): Promise<Omit<LeftBehind, "skipped">> {
  const messagesWaiting = queues.reduce((sum, queue) => sum + (queue.lag ?? 0), 0);
  const dlq = await listDlqMessages(client, { ...call, filter: {} });
  let logEntries = 0;
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.logs.list({}, cursor, call);
    logEntries += page.logs.length;
    cursor = page.cursor || undefined;
    pages += 1;
  } while (cursor !== undefined && pages < MAX_LOG_PAGES);
  return {
    messagesWaiting,
    dlqEntries: dlq.messages.length,
    logEntries,
    atLeast: dlq.truncated || cursor !== undefined,
  };
}
