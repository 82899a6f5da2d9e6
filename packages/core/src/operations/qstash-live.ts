import type { MessagingClient } from "../clients/messaging-client.ts";
import type { Queue } from "../schemas/queue.ts";
import type { Schedule } from "../schemas/schedule.ts";
import type { UrlGroup } from "../schemas/url-group.ts";
import type { CallOptions } from "../transport/call-options.ts";

/**
 * What the declaration operations need of an account: its schedules, URL groups and queues. A
 * MessagingClient is one; a client per region (or any other account) can be passed the same way.
 */
export type QStashAccount = Pick<MessagingClient, "schedules" | "urlGroups" | "queues">;

/** The account as read: one list of each, read at once (one request each: none is paged). */
export interface LiveAccount {
  schedules: Schedule[];
  urlGroups: UrlGroup[];
  queues: Queue[];
}

export async function readLiveAccount(account: QStashAccount, call?: CallOptions): Promise<LiveAccount> {
  const [schedules, urlGroups, queues] = await Promise.all([
    account.schedules.list(call),
    account.urlGroups.list(call),
    account.queues.list(call),
  ]);
  return { schedules, urlGroups, queues };
}

/** The label that records a schedule's timeout, which the API does not read back. */
const TIMEOUT_LABEL = /^stashkit-timeout-(\d+)s$/;

export function timeoutLabel(seconds: number): string {
  return `stashkit-timeout-${seconds}s`;
}

/** A listed schedule in the terms of a declaration: headers by lower-case name, its body as text. */
export interface LiveSchedule {
  headers: Record<string, string>;
  body: string;
  labels: string[];
  timeoutSeconds: number | undefined;
}

export function liveSchedule(schedule: Schedule): LiveSchedule {
  const headers: Record<string, string> = {};
  for (const [name, values] of Object.entries(schedule.header ?? {})) {
    const lower = name.toLowerCase();
    // The API's own settings, if it lists any, are not headers the destination receives.
    if (!lower.startsWith("upstash-")) headers[lower] = values.join(", ");
  }
  const body = schedule.body ?? (schedule.bodyBase64 === undefined ? "" : fromBase64(schedule.bodyBase64));
  const all = schedule.labels ?? (schedule.label === undefined ? [] : [schedule.label]);
  const timeout = all.map((label) => TIMEOUT_LABEL.exec(label)?.[1]).find((n) => n !== undefined);
  return {
    headers,
    body,
    labels: all.filter((label) => !TIMEOUT_LABEL.test(label)),
    timeoutSeconds: timeout === undefined ? undefined : Number(timeout),
  };
}

function fromBase64(text: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(text), (char) => char.charCodeAt(0)));
}
