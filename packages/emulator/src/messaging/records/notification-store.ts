import { randomUUID } from "node:crypto";
import type { AreaContext } from "../../state/area.ts";
import type { StorageEngine } from "../../storage/engine.ts";
import type { Table } from "../../storage/table.ts";
import { type StoredNotification, storedNotification } from "./workflow-records.ts";

/**
 * Events notified for one run before it waited for them (lookback). Only runs that exist get
 * them (the caller checks); the bounds drop the oldest first and say so once in the log.
 */
export interface NotificationStore {
  add(notification: StoredNotification): void;
  /** Removes and answers the oldest kept for the run and event, if any. */
  take(runId: string, eventId: string): StoredNotification | undefined;
  removeRun(runId: string): void;
  all(): StoredNotification[];
  clear(): void;
}

export function notificationStore(engine: StorageEngine, context: AreaContext): NotificationStore {
  const notifications = new NotificationTable(
    engine.table("workflow_notifications", storedNotification),
    context,
  );
  // Their size in bytes follows the table: a unit of work undone makes it read again.
  engine.units.onUndo(() => notifications.forgetSize());
  return notifications;
}

class NotificationTable implements NotificationStore {
  readonly #table: Table<StoredNotification>;
  readonly #context: AreaContext;
  #bytes: number | undefined;

  constructor(table: Table<StoredNotification>, context: AreaContext) {
    this.#table = table;
    this.#context = context;
  }

  add(notification: StoredNotification): void {
    const bytes = this.#bytesKept() + notification.data.length;
    this.#table.put(randomUUID(), notification, notification.runId);
    this.#bytes = bytes;
    const { notificationsPerRun, notifications, notificationBytes } = this.#context.limits;
    this.#dropOldest(this.#table.count(notification.runId) - notificationsPerRun, notification.runId);
    this.#dropOldest(this.#table.count() - notifications, undefined);
    while ((this.#bytes ?? 0) > notificationBytes && this.#table.count() > 1) this.#dropOldest(1, undefined);
  }

  take(runId: string, eventId: string): StoredNotification | undefined {
    for (const { key, value } of this.#table.scan({ group: runId })) {
      if (value.eventId !== eventId) continue;
      this.#delete(key, value);
      return value;
    }
    return undefined;
  }

  removeRun(runId: string): void {
    for (const { key, value } of this.#table.scan({ group: runId })) this.#delete(key, value);
  }

  all(): StoredNotification[] {
    return Array.from(this.#table.scan(), (entry) => entry.value);
  }

  clear(): void {
    this.#table.clear();
    this.#bytes = 0;
  }

  forgetSize(): void {
    this.#bytes = undefined;
  }

  #dropOldest(count: number, runId: string | undefined): void {
    if (count <= 0) return;
    this.#context.noticeOnce(
      "workflow-notifications",
      `workflow: events notified before a run waits for them are kept up to ${this.#context.limits.notificationsPerRun} per run, ${this.#context.limits.notifications} and ${this.#context.limits.notificationBytes} bytes in all; older ones are dropped from now on`,
    );
    let left = count;
    const scan = runId === undefined ? this.#table.scan() : this.#table.scan({ group: runId });
    for (const { key, value } of scan) {
      if (left-- === 0) break;
      this.#delete(key, value);
    }
  }

  #delete(key: string, value: StoredNotification): void {
    this.#table.delete(key);
    this.#bytes = this.#bytesKept() - value.data.length;
  }

  #bytesKept(): number {
    if (this.#bytes === undefined) {
      this.#bytes = 0;
      for (const { value } of this.#table.scan()) this.#bytes += value.data.length;
    }
    return this.#bytes;
  }
}
